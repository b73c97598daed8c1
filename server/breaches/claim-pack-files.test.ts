import { describe, expect, it } from 'vitest'
import {
	csvLine,
	durationText,
	excursions,
	localTime,
	periodsCsv,
	readingStatus,
	summaryText,
	type Reading,
} from './claim-pack-files'

const HOUR = 3600_000
const t0 = Date.parse('2026-10-23T12:00:00Z')
const series = (values: number[], step = HOUR, type = 'temperature'): Reading[] =>
	values.map((value, i) => ({ sensorType: type, measureAt: new Date(t0 + i * step), value }))

describe('breach periods (each excursion: type, start, end, duration, above or below)', () => {
	it('an excursion runs from its first reading outside to the reading that closes it', () => {
		// SO-1001's hourly readings: 5 readings above 8 °C from 14:00, back within at 19:00 → 5 h.
		const [p, ...rest] = excursions(series([5, 6, 8.9, 10.4, 11.2, 10.1, 8.6, 7.5, 6]), {
			min: 2,
			max: 8,
		})
		expect(rest).toEqual([])
		expect(p).toMatchObject({ direction: 'above', readings: 5, peak: 11.2, seconds: 5 * 3600 })
		expect(p!.start.toISOString()).toBe('2026-10-23T14:00:00.000Z')
		expect(p!.end?.toISOString()).toBe('2026-10-23T19:00:00.000Z')
		expect(p!.lastOutside.toISOString()).toBe('2026-10-23T18:00:00.000Z')
	})

	it("a threshold's edge is within; above then below are two excursions; one still outside has no end", () => {
		const periods = excursions(series([8, 9, 1, 1, 5, 9]), { min: 2, max: 8 })
		expect(
			periods.map((p) => [p.direction, p.readings, p.seconds, p.end ? 'closed' : 'open']),
		).toEqual([
			['above', 1, 3600, 'closed'],
			['below', 2, 2 * 3600, 'closed'],
			['above', 1, 0, 'open'],
		])
		expect(periods[1]!.peak).toBe(1)
	})

	it('a null threshold is no bound; unsorted readings are sorted', () => {
		expect(readingStatus(-40, { min: null, max: 8 })).toBe('within')
		const shuffled = series([5, 9, 9, 5]).reverse()
		expect(excursions(shuffled, { min: null, max: 8 })).toHaveLength(1)
	})
})

describe('files', () => {
	it('numbers stay numbers (a negative reading is not a formula); text that looks like one is quoted away', () => {
		expect(csvLine([-3.5, '=1+1', 'a,b', null])).toBe(`-3.5,'=1+1,"a,b",\r\n`)
	})

	it("times read 'ddd, DD MMM YYYY h:mm A z' in the breach's zone (001 §9); an unknown zone is UTC", () => {
		expect(localTime(new Date('2026-10-23T14:00:00Z'), 'America/Kentucky/Louisville')).toBe(
			'Fri, 23 Oct 2026 10:00 AM EDT',
		)
		expect(localTime(new Date('2026-10-23T14:00:00Z'), 'Mars/Olympus')).toBe(
			'Fri, 23 Oct 2026 2:00 PM UTC',
		)
	})

	it("durations: '0h' for 30 s or less, else weeks, days, hours and minutes (001 §9)", () => {
		expect(durationText(30)).toBe('0h')
		expect(durationText(31)).toBe('1m')
		expect(durationText(5 * 3600)).toBe('5h')
		expect(durationText(8 * 86400 + 3600 + 60)).toBe('1w 1d 1h 1m')
	})

	it('breach_periods.csv names the threshold crossed and says when an excursion is still open', () => {
		const periods = excursions(series([9, 9]), { min: 2, max: 8 })
		const text = periodsCsv(
			periods,
			new Map([['temperature', { min: 2, max: 8, unit: 'degrees_celsius' }]]),
		)
		expect(text.split('\r\n')[1]).toBe(
			'temperature,above,2026-10-23T12:00:00.000Z,ongoing,2026-10-23T13:00:00.000Z,3600,1h,2,9,degrees_celsius,8',
		)
	})

	it('summary.txt names the orders, shipment, item, node, custodian and totals', () => {
		const text = summaryText({
			breachedOrderId: 'b1',
			ongoing: false,
			orders: [{ name: 'SO-1001', referenceNumber: 'PO-7781' }],
			shipmentName: 'TG-SO-1001',
			deviceTypeName: 'Tive Solo 5G',
			carrierShipment: 'UPS 1Z999AA10123456784',
			item: { type: 'pallet', name: 'PLT-1', measurableId: 'PLT-1' },
			firstEventAt: new Date(t0),
			lastEventAt: new Date(t0 + 4 * HOUR),
			timezone: 'America/Chicago',
			breachCount: 5,
			totalDurationSeconds: 5 * 3600,
			attribution: { node: 'Transit', nodeOrder: 'SO-1001', custodian: 'UPS 1Z999AA10123456784' },
			sensors: [
				{
					type: 'temperature',
					unit: 'degrees_celsius',
					count: 5,
					min: 2,
					max: 8,
					durations: [{ value: 18000, type: 'above' }],
				},
			],
			files: [{ name: 'readings.csv', rows: 12 }],
			window: { from: new Date(t0 - 2 * HOUR), to: new Date(t0 + 6 * HOUR) },
			generatedAt: new Date(t0),
		})
		expect(text).toContain('Orders affected: SO-1001 (PO-7781)')
		expect(text).toContain('Reported for: handling unit PLT-1')
		expect(text).toContain('Node: Transit of SO-1001')
		expect(text).toContain('Custodian: UPS 1Z999AA10123456784')
		expect(text).toContain('Total duration: 5h (18000 s)')
		expect(text).toContain(
			'- temperature: 5 readings outside min 2 / max 8 degrees_celsius; excursions 5h above',
		)
		expect(text).toContain('- readings.csv: 12 rows')
		expect(text).toContain(
			'First breach reading: 2026-10-23T12:00:00.000Z (Fri, 23 Oct 2026 7:00 AM CDT)',
		)
	})
})
