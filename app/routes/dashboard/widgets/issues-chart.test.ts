import { describe, expect, it } from 'vitest'
import { issuesChart } from './issues-chart'

const entries = [
	{ statusTypeName: 'Damaged', days: 1, count: 1, deliveryValue: 100 },
	{ statusTypeName: 'Damaged', days: 6, count: 2, deliveryValue: 250.5 },
	{ statusTypeName: 'Customs Hold', days: 3, count: 4, deliveryValue: 40 },
	{ statusTypeName: 'Customs Hold', days: 5, count: 1, deliveryValue: 10 },
	{ statusTypeName: 'Address Issue', days: 3, count: 3, deliveryValue: 9 },
]

describe('Issues Log chart (001 §2, §4, §9)', () => {
	it('"Chart of issues by status type, coloured by age": a row per type, most issues first', () => {
		const { categories, series } = issuesChart(entries, 'count')
		expect(categories).toEqual(['Customs Hold', 'Address Issue', 'Damaged'])
		expect(series.map((s) => s.name)).toEqual(['1 day', '3 days', '5 days', 'More than 5 days'])
		expect(series.map((s) => s.data)).toEqual([
			[0, 0, 1],
			[4, 3, 0],
			[1, 0, 0],
			[0, 0, 2],
		])
		expect(series.every((s) => s.colour?.token.startsWith('--color-'))).toBe(true)
	})
	it('"Issues log view: toggles between count and deliveryValue"', () => {
		const { series } = issuesChart(entries, 'value')
		expect(series[0]!.data).toEqual([0, 0, 100])
		expect(series[3]!.data).toEqual([0, 0, 250.5])
	})
	it('no entries: nothing to draw', () => {
		expect(issuesChart([], 'count').categories).toEqual([])
	})
})
