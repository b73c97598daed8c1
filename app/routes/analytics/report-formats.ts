/** The freight-cost report's formats and links, pure so that the page and its tests share them. */

export const REPORT_EMPTY = 'No freight costs in this range. Widen the dates or clear the filters.'

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const PER_KG = new Intl.NumberFormat('en-US', {
	style: 'currency',
	currency: 'USD',
	minimumFractionDigits: 2,
	maximumFractionDigits: 2,
})

export const whole = (n: number) => WHOLE.format(n)
/** A 0…1 share as a percentage with one decimal: 0.8125 → '81.3%'. */
export const percent = (n: number) => `${(n * 100).toFixed(1)}%`
/** A 0…1 share as a whole percentage, for an axis' round ticks: 0.2 → '20%'. */
export const wholePercent = (n: number) => `${Math.round(n * 100)}%`
export const perKg = (n: number) => `${PER_KG.format(n)}/kg`

/** 'YYYY-MM' as 'Jan 2026' (UTC, the report's months). */
export function monthLabel(month: string): string {
	const d = new Date(`${month}-01T00:00:00Z`)
	if (Number.isNaN(+d)) return month
	return d.toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/** The CSV download of one table, with the page's filters. */
export function exportHref(table: string, filters: URLSearchParams): string {
	const q = new URLSearchParams(filters)
	q.set('table', table)
	return `/analytics/freight-cost/export?${q}`
}
