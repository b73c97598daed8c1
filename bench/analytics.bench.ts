/**
 * The freight-cost report's calls ("the report's endpoints at 1k, 100k and 1M orders,
 * p95 and ratios"), as the analytics page and its CSV links make them, at growing scale.
 *
 *   npm run bench -- analytics [--scales 1000,100000] [--analytics-db DIR|postgres://… --analytics-orders 1000000]
 *
 * Like dashboard-widgets.bench.ts: the scales grow one in-memory database (or DATABASE_URL); the
 * generated orders' freight costs go in with the triggers off and the rollup is rebuilt once
 * (seedScale). --analytics-db measures a PGlite folder or a PostgreSQL database after growing it to
 * --analytics-orders orders (once; a later run reuses it). Each cell: p50 and p95 in ms, the p95's
 * ratio to the first column, and orders summarised per second at the p50.
 */
import { parseArgs } from 'node:util'
import { scalesFromArgs, timeCallsAtScales, type BenchApi } from './harness'
import { monthOf } from '../server/analytics/analytics.queries'

const { values } = parseArgs({
	options: {
		'analytics-db': { type: 'string' },
		'analytics-orders': { type: 'string' },
		scales: { type: 'string' },
	},
	strict: false,
})
const scales = scalesFromArgs([1_000, 100_000])
const bigDb = typeof values['analytics-db'] === 'string' ? values['analytics-db'] : undefined
const bigOrders = Number(values['analytics-orders'] ?? 1_000_000)

async function cases(h: BenchApi, headers: Record<string, string>): Promise<[string, string][]> {
	const res = await h.api.fetch(
		new Request(new URL('/private/analytics/1.0/freight_cost', 'http://scm.internal'), { headers }),
	)
	const report = (await res.json()) as {
		carriers: { id: string; name: string }[]
		by_lane: { lane: string }[]
		from: string
		to: string
	}
	const carrier = report.carriers.find((c) => c.name === 'Maersk')?.id ?? report.carriers[0]!.id
	const end = new Date(`${report.to}-01T00:00:00Z`)
	const lane = encodeURIComponent(report.by_lane[0]?.lane ?? '')
	return [
		['report, last 12 months', '/private/analytics/1.0/freight_cost'],
		[
			'report, 3 months',
			`/private/analytics/1.0/freight_cost?from=${monthOf(end, -2)}&to=${report.to}`,
		],
		['report, carrier', `/private/analytics/1.0/freight_cost?carrier=${carrier}`],
		['report, lane', `/private/analytics/1.0/freight_cost?lane=${lane}`],
		[
			'report, carrier + lane, 36 months',
			`/private/analytics/1.0/freight_cost?from=${monthOf(end, -35)}&to=${report.to}&carrier=${carrier}&lane=${lane}`,
		],
		['CSV by lane', '/private/analytics/1.0/freight_cost/export?table=lane'],
		[
			'CSV by month, carrier',
			`/private/analytics/1.0/freight_cost/export?table=month&carrier=${carrier}`,
		],
	]
}

await timeCallsAtScales('Freight-cost report', { scales, bigDb, bigOrders }, cases)
