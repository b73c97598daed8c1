import type { ChartSeries } from '~/components/chart/chart'
import { AGE_BUCKETS, ageBucket, type IssuesView } from '../format'

/** 001 §3 "Issues log entry: statusTypeName, days, count, deliveryValue". */
interface IssuesLogEntry {
	statusTypeName: string
	days: number
	count: number
	deliveryValue: number
}

/**
 * The Issues Log chart (001 §2 "Chart of issues by status type, coloured by age"): one row per
 * issue type, most issues first (then by name), one series per age group (001 §9 "colours by age
 * of 1 day, 3 days and 5 days", and more than 5), holding counts or delivery values ("toggles
 * between count and deliveryValue", 001 §4).
 */
export function issuesChart(
	entries: readonly IssuesLogEntry[],
	view: IssuesView,
): { categories: string[]; series: ChartSeries[] } {
	const totals = new Map<string, number>()
	for (const e of entries)
		totals.set(e.statusTypeName, (totals.get(e.statusTypeName) ?? 0) + e.count)
	const categories = [...totals.keys()].sort(
		(a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b),
	)
	const series = AGE_BUCKETS.map((bucket) => ({
		name: bucket.label,
		colour: { token: bucket.token, fallback: bucket.fallback },
		data: categories.map((name) =>
			entries
				.filter((e) => e.statusTypeName === name && ageBucket(e.days).days === bucket.days)
				.reduce((sum, e) => sum + (view === 'value' ? e.deliveryValue : e.count), 0),
		),
	}))
	return { categories, series }
}
