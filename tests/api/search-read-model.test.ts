import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { AdvancedSearchResponse } from '../../server/search/search.contract'
import {
	carriers,
	events,
	locations,
	organizations,
	shipSets,
	shipments,
} from '../../server/db/schema'
import {
	countedBy,
	countRows,
	exportBatches,
	searchConditions,
} from '../../server/search/search.queries'
import {
	buildLocationTree,
	locationTree,
	type Place,
} from '../../server/reference/locations.queries'
import { csvStream } from '../../server/search/csv'
import { exportCsv } from '../../server/search/export.queries'
import type { SearchFilters } from '../../server/search/filters'
import { createHarness, type Harness } from './harness'

/**
 * The search read model (ADR 0021): search_rows holds one row per result row and is kept by
 * triggers in the transaction of every write, so a search answered after a write shows it,
 * whoever wrote it (the shipment actions here; ingestion writes ship_sets, shipments and
 * events the same way) without calling the search. After every step, the model equals what
 * the joins it replaced would answer (the view search_rows_source), row for row.
 */

let h: Harness
let olivia: string
let so1001: string
let so1007: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	so1001 = await h.orderId('acme', 'SO-1001')
	so1007 = await h.orderId('acme', 'SO-1007')
})
afterAll(async () => {
	await h?.close()
})

const asOlivia = (path: string, init: { method?: string; body?: unknown } = {}) =>
	h.call(path, { token: olivia, supplyChain: 'acme', ...init })
const search = async (query: string) => {
	const res = await asOlivia(`/api/web/search/advanced_search_beta?per_page=100&${query}`)
	expect(res.status, JSON.stringify(res.body)).toBe(200)
	return AdvancedSearchResponse.parse(res.body)
}

/** Rows of the model that the source does not have, and the other way round: both empty when the model is true. */
async function drift() {
	const extra = await h.db.execute(
		sql`select * from search_rows except select * from search_rows_source`,
	)
	const missing = await h.db.execute(
		sql`select * from search_rows_source except select * from search_rows`,
	)
	// And search_counts holds the count of every key it keeps (no more, no fewer).
	const counts = await h.db
		.execute(sql`(select organization_id, dim, key, rows from search_counts where rows <> 0
		except select r.organization_id, k.dim, k.key, count(*) from search_rows r, search_counts_keys(r) k group by 1, 2, 3)
		union all (select r.organization_id, k.dim, k.key, count(*) from search_rows r, search_counts_keys(r) k group by 1, 2, 3
		except select organization_id, dim, key, rows from search_counts)`)
	expect(counts.rows).toEqual([])
	return { extra: extra.rows.length, missing: missing.rows.length }
}

describe('search_rows', () => {
	it('holds exactly the rows of the joins after the seed', async () => {
		expect(await drift()).toEqual({ extra: 0, missing: 0 })
		const [n] = (await h.db.execute<{ n: number }>(sql`select count(*)::int as n from search_rows`))
			.rows
		expect(n!.n).toBeGreaterThan(20)
	})

	it('shows a shipment added, closed and removed through the API in the answer to the next request', async () => {
		const [ups] = await h.db
			.select({ id: carriers.id })
			.from(carriers)
			.innerJoin(organizations, eq(organizations.id, carriers.organizationId))
			.where(and(eq(organizations.slug, 'acme'), eq(carriers.name, 'UPS')))
		expect((await search('tracking_number=RM-TEST-1')).count).toBe(0)
		const added = await asOlivia(`/api/web/ship_sets/${so1007}/shipments`, {
			method: 'POST',
			body: { shipment: { carrier_id: ups!.id, tracking_number: 'RM-TEST-1', final_mile: true } },
		})
		expect(added.status).toBe(201)
		const id = (added.body as { shipment: { id: string } }).shipment.id
		const found = await search('tracking_number=RM-TEST-1')
		expect(
			found.data.map((d) => [
				d.ship_set_name,
				d.shipment_id,
				d.carrier_name,
				d.shipment_status,
				d.final_mile,
			]),
		).toEqual([['SO-1007', id, 'UPS', 'pending', 't']])
		expect(await drift()).toEqual({ extra: 0, missing: 0 })

		const closed = await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${id}/close`, {
			method: 'PUT',
		})
		expect(closed.status).toBe(200)
		expect((await search('tracking_number=RM-TEST-1')).data.map((d) => d.shipment_status)).toEqual([
			'closed',
		])

		// A manually created shipment is removable only while Pending: add another one and remove it.
		const other = await asOlivia(`/api/web/ship_sets/${so1007}/shipments`, {
			method: 'POST',
			body: { shipment: { carrier_id: ups!.id, tracking_number: 'RM-TEST-2' } },
		})
		const otherId = (other.body as { shipment: { id: string } }).shipment.id
		expect((await search('tracking_number=RM-TEST-2')).count).toBe(1)
		const removed = await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${otherId}`, {
			method: 'DELETE',
		})
		expect(removed.status).toBe(200)
		expect((await search('tracking_number=RM-TEST-2')).count).toBe(0)
		expect(await drift()).toEqual({ extra: 0, missing: 0 })
	})

	it("shows an order's new latest event, written as ingestion writes it (event, then the order's pointer, one transaction)", async () => {
		const [order] = await h.db.select().from(shipSets).where(eq(shipSets.id, so1001))
		const at = new Date('2026-11-20T10:00:00Z')
		await h.db.transaction(async (tx) => {
			const [e] = await tx
				.insert(events)
				.values({
					organizationId: order!.organizationId,
					shipSetId: so1001,
					title: 'Arrived at read-model hub',
					eventType: 'transit',
					eventAt: at,
					timezoneName: 'Europe/Berlin',
				})
				.returning({ id: events.id })
			await tx
				.update(shipSets)
				.set({ lastEventId: e!.id, lastEventAt: at })
				.where(eq(shipSets.id, so1001))
			// Inside the writing transaction already: the same transaction reads it.
			const inside = await tx.execute<{ status_name: string }>(
				sql`select distinct status_name from search_rows where ship_set_id = ${so1001}`,
			)
			expect(inside.rows.map((r) => r.status_name)).toEqual(['Arrived at read-model hub'])
		})
		const rows = (await search('order_number=SO-1001')).data
		expect(rows.length).toBe(2)
		for (const r of rows)
			expect([r.status_name, r.status_at, r.timezone]).toEqual([
				'Arrived at read-model hub',
				at.toISOString(),
				'Europe/Berlin',
			])

		// The event itself edited (a correction of its title) reaches the rows too.
		await h.db
			.update(events)
			.set({ title: 'Arrived at the read-model hub' })
			.where(
				eq(
					events.id,
					(
						await h.db
							.select({ id: shipSets.lastEventId })
							.from(shipSets)
							.where(eq(shipSets.id, so1001))
					)[0]!.id!,
				),
			)
		expect(new Set((await search('order_number=SO-1001')).data.map((d) => d.status_name))).toEqual(
			new Set(['Arrived at the read-model hub']),
		)
		expect(await drift()).toEqual({ extra: 0, missing: 0 })
	})

	it("follows a shipment's status and ship date written in place, and its other columns by a refresh, in one statement", async () => {
		// What the ingestion's derivation writes (waymark_ingest_write) is status and ship date only:
		// those three columns of the row change in place (migration 0031). A carrier changed in the same
		// statement refreshes that order's rows whole.
		const row = async (shipmentId: string) =>
			(
				await h.db.execute<{
					shipment_status: string
					shipped_day: string | null
					carrier_name: string | null
				}>(
					sql`select shipment_status, shipped_day::text, carrier_name from search_rows where row_key = ${shipmentId}`,
				)
			).rows[0]!
		// Shipments of three orders: a (status and ship date), b (status), c (carrier).
		const picked = await h.db.execute<{ id: string }>(
			sql`select distinct on (ship_set_id) id from shipments where organization_id = (select id from organizations where slug = 'acme') order by ship_set_id, id limit 3`,
		)
		const [a, b, c] = picked.rows.map((r) => r.id)
		const [ups] = await h.db
			.select({ id: carriers.id, name: carriers.name })
			.from(carriers)
			.where(sql`${carriers.name} ilike 'ups%'`)
			.limit(1)
		await h.db.execute(sql`update shipments set
			status = case when id = ${b!} then 'in_transit' else 'delivered' end,
			shipped_at = case when id = ${a!} then '2031-04-02T23:30:00Z'::timestamptz else shipped_at end,
			shipped_at_tz = case when id = ${a!} then 'Asia/Tokyo' else shipped_at_tz end,
			carrier_id = case when id = ${c!} then ${ups!.id}::uuid else carrier_id end
			where id in (${a!}, ${b!}, ${c!})`)
		expect(await row(a!)).toMatchObject({ shipment_status: 'delivered', shipped_day: '2031-04-03' })
		expect((await row(b!)).shipment_status).toBe('in_transit')
		expect(await row(c!)).toMatchObject({ shipment_status: 'delivered', carrier_name: ups!.name })
		expect(await drift()).toEqual({ extra: 0, missing: 0 })
	})

	it('follows renames of carriers and locations, a shipment moving, and an order deleted', async () => {
		const [row] = (await search('order_number=SO-1001')).data
		const [ship] = await h.db.select().from(shipments).where(eq(shipments.id, row!.shipment_id!))
		await h.db
			.update(carriers)
			.set({ name: 'Renamed Carrier' })
			.where(eq(carriers.id, ship!.carrierId!))
		expect(
			(await search('order_number=SO-1001')).data.find((d) => d.shipment_id === ship!.id)!
				.carrier_name,
		).toBe('Renamed Carrier')

		const [order] = await h.db.select().from(shipSets).where(eq(shipSets.id, so1001))
		await h.db
			.update(locations)
			.set({ name: 'Zzyzx Read Model Depot', city: 'Zzyzx' })
			.where(eq(locations.id, order!.locationId!))
		const renamed = await search('customer_name=zzyzx read')
		expect(renamed.data.map((d) => d.ship_set_name)).toContain('SO-1001')
		expect(new Set(renamed.data.map((d) => d.location))).toEqual(
			new Set(['Zzyzx Read Model Depot']),
		)
		const [place] = await h.db.select().from(locations).where(eq(locations.id, order!.locationId!))
		const tree = await search(
			`order_city=${encodeURIComponent(`city:${place!.country}/${place!.state}/Zzyzx`)}`,
		)
		expect(tree.data.map((d) => d.id).sort()).toEqual(renamed.data.map((d) => d.id).sort())

		// The shipped day follows the shipment's zone: midnight UTC is the evening before in Mexico City.
		await h.db
			.update(shipments)
			.set({ shippedAt: new Date('2026-03-10T03:00:00Z'), shippedAtTz: 'Mexico City' })
			.where(eq(shipments.id, ship!.id))
		const day = await search(
			'order_number=SO-1001&shipment_date_start=2026-03-09&shipment_date_end=2026-03-09',
		)
		expect(day.data.map((d) => d.shipment_id)).toEqual([ship!.id])

		await h.db.update(shipments).set({ shipSetId: so1007 }).where(eq(shipments.id, ship!.id))
		expect((await search('order_number=SO-1001')).data.map((d) => d.shipment_id)).not.toContain(
			ship!.id,
		)
		expect((await search('order_number=SO-1007')).data.map((d) => d.shipment_id)).toContain(
			ship!.id,
		)
		expect(await drift()).toEqual({ extra: 0, missing: 0 })

		await h.db.delete(shipSets).where(eq(shipSets.id, so1001))
		expect((await search('order_number=SO-1001')).count).toBe(0)
		expect(await drift()).toEqual({ extra: 0, missing: 0 })
	})
})

describe('the counts of the broad searches', () => {
	it('answer what counting the rows answers: everything, carriers, conveyance types, destination countries', async () => {
		const res = await asOlivia('/api/web/carriers')
		const carrierIds = Object.values(
			(res.body as { carriers: Record<string, { id: string }[]> }).carriers,
		)
			.flat()
			.map((c) => c.id)
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		const conveyance = await h.db.execute<{ id: string }>(sql`select id from conveyance_types`)
		const cases: SearchFilters[] = [
			{},
			{ carrierIds: carrierIds.slice(0, 1) },
			{ carrierIds: carrierIds.slice(0, 3) },
			{ conveyanceTypeIds: [conveyance.rows[0]!.id] },
			{ destinations: [{ country: 'US' }, { country: 'MX' }] },
		]
		for (const f of cases) {
			expect(countedBy(f), JSON.stringify(f)).not.toBeNull()
			const scanned = await h.db.execute<{ n: number }>(
				sql`select count(*)::int as n from search_rows r where ${searchConditions(org!.id, f)}`,
			)
			expect((await countRows(h.db, org!.id, f, false)).rows, JSON.stringify(f)).toBe(
				scanned.rows[0]!.n,
			)
		}
		expect(countedBy({ carrierIds: carrierIds.slice(0, 1), finalMile: true })).toBeNull()
	})
})

describe('the location trees from the model', () => {
	it('list the places of order destinations and shipment origins, as a read of every order would', async () => {
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		for (const [level, join] of [
			['order', sql`ship_sets o join locations l on l.id = o.location_id`],
			['shipment', sql`shipments o join locations l on l.id = o.shipper_location_id`],
		] as const) {
			const every = await h.db.execute<Place & Record<string, unknown>>(
				sql`select distinct l.country, l.state, l.city from ${join} where o.organization_id = ${org!.id} and l.country is not null`,
			)
			expect(every.rows.length).toBeGreaterThan(1)
			expect(await locationTree(h.db, org!.id, level), level).toEqual(buildLocationTree(every.rows))
		}
	})
})

describe('the export written by the database', () => {
	const opts = { localShipmentDate: true }
	const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text()
	it('is byte for byte the file csvRow writes, for every filter and both directions, formulas escaped', async () => {
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		// Values a spreadsheet would run, quotes, separators and line breaks, in names the file carries.
		const [order] = await h.db.select().from(shipSets).where(eq(shipSets.id, so1007))
		await h.db
			.update(shipSets)
			.set({ referenceNumber: '=HYPERLINK("http://x";"y")' })
			.where(eq(shipSets.id, so1007))
		await h.db
			.update(locations)
			.set({ name: '-2+3, "quoted"\r\nnext line; @cmd' })
			.where(eq(locations.id, order!.locationId!))
		const cases: SearchFilters[] = [
			{},
			{ orderNumber: 'SO-10' },
			{ customerName: 'quoted' },
			{ finalMile: true },
			{ orderNumber: 'NOPE' },
		]
		for (const filters of cases) {
			for (const direction of ['asc', 'desc'] as const) {
				const expected = await text(
					csvStream(exportBatches(h.db, org!.id, filters, direction, 7), opts),
				)
				const got = await text(exportCsv(h.db, org!.id, filters, direction, opts))
				expect(got, `${JSON.stringify(filters)} ${direction}`).toBe(expected)
			}
		}
		const all = await text(exportCsv(h.db, org!.id, { orderNumber: 'SO-1007' }, 'asc', opts))
		expect(all).toContain(`"'=HYPERLINK(""http://x"";""y"")"`)
		expect(all).toContain(`"'-2+3, ""quoted""\r\nnext line; @cmd"`)
	})
	it('reads batches by key on PGlite: a file longer than one batch neither repeats nor skips a row', async () => {
		const [org] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		const expected = await text(csvStream(exportBatches(h.db, org!.id, {}, 'desc'), opts))
		expect(await text(exportCsv(h.db, org!.id, {}, 'desc', opts, undefined, 5))).toBe(expected)
	})
})
