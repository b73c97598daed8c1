/**
 * The signed-in search at scale ("search and export timed at 100k and 1M orders,
 * printed as figures and as the ratio to the 1k case; the CSV export's peak memory").
 *
 *   npm run bench -- search [--scales 1000,10000,100000] [--samples 5]
 *   npm run bench -- search --scales 1000,100000 --search-db DIR|postgres://… [--search-orders 1000000]
 *
 * The scales (default 1k, 10k, 100k; also BENCH_SCALES) run on one in-memory PGlite (or
 * DATABASE_URL) with the migrations and the demo data, growing acme's generated orders
 * (seedScale, 'BX-nnnnnnn', one to three shipments each) step by step. A million orders do
 * not fit comfortably in PGlite's in-memory heap and take long to seed (minutes on an idle
 * machine, far longer on a busy one), so they are a separate, opt-in case:
 * --search-db measures a PGlite folder (DIR) or a PostgreSQL database (postgres://…) as one
 * more column (its generated orders counted), after seeding it up to --search-orders first
 * if it has fewer (a later run reuses it). It can also be filled beforehand with
 * `DATA_DIR=DIR npm run seed -- --orders 1000000` (or DATABASE_URL=…).
 *
 * Each case is the API's own query functions on the search read model (ADR 0021): the
 * first page (10 rows, default sort) with its exact count, p50 and p95 of the samples:
 *   - quick:       the header search 'SO-10' (prefix; 19 orders): the match, then page 1 with row and order counts
 *   - prefix:      order number prefix 'BX-00001' (a narrow prefix among the generated orders)
 *   - tracking:    an exact tracking number of a generated order
 *   - location:    final shipping location name containing 'a' (most rows; under three letters, no trigram)
 *   - locationWord: final shipping location name containing 'medical' (trigrams; about a sixth of the rows)
 *   - carrier:     one carrier (the generated orders spread over the carriers)
 *   - conveyance:  one conveyance type (Ground: most rows)
 *   - tag:         one tag (demo orders only: the generated ones carry none)
 *   - tree:        a destination country of the location tree (country:US)
 *   - month:       one month of shipment dates
 *   - carrierMonth: one carrier over one month
 *   - locationCarrier: location name containing 'a' and one carrier
 *   - custom:      the custom order detail (a demo attribute)
 *   - allPage:     no filter at all, page 1 with the count of every row
 *   - export:      the CSV of every row as the route streams it (exportCsv: PostgreSQL COPY, PGlite keyset
 *                  batches of COPY to /dev/blob), once: wall time, rows/s, time to the first data row, CPU
 *                  seconds of this process (PGlite runs in it; PostgreSQL's own CPU is not counted), and
 *                  the peak growth of the JS heap and of the RSS over the export
 * Figures are printed, then each p95 as a ratio to the first scale's. No assertions.
 */
import { parseArgs } from 'node:util'
import { and, count, eq, like, sql } from 'drizzle-orm'
import {
	openDatabase,
	migrate,
	vacuumReadModels,
	type Database,
	type DatabaseHandle,
} from '../server/db/client'
import { seedDemo } from '../server/db/seed/demo'
import { seedScale } from '../server/db/seed/scale'
import { organizations, shipSets } from '../server/db/schema'
import { quickMatch, searchPage } from '../server/search/search.queries'
import { exportCsv } from '../server/search/export.queries'
import type { SearchFilters, SearchSort } from '../server/search/filters'
import { scalesFromArgs } from './harness'

const { values } = parseArgs({
	options: {
		samples: { type: 'string', default: '20' },
		'search-db': { type: 'string' },
		'search-orders': { type: 'string' },
	},
	// npm run bench passes every bench the same options: ignore what is not ours.
	strict: false,
	allowPositionals: true,
})
const scales = scalesFromArgs()
const samples = Math.max(1, Number(values.samples) || 20)
const bigDb = typeof values['search-db'] === 'string' ? values['search-db'] : undefined
const dirOrders = Number(String(values['search-orders'] ?? '0').replace(/_/g, '')) || 0
const SORT: SearchSort = { column: 'order_number', direction: 'asc' }
const PAGE = { page: 1, perPage: 10 }
const CASES = [
	'quick',
	'prefix',
	'tracking',
	'location',
	'locationWord',
	'carrier',
	'conveyance',
	'tag',
	'tree',
	'month',
	'carrierMonth',
	'locationCarrier',
	'custom',
	'allPage',
] as const
type Row = Record<string, number>

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
	await fn() // warm up
	const runs: number[] = []
	for (let i = 0; i < samples; i++) {
		const t = performance.now()
		await fn()
		runs.push(performance.now() - t)
	}
	runs.sort((a, b) => a - b)
	const at = (q: number) => runs[Math.min(runs.length - 1, Math.ceil(q * runs.length) - 1)]!
	return { p50: at(0.5), p95: at(0.95) }
}

async function acmeId(db: Database) {
	const [org] = await db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, 'acme'))
	return org!.id
}

async function generatedOrders(db: Database, orgId: string) {
	const [r] = await db
		.select({ n: count() })
		.from(shipSets)
		.where(and(eq(shipSets.organizationId, orgId), like(shipSets.name, 'BX-%')))
	return Number(r?.n ?? 0)
}

async function grow(db: Database, from: number, to: number) {
	if (to <= from) return
	const t = performance.now()
	await seedScale(db, { orders: to - from, organizationSlug: 'acme', batchSize: 2000 })
	console.error(
		`seeded ${(to - from).toLocaleString('en-US')} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`,
	)
}

/** Fresh statistics, and the read model's pages all-visible (what the server's periodic vacuum keeps). */
async function settle(handle: DatabaseHandle) {
	await handle.db.execute(sql`analyze`)
	await vacuumReadModels(handle)
}

const one = async <T>(db: Database, query: ReturnType<typeof sql>) =>
	(await db.execute<T & Record<string, unknown>>(query)).rows[0]!

/** Every case at the database's current size. */
async function measure(db: Database, orders: number): Promise<Row> {
	const orgId = await acmeId(db)
	const { t: tracking } = await one<{ t: string }>(
		db,
		sql`select tracking_number as t from shipments where organization_id = ${orgId} and tracking_number is not null order by id limit 1`,
	)
	// The carrier of most shipments, Ground, a demo tag and a demo custom attribute of this supply chain.
	const { id: carrier } = await one<{ id: string }>(
		db,
		sql`select carrier_id as id from shipments where organization_id = ${orgId} and carrier_id is not null group by 1 order by count(*) desc limit 1`,
	)
	const { id: ground } = await one<{ id: string }>(
		db,
		sql`select id from conveyance_types where name = 'Ground'`,
	)
	const { id: tag } = await one<{ id: string }>(
		db,
		sql`select tag_id as id from ship_set_tags where organization_id = ${orgId} group by 1 order by count(*) desc limit 1`,
	)
	const attr = await one<{ type: string; value: string }>(
		db,
		sql`select custom_attribute_type_id as type, value from custom_attributes where organization_id = ${orgId} and value not like '[%' limit 1`,
	)
	// The last full month of shipment dates.
	const { from, to } = await one<{ from: string; to: string }>(
		db,
		sql`select to_char(date_trunc('month', now()) - interval '1 month', 'YYYY-MM-DD') as from, to_char(date_trunc('month', now()) - interval '1 day', 'YYYY-MM-DD') as to`,
	)
	const page = (f: SearchFilters) => () => searchPage(db, orgId, f, SORT, PAGE)
	const filters: Record<Exclude<(typeof CASES)[number], 'quick'>, SearchFilters> = {
		prefix: { orderNumber: 'BX-00001' },
		tracking: { trackingNumber: tracking },
		location: { customerName: 'a' },
		locationWord: { customerName: 'medical' },
		carrier: { carrierIds: [carrier] },
		conveyance: { conveyanceTypeIds: [ground] },
		tag: { tagIds: [tag] },
		tree: { destinations: [{ country: 'US' }] },
		month: { shippedFrom: from, shippedTo: to },
		carrierMonth: { carrierIds: [carrier], shippedFrom: from, shippedTo: to },
		locationCarrier: { customerName: 'a', carrierIds: [carrier] },
		custom: { customAttribute: { typeId: attr.type, value: attr.value } },
		allPage: {},
	}
	const row: Row = { orders }
	const counts: Record<string, number> = {}
	const q = await time(async () => {
		const m = await quickMatch(db, orgId, 'SO-10')
		await searchPage(db, orgId, m!.filters, SORT, PAGE, true)
	})
	row['quick p50'] = q.p50
	row['quick p95'] = q.p95
	for (const [name, f] of Object.entries(filters)) {
		const t = await time(page(f))
		row[`${name} p50`] = t.p50
		row[`${name} p95`] = t.p95
		counts[name] = (await searchPage(db, orgId, f, SORT, PAGE)).count
	}
	console.error(`rows matched at ${orders.toLocaleString('en-US')}: ${JSON.stringify(counts)}`)

	// The export: once (it reads everything), as the route streams it.
	global.gc?.()
	const base = process.memoryUsage()
	let peakHeap = 0
	let peakRss = 0
	let lines = 0
	let firstRow = 0
	const cpu = process.cpuUsage()
	const t = performance.now()
	const reader = exportCsv(db, orgId, {}, 'asc', { localShipmentDate: true }).getReader()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++
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
	row.rowsPerS = Math.round((lines - 1) / (row.export / 1000))
	row.peakHeapMB = +(peakHeap / 1e6).toFixed(1)
	row.peakRssMB = +(peakRss / 1e6).toFixed(1)
	console.error(JSON.stringify(row))
	return row
}

async function main() {
	const table: Row[] = []
	const memory: DatabaseHandle = await openDatabase(
		process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { memory: true },
	)
	try {
		await migrate(memory)
		await seedDemo(memory.db)
		const orgId = await acmeId(memory.db)
		for (const scale of scales) {
			await grow(memory.db, await generatedOrders(memory.db, orgId), scale)
			await settle(memory)
			table.push(await measure(memory.db, scale))
		}
	} finally {
		await memory.close()
	}
	if (bigDb) {
		const folder = await openDatabase(
			/^postgres(ql)?:\/\//.test(bigDb) ? { databaseUrl: bigDb } : { dataDir: bigDb },
		)
		try {
			await migrate(folder)
			await seedDemo(folder.db)
			const orgId = await acmeId(folder.db)
			await grow(folder.db, await generatedOrders(folder.db, orgId), dirOrders)
			await settle(folder) // a seed that was stopped early did not
			table.push(await measure(folder.db, await generatedOrders(folder.db, orgId)))
		} finally {
			await folder.close()
		}
	}

	const backend = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'
	console.log(
		`\nSearch: first page with its exact count, ms (p50 / p95 of ${samples} samples), ${backend}${bigDb ? `; last column ${bigDb}` : ''}`,
	)
	const first = table[0]!
	console.log(
		['case', ...table.map((r) => `${r.orders!.toLocaleString('en-US')} orders`)].join(' | '),
	)
	console.log(['---', ...table.map(() => '---')].join(' | '))
	for (const c of CASES) {
		console.log(
			[
				c,
				...table.map(
					(r) =>
						`${r[`${c} p50`]!.toFixed(1)} / ${r[`${c} p95`]!.toFixed(1)} (p95 ×${(r[`${c} p95`]! / first[`${c} p95`]!).toFixed(2)})`,
				),
			].join(' | '),
		)
	}
	console.log('\nExport of every row (once)')
	console.table(
		table.map((r) => ({
			orders: r.orders,
			rows: r.exportRows,
			'wall s': +(r.export! / 1000).toFixed(1),
			'rows/s': r.rowsPerS,
			'CPU s': r.exportCpuS,
			'first row ms': +r.firstRow!.toFixed(1),
			'peak heap MB': r.peakHeapMB,
			'peak RSS MB': r.peakRssMB,
		})),
	)
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
