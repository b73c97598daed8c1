/**
 * The signed-in search at scale (issue 5: "search and export timed at 100k and 1M orders,
 * printed as figures and as the ratio to the 1k case; the CSV export's peak memory").
 *
 *   npx tsx bench/search.ts [--sizes 1000,10000,100000] [--samples 5]
 *
 * One in-memory PGlite with the migrations and the demo data; generated orders
 * (seedScale, 'BX-nnnnnnn', one shipment each) are added step by step up to each size.
 * At each size, the API's own query functions are timed (median of the samples):
 *   - quick:     the header search 'SO-10' (prefix; 19 orders) — page 1 with its count
 *   - prefix:    order number prefix 'BX-00001' (a narrow prefix among the scale orders)
 *   - tracking:  an exact tracking number of a scale order
 *   - location:  final shipping location name containing 'a' (broad; trigram + count)
 *   - all page:  no filter, page 1 sorted by order number, with the count of every row
 *   - export:    the CSV of every row (keyset batches of 1,000), time and peak heap/RSS growth
 * Figures are printed, then each as a ratio to the first size.
 */
import { parseArgs } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { openDatabase, migrate } from '../server/db/client'
import { seedDemo } from '../server/db/seed/demo'
import { seedScale } from '../server/db/seed/scale'
import { organizations } from '../server/db/schema'
import { quickMatch, searchBatches, searchPage } from '../server/api/queries/search'
import { csvStream } from '../server/api/queries/search-csv'
import type { SearchFilters, SearchSort } from '../server/api/queries/search-filters'

const { values } = parseArgs({
	options: { sizes: { type: 'string', default: '1000,10000,100000' }, samples: { type: 'string', default: '5' } },
})
const sizes = values.sizes.split(',').map((s) => Number(s.replace(/_/g, '')))
const samples = Math.max(1, Number(values.samples))
const SORT: SearchSort = { column: 'order_number', direction: 'asc' }
const PAGE = { page: 1, perPage: 10 }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
async function time(fn: () => Promise<unknown>): Promise<number> {
	const runs: number[] = []
	for (let i = 0; i < samples; i++) {
		const t = performance.now()
		await fn()
		runs.push(performance.now() - t)
	}
	return median(runs)
}

async function main() {
	const handle = await openDatabase({ memory: true })
	await migrate(handle)
	await seedDemo(handle.db)
	const db = handle.db
	const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'acme'))
	const orgId = org!.id
	const table: Record<string, number | string>[] = []
	let seeded = 0
	for (const size of sizes) {
		if (size > seeded) {
			const t = performance.now()
			await seedScale(db, { orders: size - seeded, batchSize: 2000 })
			console.error(`seeded ${size - seeded} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`)
			seeded = size
			await db.execute(sql`analyze`)
		}
		const tracking = await db.execute<{ t: string }>(
			sql`select tracking_number as t from shipments where organization_id = ${orgId} and tracking_number is not null order by id limit 1`,
		)
		const page = (f: SearchFilters) => () => searchPage(db, orgId, f, SORT, PAGE)
		const row: Record<string, number | string> = { orders: size }
		row.quick = await time(async () => {
			const m = await quickMatch(db, orgId, 'SO-10')
			await searchPage(db, orgId, m!.filters, SORT, PAGE)
		})
		row.prefix = await time(page({ orderNumber: 'BX-00001' }))
		row.tracking = await time(page({ trackingNumber: tracking.rows[0]!.t }))
		row.location = await time(page({ customerName: 'a' }))
		row.allPage = await time(page({}))
		// The export: once (it reads everything), measuring time, rows and memory growth.
		global.gc?.()
		const baseHeap = process.memoryUsage().heapUsed
		const baseRss = process.memoryUsage().rss
		let peakHeap = 0
		let peakRss = 0
		let lines = 0
		let bytes = 0
		const t = performance.now()
		const reader = csvStream(searchBatches(db, orgId, {}, SORT)).getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			bytes += value.byteLength
			for (const b of value) if (b === 10) lines++
			const m = process.memoryUsage()
			peakHeap = Math.max(peakHeap, m.heapUsed - baseHeap)
			peakRss = Math.max(peakRss, m.rss - baseRss)
		}
		row.export = performance.now() - t
		row.exportRows = lines - 1
		row.exportMB = +(bytes / 1e6).toFixed(1)
		row.peakHeapMB = +(peakHeap / 1e6).toFixed(1)
		row.peakRssMB = +(peakRss / 1e6).toFixed(1)
		table.push(row)
		console.error(JSON.stringify(row))
	}
	await handle.close()

	const timed = ['quick', 'prefix', 'tracking', 'location', 'allPage', 'export'] as const
	console.log('\nmilliseconds (median of', samples, 'samples; export once)')
	console.table(table.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && timed.includes(k as never) ? +v.toFixed(1) : v]))))
	const base = table[0]!
	console.log(`ratio to ${base.orders} orders`)
	console.table(
		table.map((r) => ({
			orders: r.orders,
			...Object.fromEntries(timed.map((k) => [k, +((r[k] as number) / (base[k] as number)).toFixed(2)])),
		})),
	)
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
