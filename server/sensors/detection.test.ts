import { describe, expect, it } from 'vitest'
import {
	breachCount,
	detect,
	excursionSeconds,
	outside,
	totalSeconds,
	type Reading,
	type Threshold,
} from './detection'

const H = 3_600_000
const cold: Threshold = { min: 2, max: 8 }
const thresholds = new Map([
	['temperature', cold],
	['humidity', { min: null, max: 70 } satisfies Threshold],
])
const temp = (hour: number, value: number): Reading => ({
	code: 'temperature',
	at: hour * H,
	value,
})

describe('outside', () => {
	it('above max, below min; a null threshold does not bound', () => {
		expect(outside(cold, 8.1)).toBe('above')
		expect(outside(cold, 1.9)).toBe('below')
		expect(outside(cold, 8)).toBeNull()
		expect(outside({ min: null, max: 70 }, -50)).toBeNull()
	})
})

describe('detect', () => {
	it('readings within bounds open nothing', () => {
		expect(detect(null, [temp(0, 5), temp(1, 6)], thresholds)).toEqual([])
	})

	it('a reading outside opens a breach; more extend it; a return within bounds closes it into history', () => {
		// Out at 2 h, 3 h, 4 h; back at 5 h: one excursion of 3 h, 3 readings outside.
		const [b] = detect(
			null,
			[temp(0, 5), temp(2, 9), temp(3, 10.4), temp(4, 9.5), temp(5, 6), temp(6, 5)],
			thresholds,
		)
		expect(b).toBeDefined()
		expect(b!.ongoing).toBe(false)
		expect(b!.firstAt).toBe(2 * H)
		expect(b!.lastAt).toBe(4 * H)
		expect(breachCount(b!)).toBe(3)
		expect(totalSeconds(b!)).toBe(3 * 3600)
		const t = b!.types.get('temperature')!
		expect(t.firstValue).toBe(9)
		expect(t.excursions).toEqual([{ type: 'above', start: 2 * H, end: 5 * H, last: 4 * H }])
	})

	it('still outside at the last reading: ongoing, its duration up to that reading', () => {
		const [b] = detect(null, [temp(1, 5), temp(2, 1), temp(4, 0.5)], thresholds)
		expect(b!.ongoing).toBe(true)
		expect(totalSeconds(b!)).toBe(2 * 3600)
		expect(b!.types.get('temperature')!.excursions[0]!.type).toBe('below')
	})

	it('a later batch extends the open breach, then closes it; a new excursion after that is a new breach', () => {
		const [open] = detect(null, [temp(0, 9)], thresholds)
		const touched = detect(open!, [temp(2, 10), temp(3, 5), temp(10, 12), temp(11, 12)], thresholds)
		expect(touched).toHaveLength(2)
		const [first, second] = touched
		expect(first).toBe(open)
		expect(first!.ongoing).toBe(false)
		expect(breachCount(first!)).toBe(2)
		expect(totalSeconds(first!)).toBe(3 * 3600)
		expect(second!.id).toBeNull()
		expect(second!.ongoing).toBe(true)
		expect(second!.firstAt).toBe(10 * H)
		expect(totalSeconds(second!)).toBe(3600)
	})

	it('two types: the breach stays open until both are back; readings arrive in any order', () => {
		const readings: Reading[] = [
			{ code: 'humidity', at: 3 * H, value: 75 },
			temp(1, 9),
			temp(4, 5),
			{ code: 'humidity', at: 6 * H, value: 60 },
			temp(2, 9),
		]
		const [b] = detect(null, readings, thresholds)
		expect(b!.ongoing).toBe(false)
		expect([...b!.types.keys()].sort()).toEqual(['humidity', 'temperature'])
		expect(excursionSeconds(b!.types.get('temperature')!.excursions[0]!)).toBe(3 * 3600)
		expect(excursionSeconds(b!.types.get('humidity')!.excursions[0]!)).toBe(3 * 3600)
		expect(totalSeconds(b!)).toBe(6 * 3600)
	})

	it('from above straight to below is two excursions of one breach', () => {
		const [b] = detect(null, [temp(0, 9), temp(1, 1), temp(2, 5)], thresholds)
		expect(
			b!.types.get('temperature')!.excursions.map((e) => [e.type, excursionSeconds(e)]),
		).toEqual([
			['above', 3600],
			['below', 3600],
		])
		expect(b!.ongoing).toBe(false)
	})

	it('a type without thresholds never breaches', () => {
		expect(detect(null, [{ code: 'light', at: 0, value: 1e9 }], thresholds)).toEqual([])
	})
})
