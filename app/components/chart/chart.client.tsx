import type { ApexOptions } from 'apexcharts'
import ReactApexChart from 'react-apexcharts'
import { SERIES_COLOURS, type ChartColour, type ChartProps } from './chart-model'
import { chartOptions } from './chart-options'

/** A design token's value now (light or dark, app/styles/app.css), else its fallback. */
function token({ token: name, fallback }: ChartColour): string {
	return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/**
 * The dashboard's charts drawn by apexcharts. apexcharts touches `window`, so this module is
 * client-only, loaded on demand by Chart after hydration: only pages with a chart, and only a
 * browser, ever fetch it.
 */
export default function ApexChart(props: ChartProps) {
	const { kind, categories, height = 280, sliceColours: slices } = props
	if (kind === 'scatter')
		return <Scatter {...props} series={props.series.filter((s) => !s.tableOnly)} />
	if (kind === 'donut') {
		const format = props.format ?? String
		const muted = token({ token: '--color-muted', fallback: '#57606a' })
		const data = (props.series[0]?.data ?? []).map((v) => v ?? 0)
		return (
			<ReactApexChart
				type="donut"
				height={height}
				series={data}
				options={{
					chart: {
						foreColor: muted,
						toolbar: { show: false },
						animations: { enabled: false },
						fontFamily: 'inherit',
					},
					colors: categories.map((_, i) =>
						token(slices?.[i] ?? SERIES_COLOURS[i % SERIES_COLOURS.length]!),
					),
					labels: categories,
					legend: { position: 'bottom', labels: { colors: muted } },
					dataLabels: { enabled: false },
					tooltip: { y: { formatter: (v: number) => format(v) } },
					stroke: { colors: [token({ token: '--color-surface', fallback: '#fff' })] },
				}}
			/>
		)
	}
	const { type, options, series } = chartOptions(props, token)
	return <ReactApexChart type={type} height={height} options={options} series={series} />
}

/** One point per category (x the first series, y the second), each its own legend entry and colour. */
function Scatter({ categories, series, height = 280, valueLabel }: ChartProps) {
	const [x, y] = series
	const fx = x?.format ?? String
	const fy = y?.format ?? String
	const muted = token({ token: '--color-muted', fallback: '#57606a' })
	const points = categories
		.map((name, i) => ({ name, data: [[x?.data[i] ?? null, y?.data[i] ?? null]] }))
		.filter((p) => p.data[0]![0] !== null && p.data[0]![1] !== null)
	return (
		<ReactApexChart
			type="scatter"
			height={height}
			series={points as NonNullable<ApexOptions['series']>}
			options={{
				chart: {
					foreColor: muted,
					toolbar: { show: false },
					zoom: { enabled: false },
					animations: { enabled: false },
					fontFamily: 'inherit',
				},
				colors: points.map((_, i) => token(SERIES_COLOURS[i % SERIES_COLOURS.length]!)),
				grid: { borderColor: token({ token: '--color-border', fallback: '#d0d7de' }) },
				legend: { position: 'bottom', labels: { colors: muted } },
				dataLabels: { enabled: false },
				markers: { size: 7 },
				xaxis: {
					type: 'numeric',
					tickAmount: 5,
					labels: { formatter: (v: string) => fx(Number(v)) },
					title: { text: x?.name },
				},
				yaxis: {
					labels: { formatter: (v: number) => fy(v) },
					title: { text: valueLabel ?? y?.name },
				},
				tooltip: {
					x: { formatter: (v: number) => `${x?.name}: ${fx(v)}` },
					y: {
						formatter: (v: number) => fy(v),
						title: { formatter: (name: string) => `${name}, ${y?.name}:` },
					},
				},
			}}
		/>
	)
}
