import { lazy, Suspense, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { EmptyState } from '~/components/ui/empty-state'
import { Table } from '~/components/ui/table'

const ApexChart = lazy(() => import('./chart.client'))

/** "Charts show 'There are no orders available.' when empty." (001 §2) */
export const CHART_EMPTY = 'There are no orders available.'

/** A design token (app/styles/app.css) and its light value, for a drawn series. */
export interface ChartColour {
	token: `--color-${string}`
	fallback: string
}

export interface ChartSeries {
	name: string
	/** One value per category; null where there is none (drawn as a gap, shown as '—'). */
	data: (number | null)[]
	colour?: ChartColour
}

export type ChartKind = 'bar' | 'stacked' | 'line' | 'donut'

export interface ChartProps {
	kind: ChartKind
	/** The table's caption and the chart's accessible name. */
	title: string
	/** The rows of the table, the x axis of the chart (the slices of a donut). */
	categories: string[]
	/** The header of the categories' column ('Month', 'Issue type'). */
	categoryHeader: string
	/** The table's columns, the chart's series (a donut draws the first only). */
	series: ChartSeries[]
	/** How a value reads, in the table, the tooltips and the axis ('$1,234.00', '2.5'). */
	format?: (value: number) => string
	/** A Total column (and row) in the table: stacked bars and donuts. */
	totals?: boolean
	/** Bars drawn sideways (long category names). */
	horizontal?: boolean
	/** The value axis' title ('Days'). */
	valueLabel?: string
	height?: number
	/** The empty text (default 'There are no orders available.'). */
	empty?: ReactNode
}

/** The palette a series without its own colour takes, in order (all design tokens). */
export const SERIES_COLOURS: readonly ChartColour[] = [
	{ token: '--color-info-solid', fallback: '#1565c0' },
	{ token: '--color-success-solid', fallback: '#2e7d32' },
	{ token: '--color-warning-solid', fallback: '#c97a00' },
	{ token: '--color-danger-solid', fallback: '#c62828' },
	{ token: '--color-closed-solid', fallback: '#00796b' },
	{ token: '--color-transit-solid', fallback: '#b35900' },
	{ token: '--color-verified-solid', fallback: '#d97706' },
	{ token: '--color-neutral-solid', fallback: '#57606a' },
]

/** Whether there is anything to draw: some value other than nothing or zero. */
export function hasChartData(series: readonly ChartSeries[], categories: readonly string[]): boolean {
	return categories.length > 0 && series.some((s) => s.data.some((v) => v !== null && v !== 0))
}

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
				<figure className="dash-chart__drawing" aria-label={`${title} chart; the numbers are in the table below`}>
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
export function ChartTable({ kind, title, categories, categoryHeader, series, format = plain, totals }: ChartProps) {
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
							return <td key={s.name}>{v === null || v === undefined ? '—' : format(v)}</td>
						})}
						{withTotals ? <td>{format(rowTotal(i))}</td> : null}
					</tr>
				))}
			</tbody>
			{totals ? (
				<tfoot>
					<tr>
						<th scope="row">Total</th>
						{shown.map((s) => (
							<td key={s.name}>{format(s.data.reduce<number>((sum, v) => sum + (v ?? 0), 0))}</td>
						))}
						{withTotals ? <td>{format(categories.reduce((sum, _, i) => sum + rowTotal(i), 0))}</td> : null}
					</tr>
				</tfoot>
			) : null}
		</Table>
	)
}
