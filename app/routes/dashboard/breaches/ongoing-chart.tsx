import { lazy, Suspense } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'
import { chartLegend, ONGOING_TEXTS, thresholdLines, withUnit, type ExceptionView } from './ongoing'
import { formatEventTime } from '~/lib/dates'

const ApexLine = lazy(() => import('./ongoing-chart.client'))

interface BreachChartProps {
	view: ExceptionView
	/** The breach's time zone, for the legend and the table's times. */
	zone: string
	/** The readings could not be read. */
	failed?: boolean
}

/**
 * The dashboard's chart kind for a breach: a line of the latest 60 readings with the min and max
 * threshold lines (001 §2 "The chart is a line chart of the latest 60 readings with min and max
 * threshold markers"). Like the dashboard's Chart (app/components/chart/chart.tsx): the numbers
 * as an HTML table always (the server renders it, a browser without JavaScript shows it, a screen
 * reader reads it); once hydrated, apexcharts draws them (loaded then, only where a breach chart
 * is drawn) and the table moves under a disclosure below the drawing.
 */
export function BreachChart({ view, zone, failed }: BreachChartProps) {
	const hydrated = useHydrated()
	if (failed || view.measurements.length === 0) {
		return (
			<div className="dash-chart dash-chart--empty">
				<EmptyState>{failed ? ONGOING_TEXTS.readingsFailed : ONGOING_TEXTS.noReadings}</EmptyState>
			</div>
		)
	}
	const legend = chartLegend(view, zone)
	const table = <BreachChartTable view={view} zone={zone} />
	return (
		<div className="dash-chart breach-chart">
			<p className="breach-chart__legend">{legend}</p>
			{hydrated ? (
				<Suspense fallback={table}>
					<figure
						className="dash-chart__drawing"
						aria-label={`${view.title} readings chart; the numbers are in the table below`}
					>
						<ApexLine view={view} zone={zone} />
					</figure>
					<details className="dash-chart__table-toggle">
						<summary>{view.title} readings as a table</summary>
						{table}
					</details>
				</Suspense>
			) : (
				table
			)}
		</div>
	)
}

/** The readings drawn, one row each (oldest first), and the thresholds drawn as lines below them. */
function BreachChartTable({ view, zone }: { view: ExceptionView; zone: string }) {
	const title = `${view.title} readings`
	const lines = thresholdLines(view)
	const reading = view.unit ? `Reading (${view.unit})` : 'Reading'
	return (
		<Table label={title} className="dash-chart__table breach-chart__table">
			<caption>
				{title} (latest {view.measurements.length})
			</caption>
			<thead>
				<tr>
					<th scope="col">Time</th>
					<th scope="col">{reading}</th>
				</tr>
			</thead>
			<tbody>
				{view.measurements.map((m) => (
					<tr key={m.x}>
						<th scope="row">
							<time dateTime={m.x}>{formatEventTime(m.x, zone)}</time>
						</th>
						<td data-label={reading}>{withUnit(m.y, '')}</td>
					</tr>
				))}
			</tbody>
			{lines.length ? (
				<tfoot>
					{lines.map((l) => (
						<tr key={l.label} data-threshold={l.label === 'Minimum threshold' ? 'min' : 'max'}>
							<th scope="row">{l.label}</th>
							<td data-label={reading}>{withUnit(l.value, '')}</td>
						</tr>
					))}
				</tfoot>
			) : null}
		</Table>
	)
}
