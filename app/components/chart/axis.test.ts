import { describe, expect, it } from 'vitest'
import { decimalsOf, evenTicks, niceAxis, tickLabel } from './axis'

/** The ticks an axis puts apexcharts' labels at. */
const ticks = ({ min, max, tickAmount }: { min: number; max: number; tickAmount: number }) =>
	Array.from({ length: tickAmount + 1 }, (_, k) => min + (k * (max - min)) / tickAmount)

describe('niceAxis', () => {
	it('counts get whole ticks: no 0.5 shipments on the Late/On Time axis', () => {
		for (const values of [[1, 2], [3], [0, 1], [7, 4, 2], [13, 9]]) {
			const axis = niceAxis(values, { whole: true })
			expect(ticks(axis).every(Number.isInteger), String(values)).toBe(true)
			expect(axis.max).toBeGreaterThanOrEqual(Math.max(...values))
			expect(axis.min).toBe(0)
			expect(axis.decimals).toBe(0)
		}
		expect(ticks(niceAxis([1, 2], { whole: true }))).toEqual([0, 1, 2])
		expect(ticks(niceAxis([13, 9], { whole: true }))).toEqual([0, 5, 10, 15])
	})
	it('amounts get round steps of 1, 2, 2.5 or 5 times a power of ten', () => {
		expect(ticks(niceAxis([91000, 110000]))).toEqual([0, 25000, 50000, 75000, 100000, 125000])
		expect(niceAxis([2.37, 1.2])).toMatchObject({ min: 0, max: 2.5, tickAmount: 5, decimals: 1 })
		expect(niceAxis([0.3])).toMatchObject({ max: 0.3, tickAmount: 3, decimals: 1 })
	})
	it('reaches below zero for negative values, and has a range when every value is 0', () => {
		expect(niceAxis([-3, 4], { whole: true })).toMatchObject({ min: -4, max: 4 })
		expect(niceAxis([0], { whole: true })).toMatchObject({ min: 0, max: 1, tickAmount: 1 })
		expect(niceAxis([])).toMatchObject({ min: 0 })
	})
})

describe("evenTicks (fixed ends, as the breach chart's 001 §2 axis)", () => {
	it('divides 0–110000 into round steps, not 91666.7', () => {
		const axis = evenTicks(0, 110000)
		expect(ticks(axis)).toEqual([0, 22000, 44000, 66000, 88000, 110000])
		expect(ticks(axis).map((v) => tickLabel(v, axis.decimals))).toEqual([
			'0',
			'22,000',
			'44,000',
			'66,000',
			'88,000',
			'110,000',
		])
	})
	it('keeps the ends it is given and at most 2 decimals in a label', () => {
		const axis = evenTicks(0, 7.3)
		expect(axis).toMatchObject({ min: 0, max: 7.3 })
		expect(axis.decimals).toBeLessThanOrEqual(2)
		expect(evenTicks(0, 8).tickAmount).toBe(4)
	})
})

describe('decimalsOf', () => {
	it('counts the decimals a number is written with', () => {
		expect([1, 2.5, 0.25, 0.1 + 0.2, 18333.333333333].map(decimalsOf)).toEqual([0, 1, 2, 1, 6])
	})
})
