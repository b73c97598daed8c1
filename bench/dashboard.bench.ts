/**
 * The tabbed dashboard's lists and the reference lists, at growing scale:
 * how their time grows with the number of orders of the supply chain.
 */
import { benchApi, printTable, scalesFromArgs, time } from './harness'

const scales = scalesFromArgs()
const h = await benchApi()
const olivia = {
	Authorization: `Bearer ${await h.token('olivia@acme.test')}`,
	'X-Supply-Chain': 'acme',
}
const cases: [string, string][] = [
	['live feed, first page', '/api/web/dashboard/live_feed?offset=0&limit=10'],
	['live feed, page 50', '/api/web/dashboard/live_feed?offset=490&limit=10'],
	['following', '/api/web/dashboard/following'],
	['recently viewed', '/api/web/dashboard/recently_viewed'],
	['carrier names', '/api/web/carriers/names'],
	['destination tree', '/api/web/locations?level=order'],
	['origin tree', '/api/web/locations?level=shipment'],
]
const results = new Map<string, { p50: number; p95: number }[]>(cases.map(([name]) => [name, []]))
for (const scale of scales) {
	console.log(`scale ${scale.toLocaleString('en-US')}`)
	await h.growTo(scale)
	for (const [name, path] of cases) results.get(name)!.push(await time(() => h.get(path, olivia)))
}
printTable('Dashboard and reference lists (SCM API in memory, PGlite)', scales, results)
await h.close()
