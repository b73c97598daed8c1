/**
 * The dashboard's widget calls (001 §7; "each widget endpoint at 1k, 100k and 1M orders,
 * p95 at 1M within 3× of 1k and under 100 ms"), as the widget page and the card dashboard make
 * them, at growing scale.
 *
 *   npm run bench -- dashboard-widgets [--scales 1000,100000] [--widgets-db DIR|postgres://… --widgets-orders 1000000]
 *
 * The scales grow one in-memory database (or DATABASE_URL); --widgets-db measures a PGlite folder
 * or a PostgreSQL database as one more column after growing it to --widgets-orders generated orders
 * (once: a later run reuses it; `DATA_DIR=DIR npm run seed -- --orders 1000000` fills it too).
 * Each cell: p50 and p95 in ms, the p95's ratio to the first column, and orders summarised per
 * second at the p50 (the supply chain's orders ÷ p50).
 */
import { parseArgs } from 'node:util'
import { scalesFromArgs, timeCallsAtScales, type BenchApi } from './harness'

const { values } = parseArgs({
	options: {
		'widgets-db': { type: 'string' },
		'widgets-orders': { type: 'string' },
		scales: { type: 'string' },
	},
	strict: false,
})
const scales = scalesFromArgs([1_000, 100_000])
const bigDb = typeof values['widgets-db'] === 'string' ? values['widgets-db'] : undefined
const bigOrders = Number(values['widgets-orders'] ?? 1_000_000)

/** The calls, with the widgets' default filters and one narrowing filter each where they have one. */
async function cases(h: BenchApi, headers: Record<string, string>): Promise<[string, string][]> {
	const orderTypes = JSON.parse(
		new TextDecoder().decode(await raw(h, '/api/web/order_types', headers)),
	) as { order_types?: { id: string }[] }
	const type = orderTypes.order_types?.[0]?.id ?? ''
	const descriptions = JSON.parse(
		new TextDecoder().decode(await raw(h, '/api/web/carrier_codes/descriptions', headers)),
	) as { carrier_descriptions: string[] }
	const carrier = encodeURIComponent(descriptions.carrier_descriptions[0] ?? '')
	return [
		['following (5)', '/api/web/orders/following?limit=5'],
		['recently viewed (10)', '/api/web/orders/recently-viewed?limit=10'],
		['without updates, 2 days', '/api/web/orders/without-updates?before=2&limit=5'],
		[
			'without updates, 14 days + order type',
			`/api/web/orders/without-updates?before=14&limit=5&order_type=${type}`,
		],
		[
			'without updates, carrier',
			`/api/web/orders/without-updates?before=2&limit=5&carrier_description=${carrier}`,
		],
		['average time, 12 months', '/api/web/orders/average-time?months=12'],
		[
			'average time, 3 months + order type',
			`/api/web/orders/average-time?months=3&order_type=${type}`,
		],
		[
			'carrier average days, 6 months',
			'/api/web/orders/carrier-average-days?months=6&conveyance_type=0',
		],
		['issues log', '/api/web/shipments/issues-log'],
		[
			'issues log v2, 2 days + carrier',
			`/api/web/shipments/issues-log-v2?before=2&carrier_description=${carrier}`,
		],
		['late vs on time, 12 months', '/api/dashboard/orders/late-vs-ontime?months=12'],
		['carriers late/on time, year', '/api/dashboard/carriers/late-ontime-shipments?duration=year'],
		['carrier trends, quarter', '/api/dashboard/carriers/trends?duration=quarter&offset=0'],
		['carrier descriptions', '/api/web/carrier_codes/descriptions'],
		['issue types', '/api/web/status_types/3/substatus_types'],
	]
}

async function raw(h: BenchApi, path: string, headers: Record<string, string>) {
	const res = await h.api.fetch(new Request(new URL(path, 'http://scm.internal'), { headers }))
	return res.arrayBuffer()
}

await timeCallsAtScales('Dashboard widgets', { scales, bigDb, bigOrders }, cases)
