import { lazy, Suspense } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'
import { CHART_EMPTY, hasChartData, type ChartProps } from './chart-model'

const ApexChart = lazy(() => import('./chart.client'))

export {
	CHART_EMPTY,
	SERIES_COLOURS,
	hasChartData,
	type ChartColour,
	type ChartKind,
	type ChartProps,
	type ChartSeries,
} from './chart-model'

const plain = (value: number) => String(value)

/**
 * One chart of the dashboard: the numbers as an HTML table, always in the page (the server renders
 * it, a browser without JavaScript shows it, a screen reader reads it); once hydrated, the same
 * numbers drawn by apexcharts (react-apexcharts, loaded then and only where a chart is drawn) with
 * the table kept under a disclosure below it. 'There are no orders available.' when empty.
 */
export function Chart(props: ChartProps) {
	const { title, categories, series, empty = CHART_EMPTY } = props
	const hydrated = useHydrated()
	if (!hasChartData(series, categories)) {
		return (
			<div className="dash-chart dash-chart--empty">
				<EmptyState>{empty}</EmptyState>
			</div>
		)
	}
	const table = <ChartTable {...props} />
	if (!hydrated) return <div className="dash-chart">{table}</div>
	return (
		<div className="dash-chart">
			<Suspense fallback={table}>
				{/* Not role="img": apexcharts' legend and its own description are controls and text of their own. */}
				<figure
					className="dash-chart__drawing"
					aria-label={`${title} chart; the numbers are in the table below`}
				>
					<ApexChart {...props} />
				</figure>
				<details className="dash-chart__table-toggle">
					<summary>{title} as a table</summary>
					{table}
				</details>
			</Suspense>
		</div>
	)
}

/** The chart's numbers: one row per category, one column per series (and a Total when asked). */
function ChartTable({
	kind,
	title,
	categories,
	categoryHeader,
	series,
	format = plain,
	totals,
}: ChartProps) {
	const shown = kind === 'donut' ? series.slice(0, 1) : series
	const rowTotal = (i: number) => shown.reduce((sum, s) => sum + (s.data[i] ?? 0), 0)
	const withTotals = totals && shown.length > 1
	return (
		<Table label={title} className="dash-chart__table">
			<caption>{title}</caption>
			<thead>
				<tr>
					<th scope="col">{categoryHeader}</th>
					{shown.map((s) => (
						<th scope="col" key={s.name}>
							{s.name}
						</th>
					))}
					{withTotals ? <th scope="col">Total</th> : null}
				</tr>
			</thead>
			<tbody>
				{categories.map((category, i) => (
					<tr key={category}>
						<th scope="row">{category}</th>
						{shown.map((s) => {
							const v = s.data[i]
							return (
								<td key={s.name} data-label={s.name}>
									{v === null || v === undefined ? '—' : (s.format ?? format)(v)}
								</td>
							)
						})}
						{withTotals ? <td data-label="Total">{format(rowTotal(i))}</td> : null}
					</tr>
				))}
			</tbody>
			{totals ? (
				<tfoot>
					<tr>
						<th scope="row">Total</th>
						{shown.map((s) => (
							<td key={s.name} data-label={s.name}>
								{(s.format ?? format)(s.data.reduce<number>((sum, v) => sum + (v ?? 0), 0))}
							</td>
						))}
						{withTotals ? (
							<td data-label="Total">
								{format(categories.reduce((sum, _, i) => sum + rowTotal(i), 0))}
							</td>
						) : null}
					</tr>
				</tfoot>
			) : null}
		</Table>
	)
}
