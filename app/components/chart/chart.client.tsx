import ReactApexChart from 'react-apexcharts'
import { SERIES_COLOURS, type ChartColour, type ChartProps } from './chart-model'
import { chartOptions, scatterOptions } from './chart-options'

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
	if (kind === 'scatter') return <Scatter {...props} />
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
function Scatter(props: ChartProps) {
	const { options, series } = scatterOptions(props, token)
	return (
		<ReactApexChart type="scatter" height={props.height ?? 280} series={series} options={options} />
	)
}
