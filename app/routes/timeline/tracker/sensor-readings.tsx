import { Table } from '~/components/ui/table'
import { lazy, Suspense } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { formatEventTime } from '~/lib/dates'
import { outOfRange, thresholdLines, type SensorSeries } from '~/lib/timeline/sensors'

const SensorChart = lazy(() => import('./sensor-chart.client'))

/** "Min 2 °C, max 8 °C", or null without thresholds. */
function thresholdText(series: SensorSeries): string | null {
	const lines = thresholdLines(series)
	return lines.length ? lines.map((l) => `${l.label} ${l.value} ${series.unit}`).join(', ') : null
}

/** The readings as a plain table: what the server renders and what no-JS readers get. */
function ReadingsTable({ series, zone }: { series: SensorSeries; zone: string | null }) {
	const thresholds = thresholdText(series)
	return (
		<Table label={`${series.name} readings`} className="sensor-table">
			<caption>
				{series.name} readings{thresholds ? ` (thresholds: ${thresholds})` : ''}
			</caption>
			<thead>
				<tr>
					<th scope="col">Time</th>
					<th scope="col">
						{series.name} ({series.unit})
					</th>
				</tr>
			</thead>
			<tbody>
				{series.points.map((p) => {
					const breach = outOfRange(p.value, series)
					return (
						<tr key={p.measureAt} className={breach ? 'sensor-breach' : undefined}>
							<td data-label="Time">{formatEventTime(p.measureAt, zone)}</td>
							<td data-label={`${series.name} (${series.unit})`}>
								{p.value}
								{breach ? <span className="sensor-breach-mark"> ({breach} threshold)</span> : null}
							</td>
						</tr>
					)
				})}
			</tbody>
		</Table>
	)
}

/**
 * One measurement type's readings: a table on the server and without JavaScript; once
 * hydrated, the apexcharts chart (loaded then, on this route only) with the table kept
 * under a disclosure for screen readers and keyboard users.
 */
export function SensorReadings({
	series,
	zone,
	height = 220,
}: {
	series: SensorSeries
	zone: string | null
	height?: number
}) {
	const hydrated = useHydrated()
	const table = <ReadingsTable series={series} zone={zone} />
	if (!hydrated) return table
	const thresholds = thresholdText(series)
	return (
		<>
			<Suspense fallback={table}>
				<div
					className="sensor-chart"
					role="img"
					aria-label={`${series.name} chart, ${series.points.length} readings${thresholds ? `, thresholds ${thresholds}` : ''}`}
				>
					<SensorChart series={series} height={height} />
				</div>
			</Suspense>
			<details className="sensor-table-toggle">
				<summary>Readings as a table</summary>
				{table}
			</details>
		</>
	)
}
