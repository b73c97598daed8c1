import { describe, expect, it } from 'vitest'
import { dollars, shortDollars } from '~/lib/intl-formats'
import { chartOptions, scatterOptions } from './chart-options'
import type { ChartProps } from './chart-model'

const colour = ({ fallback }: { fallback: string }) => fallback

/** The labels apexcharts writes on an axis of these options. */
function tickLabels(axis: {
	min?: number
	max?: number
	tickAmount?: number
	labels?: { formatter?: (v: never) => string | string[] }
}): string[] {
	const { min = 0, max = 0, tickAmount = 0 } = axis
	const format = axis.labels!.formatter as (v: number) => string
	return Array.from({ length: tickAmount + 1 }, (_, k) =>
		format(min + (k * (max - min)) / tickAmount),
	)
}

const lateOnTime: ChartProps = {
	kind: 'bar',
	title: 'Late and on time deliveries per carrier',
	categoryHeader: 'Carrier',
	categories: ['DHL', 'UPS', 'USPS'],
	series: [
		{ name: 'On Time', data: [1, 2, 0] },
		{ name: 'Late', data: [0, 1, 1] },
	],
}

describe('chartOptions', () => {
	it('a count axis has whole ticks only (Late/On Time)', () => {
		const { options } = chartOptions(lateOnTime, colour)
		const yaxis = options.yaxis as Parameters<typeof tickLabels>[0]
		expect(tickLabels(yaxis)).toEqual(['0', '1', '2'])
	})
	it('a stacked axis reaches the largest stack', () => {
		const { options } = chartOptions({ ...lateOnTime, kind: 'stacked' }, colour)
		expect(options.yaxis).toMatchObject({ min: 0, max: 3, tickAmount: 3 })
	})
	it('days keep their decimals at round steps', () => {
		const { options } = chartOptions(
			{
				...lateOnTime,
				series: [{ name: 'Average days', data: [2.37, 1.2, null] }],
				format: (v) => v.toFixed(2),
			},
			colour,
		)
		expect(tickLabels(options.yaxis as Parameters<typeof tickLabels>[0])).toEqual([
			'0.00',
			'0.50',
			'1.00',
			'1.50',
			'2.00',
			'2.50',
		])
	})
	it("a horizontal bar chart's amount axis reads short, a few round ticks that do not overlap (analytics' carrier and lane charts)", () => {
		const { options } = chartOptions(
			{
				...lateOnTime,
				horizontal: true,
				series: [{ name: 'Freight cost', data: [123456.78, 98000, 45210.5] }],
				format: dollars,
				axisFormat: shortDollars,
			},
			colour,
		)
		const xaxis = options.xaxis as Parameters<typeof tickLabels>[0] & {
			labels: { hideOverlappingLabels?: boolean }
		}
		expect(tickLabels(xaxis)).toEqual(['$0', '$25K', '$50K', '$75K', '$100K', '$125K'])
		expect(xaxis.labels.hideOverlappingLabels).toBe(true)
		// The tooltip keeps the full amount.
		const tooltip = options.tooltip!.y as { formatter: (v: number) => string }
		expect(tooltip.formatter(123456.78)).toBe('$123,456.78')
	})
	it("a line joins a series' values across a category without one, each point a marker", () => {
		const { type, options, series } = chartOptions(
			{
				kind: 'line',
				title: 'Average days per carrier and month',
				categoryHeader: 'Month',
				categories: ['2026-06', '2026-07', '2026-08', '2026-09'],
				series: [
					{ name: 'UPS', data: [null, 2.5, null, 3] },
					{ name: 'DHL', data: [1, 1.5, 2, null] },
				],
				format: (v) => v.toFixed(2),
			},
			colour,
		)
		expect(type).toBe('line')
		// Only the values, at their category's place: apexcharts draws a line between them.
		expect(series).toEqual([
			{
				name: 'UPS',
				data: [
					[1, 2.5],
					[3, 3],
				],
			},
			{
				name: 'DHL',
				data: [
					[0, 1],
					[1, 1.5],
					[2, 2],
				],
			},
		])
		expect(options.markers).toEqual({ size: 4 })
		const xaxis = options.xaxis as Parameters<typeof tickLabels>[0]
		expect(tickLabels(xaxis)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09'])
	})
})

describe('scatterOptions', () => {
	const spend: ChartProps = {
		kind: 'scatter',
		title: 'Spend against on-time rate per carrier',
		categoryHeader: 'Carrier',
		categories: ['CMA CGM', 'UPS', 'DHL', 'No deliveries'],
		series: [
			{
				name: 'Spend',
				data: [203426.26, 2935.01, 87120.5, 500],
				format: dollars,
				axisFormat: shortDollars,
			},
			{
				name: 'On-time rate',
				data: [0.8125, 0.31, 0.55, null],
				format: (v) => `${(v * 100).toFixed(1)}%`,
				axisFormat: (v) => `${Math.round(v * 100)}%`,
			},
			{ name: 'Per kg', data: [1, 2, 3, 4], tableOnly: true },
		],
	}
	it('one point per carrier with both values, x the spend and y the rate', () => {
		const { series } = scatterOptions(spend, colour)
		expect(series).toEqual([
			{ name: 'CMA CGM', data: [[203426.26, 0.8125]] },
			{ name: 'UPS', data: [[2935.01, 0.31]] },
			{ name: 'DHL', data: [[87120.5, 0.55]] },
		])
	})
	it('the spend axis in round short amounts from $0, level (not "$43,033.26" turned)', () => {
		const { options } = scatterOptions(spend, colour)
		const xaxis = options.xaxis as Parameters<typeof tickLabels>[0] & {
			labels: { rotate?: number }
		}
		expect(tickLabels(xaxis)).toEqual(['$0', '$50K', '$100K', '$150K', '$200K', '$250K'])
		expect(xaxis.labels.rotate).toBe(0)
	})
	it('the rate axis in whole percentages from 0%', () => {
		const { options } = scatterOptions(spend, colour)
		expect(tickLabels(options.yaxis as Parameters<typeof tickLabels>[0])).toEqual([
			'0%',
			'20%',
			'40%',
			'60%',
			'80%',
			'100%',
		])
	})
})
