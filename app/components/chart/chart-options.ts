import type { ApexOptions } from 'apexcharts'
import { niceAxis } from './axis'
import { SERIES_COLOURS, type ChartColour, type ChartProps } from './chart-model'

/**
 * apexcharts' options for a bar, stacked bar or line chart (chart.client.tsx draws them): pure,
 * the design tokens resolved by `colour`, so the tests beside it read what is drawn.
 * - The value axis runs in round steps (axis.ts), whole ones when every value is a whole number
 *   (counts: no 0.5 shipments), its labels by `axisFormat` (short amounts) or `format`.
 * - A line connects its values across a category without one (a carrier with no delivery that
 *   month): the x axis is the categories' positions, each drawn point a marker.
 * - The category axis of vertical bars turns its labels and drops the ones that would overlap.
 */
/** What every chart shares: muted text in the design's colour, no toolbar, zoom or animation. */
function chartFrame(muted: string) {
	return {
		foreColor: muted,
		toolbar: { show: false },
		zoom: { enabled: false },
		animations: { enabled: false },
		fontFamily: 'inherit',
	}
}

export function chartOptions(
	props: ChartProps,
	colour: (c: ChartColour) => string,
): {
	type: 'bar' | 'line'
	options: ApexOptions
	series: NonNullable<ApexOptions['series']>
} {
	const { kind, categories, format = String, horizontal, valueLabel } = props
	const series = props.series.filter((s) => !s.tableOnly)
	const muted = colour({ token: '--color-muted', fallback: '#57606a' })
	const values = series.flatMap((s) => s.data.filter((v): v is number => v !== null))
	const drawn =
		kind === 'stacked'
			? categories.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0))
			: values
	const axis = niceAxis(drawn, { whole: values.every(Number.isInteger) })
	// A tick is a multiple of the step: rounded to its decimals, it reads as one (not 0.30000000000000004).
	const axisLabel = (v: number) => (props.axisFormat ?? format)(Number(v.toFixed(axis.decimals)))
	const valueAxis = { min: axis.min, max: axis.max, tickAmount: axis.tickAmount }
	const options: ApexOptions = {
		chart: { ...chartFrame(muted), stacked: kind === 'stacked' },
		colors: series.map((s, i) => colour(s.colour ?? SERIES_COLOURS[i % SERIES_COLOURS.length]!)),
		grid: { borderColor: colour({ token: '--color-border', fallback: '#d0d7de' }) },
		legend: { position: 'bottom', labels: { colors: muted } },
		dataLabels: { enabled: false },
		tooltip: {
			y: { formatter: (v: number) => (v === null || v === undefined ? '—' : format(v)) },
		},
		plotOptions: { bar: { horizontal: !!horizontal, borderRadius: 2 } },
	}
	if (kind === 'line') {
		const last = Math.max(categories.length - 1, 1)
		return {
			type: 'line',
			options: {
				...options,
				stroke: { width: 2, curve: 'straight' },
				markers: { size: 4 },
				xaxis: {
					type: 'numeric',
					min: 0,
					max: last,
					tickAmount: last,
					labels: { formatter: (v: string) => categories[Math.round(Number(v))] ?? '' },
					tooltip: { enabled: false },
				},
				yaxis: {
					...valueAxis,
					forceNiceScale: false,
					labels: { formatter: axisLabel },
					title: { text: valueLabel },
				},
				tooltip: {
					...options.tooltip,
					x: { formatter: (v: number) => categories[Math.round(v)] ?? '' },
				},
			},
			series: series.map((s) => ({
				name: s.name,
				data: s.data.flatMap((v, i) => (v === null ? [] : [[i, v] as [number, number]])),
			})),
		}
	}
	return {
		type: 'bar',
		options: {
			...options,
			stroke: { width: 0 },
			xaxis: horizontal
				? {
						categories,
						...valueAxis,
						labels: { formatter: (v: string) => axisLabel(Number(v)), hideOverlappingLabels: true },
						title: { text: valueLabel },
					}
				: {
						categories,
						labels: { rotate: -45, hideOverlappingLabels: true, trim: true },
					},
			yaxis: horizontal
				? { labels: { maxWidth: 180 } }
				: {
						...valueAxis,
						forceNiceScale: false,
						labels: { formatter: axisLabel },
						title: { text: valueLabel },
					},
		},
		series: series.map((s) => ({ name: s.name, data: s.data })),
	}
}

/**
 * apexcharts' options for a scatter (one point per category: the first series its x, the second its
 * y; each point its own legend entry and colour). Both axes run in round steps from 0 (axis.ts),
 * their ticks by the series' `axisFormat` (short amounts, whole percentages) or `format`; the x
 * axis' labels stay level, and apexcharts drops one that would overlap its neighbour.
 */
export function scatterOptions(
	props: ChartProps,
	colour: (c: ChartColour) => string,
): { options: ApexOptions; series: NonNullable<ApexOptions['series']> } {
	const { categories, valueLabel } = props
	const [x, y] = props.series.filter((s) => !s.tableOnly)
	const fx = x?.format ?? String
	const fy = y?.format ?? String
	const muted = colour({ token: '--color-muted', fallback: '#57606a' })
	const points = categories
		.map((name, i) => ({ name, data: [[x?.data[i] ?? null, y?.data[i] ?? null]] }))
		.filter((p): p is { name: string; data: [[number, number]] } =>
			p.data[0]!.every((v) => v !== null),
		)
	const axisOf = (s: typeof x, values: number[]) => {
		const axis = niceAxis(values, { maxTicks: 5 })
		const label = s?.axisFormat ?? s?.format ?? String
		return {
			min: axis.min,
			max: axis.max,
			tickAmount: axis.tickAmount,
			// A tick is a multiple of the step: rounded to its decimals, it reads as one.
			label: (v: number) => label(Number(Number(v).toFixed(axis.decimals))),
		}
	}
	const ax = axisOf(
		x,
		points.map((p) => p.data[0][0]),
	)
	const ay = axisOf(
		y,
		points.map((p) => p.data[0][1]),
	)
	return {
		series: points,
		options: {
			chart: chartFrame(muted),
			colors: points.map((_, i) => colour(SERIES_COLOURS[i % SERIES_COLOURS.length]!)),
			grid: { borderColor: colour({ token: '--color-border', fallback: '#d0d7de' }) },
			legend: { position: 'bottom', labels: { colors: muted } },
			dataLabels: { enabled: false },
			markers: { size: 7 },
			xaxis: {
				type: 'numeric',
				min: ax.min,
				max: ax.max,
				tickAmount: ax.tickAmount,
				labels: {
					formatter: (v: string) => ax.label(Number(v)),
					rotate: 0,
					hideOverlappingLabels: true,
				},
				title: { text: x?.name },
				tooltip: { enabled: false },
			},
			yaxis: {
				min: ay.min,
				max: ay.max,
				tickAmount: ay.tickAmount,
				forceNiceScale: false,
				labels: { formatter: ay.label },
				title: { text: valueLabel ?? y?.name },
			},
			tooltip: {
				x: { formatter: (v: number) => `${x?.name}: ${fx(v)}` },
				y: {
					formatter: (v: number) => fy(v),
					title: { formatter: (name: string) => `${name}, ${y?.name}:` },
				},
			},
		},
	}
}
