import { describe, expect, it } from 'vitest'
import { decimalsOf, niceAxis, tickLabel } from './axis'

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

describe("the breach chart's axis (001 §2: 0 up to the larger of threshold and reading)", () => {
	it('covers 0–110000 in round steps, not 91666.7', () => {
		const axis = niceAxis([0, 110000])
		expect(ticks(axis).map((v) => tickLabel(v, axis.decimals))).toEqual([
			'0',
			'25,000',
			'50,000',
			'75,000',
			'100,000',
			'125,000',
		])
	})
	it('covers 0–11.38 °C as 0, 2.5 … 12.5', () => {
		const axis = niceAxis([0, 11.38])
		expect(ticks(axis).map((v) => tickLabel(v, axis.decimals))).toEqual([
			'0.0',
			'2.5',
			'5.0',
			'7.5',
			'10.0',
			'12.5',
		])
	})
})

describe('decimalsOf', () => {
	it('counts the decimals a number is written with', () => {
		expect([1, 2.5, 0.25, 0.1 + 0.2, 18333.333333333].map(decimalsOf)).toEqual([0, 1, 2, 1, 6])
	})
})
