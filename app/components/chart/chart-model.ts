import type { ReactNode } from 'react'

/** The chart's data model and palette, shared by the table (chart.tsx) and the drawing (chart.client.tsx). */

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
	/** How this series' values read, when not as the chart's `format` (a table of spend and rates). */
	format?: (value: number) => string
	/** A scatter's axis of this series: how its ticks read, when shorter than `format` ('$50K', '20%'). */
	axisFormat?: (value: number) => string
	/** A column of the table only, not drawn (a count or ratio beside the drawn amounts). */
	tableOnly?: boolean
}

/** 'scatter': one point per category, the first series its x, the second its y. */
export type ChartKind = 'bar' | 'stacked' | 'line' | 'donut' | 'scatter'

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
	/** How the value axis' ticks read, when shorter than `format` ('$20K' for '$20,000.00'). */
	axisFormat?: (value: number) => string
	/** A Total column (and row) in the table: stacked bars and donuts. */
	totals?: boolean
	/** Bars drawn sideways (long category names). */
	horizontal?: boolean
	/** The value axis' title ('Days'). */
	valueLabel?: string
	height?: number
	/** A donut's slice colours, one per category (default: the palette in turn). */
	sliceColours?: ChartColour[]
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
export function hasChartData(
	series: readonly ChartSeries[],
	categories: readonly string[],
): boolean {
	return (
		categories.length > 0 &&
		series.some((s) => !s.tableOnly && s.data.some((v) => v !== null && v !== 0))
	)
}

/** Late and on-time deliveries, wherever they are drawn (the Overview's donut, Carrier Performance's bars). */
export const LATE_COLOUR: ChartColour = { token: '--color-danger-solid', fallback: '#c62828' }
export const ON_TIME_COLOUR: ChartColour = { token: '--color-success-solid', fallback: '#2e7d32' }
