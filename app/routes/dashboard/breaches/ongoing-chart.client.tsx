import type { ApexOptions } from 'apexcharts'
import ReactApexChart from 'react-apexcharts'
import { SERIES_COLOURS, type ChartColour } from '~/components/chart/chart-model'
import { niceAxis, tickLabel } from '~/components/chart/axis'
import { axisTime, thresholdLines, withUnit, yAxisRange, type ExceptionView } from './ongoing'

/** A design token's value now (light or dark, app/styles/app.css), else its fallback. */
function token({ token: name, fallback }: ChartColour): string {
	return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

const DANGER: ChartColour = { token: '--color-danger-solid', fallback: '#c62828' }
const ON_DANGER: ChartColour = { token: '--color-on-danger', fallback: '#fff' }

/**
 * A breach's readings drawn by apexcharts (client-only, loaded on demand by BreachChart after
 * hydration): a line with the threshold lines of 001 §5 ("drawn only for non-null numeric
 * thresholds") and the y axis of 001 §2 ("starts at 0 and runs up to the larger of the max
 * threshold and the max measurement").
 */
export default function ApexLine({
	view,
	zone,
	height = 260,
}: {
	view: ExceptionView
	zone: string
	height?: number
}) {
	const muted = token({ token: '--color-muted', fallback: '#57606a' })
	const danger = token(DANGER)
	// 001 §2's range (0 up to the larger of threshold and reading), in round steps that cover it.
	const { min, max } = yAxisRange(view)
	const axis = niceAxis([min, max])
	const options: ApexOptions = {
		chart: {
			type: 'line',
			foreColor: muted,
			toolbar: { show: false },
			zoom: { enabled: false },
			animations: { enabled: false },
			fontFamily: 'inherit',
		},
		colors: [token(SERIES_COLOURS[0]!)],
		grid: { borderColor: token({ token: '--color-border', fallback: '#d0d7de' }) },
		stroke: { width: 2, curve: 'straight' },
		markers: { size: view.measurements.length <= 12 ? 4 : 0 },
		dataLabels: { enabled: false },
		legend: { show: false },
		// The axis' ticks are apexcharts' own (round hours of the browser's zone); the tooltip names the breach's zone's time, as the table does.
		xaxis: { type: 'datetime', labels: { datetimeUTC: false } },
		yaxis: {
			min: axis.min,
			max: axis.max,
			tickAmount: axis.tickAmount,
			forceNiceScale: false,
			title: { text: view.unit },
			labels: { formatter: (v: number) => tickLabel(v, axis.decimals) },
		},
		tooltip: {
			x: { formatter: (at: number) => axisTime(at, zone) },
			y: { formatter: (v: number) => withUnit(v, view.unit) },
		},
		annotations: {
			yaxis: thresholdLines(view).map((l) => ({
				y: l.value,
				borderColor: danger,
				strokeDashArray: 4,
				label: {
					text: `${l.label} ${withUnit(l.value, view.unit)}`,
					style: { color: token(ON_DANGER), background: danger },
				},
			})),
		},
	}
	return (
		<ReactApexChart
			type="line"
			height={height}
			options={options}
			series={[
				{
					name: `${view.title}${view.unit ? ` (${view.unit})` : ''}`,
					data: view.measurements.map((m) => ({ x: Date.parse(m.x), y: m.y })),
				},
			]}
		/>
	)
}
