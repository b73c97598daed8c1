import { describe, expect, it } from 'vitest'
import {
	addMonths,
	clampDate,
	longDate,
	monthGrid,
	monthTitle,
	parseIsoDate,
	weekdayNames,
	weekEdges,
} from './calendar'

describe('calendar', () => {
	it('parses only real ISO dates', () => {
		expect(parseIsoDate('2026-11-24')).toBe('2026-11-24')
		expect(parseIsoDate('2026-02-30')).toBeNull()
		expect(parseIsoDate('11/24/2026')).toBeNull()
		expect(parseIsoDate('')).toBeNull()
	})
	it('lays out November 2026 from Sunday and from Monday', () => {
		// 1 November 2026 is a Sunday; the 30th a Monday.
		const sunday = monthGrid('2026-11-15', 0)
		expect(sunday).toHaveLength(5)
		expect(sunday[0]![0]).toBe('2026-11-01')
		expect(sunday[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null])
		const monday = monthGrid('2026-11-15', 1)
		expect(monday).toHaveLength(6)
		expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-11-01'])
		expect(monday[5]).toEqual(['2026-11-30', null, null, null, null, null, null])
	})
	it('every week has seven days and the month every day once', () => {
		for (const start of [0, 1] as const) {
			const days = monthGrid('2028-02-10', start).flat()
			expect(days.length % 7).toBe(0)
			expect(days.filter(Boolean)).toHaveLength(29)
		}
	})
	it('names the weekdays in the calendar order', () => {
		expect(weekdayNames(1).map((d) => d.short)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])
		expect(weekdayNames(0)[0]).toEqual({ short: 'Su', long: 'Sunday' })
	})
	it('finds the week around a day', () => {
		expect(weekEdges('2026-11-24', 1)).toEqual({ start: '2026-11-23', end: '2026-11-29' })
		expect(weekEdges('2026-11-24', 0)).toEqual({ start: '2026-11-22', end: '2026-11-28' })
	})
	it('moves by months, clamped to the month end', () => {
		expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
		expect(addMonths('2026-03-15', -1)).toBe('2026-02-15')
	})
	it('clamps to bounds and names days', () => {
		expect(clampDate('2026-12-01', null, '2026-11-24')).toBe('2026-11-24')
		expect(clampDate('2026-01-01', '2026-02-01')).toBe('2026-02-01')
		expect(longDate('2026-11-24')).toBe('Tuesday, November 24, 2026')
		expect(monthTitle('2026-11-24')).toBe('November 2026')
	})
})
