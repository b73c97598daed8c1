import Chart from 'react-apexcharts'
import type { ApexOptions } from 'apexcharts'
import { thresholdLines } from '~/lib/timeline/sensors'
import type { SensorSeries } from '~/lib/timeline/sensors'

/** A design token's value now (light or dark, app/styles/app.css), else the fallback. */
function token(name: `--color-${string}`, fallback: string): string {
	return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/**
 * The sensor chart (002 §2 "Tracker (IoT sensor data) ... holds a chart"; §9 "threshold
 * lines come from min and max"), drawn by apexcharts through react-apexcharts. Both touch
 * `window`, so this module is client-only and loaded on demand by SensorReadings after
 * hydration: only the timeline route, and only a browser, ever fetches it.
 */
export default function SensorChart({ series, height }: { series: SensorSeries; height: number }) {
	const lines = thresholdLines(series)
	const values = [...series.points.map((p) => p.value), ...lines.map((l) => l.value)]
	const low = Math.min(...values)
	const high = Math.max(...values)
	const pad = Math.max((high - low) * 0.1, 0.5)
	const danger = token('--color-danger', '#c62828')
	const label = {
		color: token('--color-on-danger', '#fff'),
		background: token('--color-danger-solid', '#c62828'),
	}
	const options: ApexOptions = {
		chart: {
			type: 'line',
			foreColor: token('--color-muted', '#373d3f'),
			toolbar: { show: false },
			zoom: { enabled: false },
			animations: { enabled: false },
		},
		grid: { borderColor: token('--color-border', '#e0e0e0') },
		stroke: { width: 2, curve: 'straight' },
		markers: { size: series.points.length <= 12 ? 4 : 0 },
		colors: [token('--color-info', '#1565c0')],
		xaxis: { type: 'datetime', labels: { datetimeUTC: true } },
		yaxis: {
			min: Math.floor((low - pad) * 10) / 10,
			max: Math.ceil((high + pad) * 10) / 10,
			title: { text: series.unit },
			labels: { formatter: (v: number) => `${Math.round(v * 10) / 10}` },
		},
		tooltip: { x: { format: 'MM/dd/yy hh:mm TT' } },
		annotations: {
			yaxis: lines.map((l) => ({
				y: l.value,
				borderColor: danger,
				strokeDashArray: 4,
				label: { text: `${l.label} ${l.value} ${series.unit}`, style: label },
			})),
		},
		legend: { show: false },
	}
	return (
		<Chart
			type="line"
			height={height}
			options={options}
			series={[
				{
					name: `${series.name} (${series.unit})`,
					data: series.points.map((p) => ({ x: Date.parse(p.measureAt), y: p.value })),
				},
			]}
		/>
	)
}
