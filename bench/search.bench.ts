/**
 * The signed-in search at scale (issue 5: "search and export timed at 100k and 1M orders,
 * printed as figures and as the ratio to the 1k case; the CSV export's peak memory").
 *
 *   npm run bench -- search [--scales 1000,10000,100000] [--samples 5]
 *   npm run bench -- search --scales 1000,100000 --search-db DIR|postgres://… [--search-orders 1000000]
 *
 * The scales (default 1k, 10k, 100k; also BENCH_SCALES) run on one in-memory PGlite (or
 * DATABASE_URL) with the migrations and the demo data, growing acme's generated orders
 * (seedScale, 'BX-nnnnnnn', one to three shipments each) step by step. A million orders do
 * not fit comfortably in PGlite's in-memory heap and take long to seed (7 minutes on an idle
 * 2-core machine, an hour or more on a busy one), so they are a separate, opt-in case:
 * --search-db measures a PGlite folder (DIR) or a PostgreSQL database (postgres://…) as one
 * more column (its generated orders counted), after seeding it up to --search-orders first
 * if it has fewer (a later run reuses it). It can also be filled beforehand with
 * `DATA_DIR=DIR npm run seed -- --orders 1000000` (or DATABASE_URL=…).
 *
 * Each case is the API's own query functions, median of the samples:
 *   - quick:     the header search 'SO-10' (prefix; 19 orders): the match, then page 1 with its count
 *   - prefix:    order number prefix 'BX-00001' (a narrow prefix among the generated orders)
 *   - tracking:  an exact tracking number of a generated order
 *   - location:  final shipping location name containing 'a' (broad; trigram + count)
 *   - allPage:   no filter, page 1 sorted by order number, with the count of every row
 *   - export:    the CSV of every row (the route's stream over exportBatches), once: total time,
 *                time to the first data row, CPU seconds (PGlite runs in this process: its work
 *                counts, which makes this the figure to compare on a busy machine), rows,
 *                and the peak growth of the JS heap and the RSS
 * Figures are printed, then each as a ratio to the first scale. No assertions.
 */
import { parseArgs } from 'node:util'
import { and, count, eq, like, sql } from 'drizzle-orm'
import { openDatabase, migrate, type Database, type DatabaseHandle } from '../server/db/client'
import { seedDemo } from '../server/db/seed/demo'
import { seedScale } from '../server/db/seed/scale'
import { organizations, shipSets } from '../server/db/schema'
import { exportBatches, quickMatch, searchPage } from '../server/api/queries/search'
import { csvStream } from '../server/api/queries/search-csv'
import type { SearchFilters, SearchSort } from '../server/api/queries/search-filters'
import { scalesFromArgs } from './harness'

const { values } = parseArgs({
	options: { samples: { type: 'string', default: '5' }, 'search-db': { type: 'string' }, 'search-orders': { type: 'string' } },
	// npm run bench passes every bench the same options: ignore what is not ours.
	strict: false,
	allowPositionals: true,
})
const scales = scalesFromArgs()
const samples = Math.max(1, Number(values.samples) || 5)
const bigDb = typeof values['search-db'] === 'string' ? values['search-db'] : undefined
const dirOrders = Number(String(values['search-orders'] ?? '0').replace(/_/g, '')) || 0
const SORT: SearchSort = { column: 'order_number', direction: 'asc' }
const PAGE = { page: 1, perPage: 10 }
const TIMED = ['quick', 'prefix', 'tracking', 'location', 'allPage', 'export', 'firstRow'] as const
type Row = Record<string, number>

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
async function time(fn: () => Promise<unknown>): Promise<number> {
	await fn() // warm up
	const runs: number[] = []
	for (let i = 0; i < samples; i++) {
		const t = performance.now()
		await fn()
		runs.push(performance.now() - t)
	}
	return median(runs)
}

async function acmeId(db: Database) {
	const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'acme'))
	return org!.id
}

async function generatedOrders(db: Database, orgId: string) {
	const [r] = await db.select({ n: count() }).from(shipSets).where(and(eq(shipSets.organizationId, orgId), like(shipSets.name, 'BX-%')))
	return Number(r?.n ?? 0)
}

async function grow(db: Database, from: number, to: number) {
	if (to <= from) return
	const t = performance.now()
	await seedScale(db, { orders: to - from, organizationSlug: 'acme', batchSize: 2000 })
	console.error(`seeded ${(to - from).toLocaleString('en-US')} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`)
	await db.execute(sql`analyze`)
}

/** Every case at the database's current size. */
async function measure(db: Database, orders: number): Promise<Row> {
	const orgId = await acmeId(db)
	const tracking = await db.execute<{ t: string }>(
		sql`select tracking_number as t from shipments where organization_id = ${orgId} and tracking_number is not null order by id limit 1`,
	)
	const page = (f: SearchFilters) => () => searchPage(db, orgId, f, SORT, PAGE)
	const row: Row = { orders }
	row.quick = await time(async () => {
		const m = await quickMatch(db, orgId, 'SO-10')
		await searchPage(db, orgId, m!.filters, SORT, PAGE)
	})
	row.prefix = await time(page({ orderNumber: 'BX-00001' }))
	row.tracking = await time(page({ trackingNumber: tracking.rows[0]!.t }))
	row.location = await time(page({ customerName: 'a' }))
	row.allPage = await time(page({}))

	// The export: once (it reads everything), as the route streams it.
	global.gc?.()
	const base = process.memoryUsage()
	let peakHeap = 0
	let peakRss = 0
	let lines = 0
	let firstRow = 0
	const cpu = process.cpuUsage()
	const t = performance.now()
	const reader = csvStream(exportBatches(db, orgId, {}, 'asc')).getReader()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		for (const b of value) if (b === 10) lines++
		if (!firstRow && lines > 1) firstRow = performance.now() - t
		const m = process.memoryUsage()
		peakHeap = Math.max(peakHeap, m.heapUsed - base.heapUsed)
		peakRss = Math.max(peakRss, m.rss - base.rss)
	}
	row.export = performance.now() - t
	// CPU seconds of this process (with PGlite, the database's work too): steadier than wall time on a busy machine.
	const used = process.cpuUsage(cpu)
	row.exportCpuS = +((used.user + used.system) / 1e6).toFixed(1)
	row.firstRow = firstRow
	row.exportRows = lines - 1
	row.peakHeapMB = +(peakHeap / 1e6).toFixed(1)
	row.peakRssMB = +(peakRss / 1e6).toFixed(1)
	console.error(JSON.stringify(row))
	return row
}

async function main() {
	const table: Row[] = []
	const memory: DatabaseHandle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { memory: true })
	try {
		await migrate(memory)
		await seedDemo(memory.db)
		const orgId = await acmeId(memory.db)
		for (const scale of scales) {
			await grow(memory.db, await generatedOrders(memory.db, orgId), scale)
			table.push(await measure(memory.db, scale))
		}
	} finally {
		await memory.close()
	}
	if (bigDb) {
		const folder = await openDatabase(/^postgres(ql)?:\/\//.test(bigDb) ? { databaseUrl: bigDb } : { dataDir: bigDb })
		try {
			await migrate(folder)
			await seedDemo(folder.db)
			const orgId = await acmeId(folder.db)
			await grow(folder.db, await generatedOrders(folder.db, orgId), dirOrders)
			await folder.db.execute(sql`analyze`) // a seed that was stopped early did not
			table.push(await measure(folder.db, await generatedOrders(folder.db, orgId)))
		} finally {
			await folder.close()
		}
	}

	const fmt = (r: Row) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, TIMED.includes(k as never) ? +v.toFixed(1) : v]))
	console.log(`\nSearch and export, milliseconds (median of ${samples} samples; the export once; rows = order × shipment)`)
	console.table(table.map(fmt))
	const first = table[0]!
	console.log(`ratio to ${first.orders!.toLocaleString('en-US')} orders`)
	console.table(table.map((r) => ({ orders: r.orders, ...Object.fromEntries(TIMED.map((k) => [k, +(r[k]! / first[k]!).toFixed(2)])) })))
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
