import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { locations, shipSets, shipments } from '../../server/db/schema'
import { countRows, shapeCountedBy } from '../../server/search/search.queries'
import type { SearchFilters } from '../../server/search/filters'
import { keptCountsSuite } from './kept-counts'

/**
 * The exact count of a location-name containment without counting rows (migration 0021, ADR
 * 0021): search_location_counts holds the rows per name shape (digit runs as one mark), in all
 * and per carrier, conveyance type and destination country, kept by the trigger that keeps
 * search_counts. After the seed, an ingested batch, its events, shipment actions, a carrier
 * moved, a location renamed and an order deleted, it holds exactly what grouping search_rows
 * gives, and the search's count equals counting the matching rows.
 */

const {
	suite,
	asOlivia,
	ingest,
	search,
	drift: driftOf,
	scanned,
	carrierId,
	expectPagesAsSorted,
} = keptCountsSuite()

/** Keys of search_location_counts whose count differs from grouping the rows of search_rows (empty when true). */
const drift = () =>
	driftOf('search_location_counts', 'search_location_counts_keys', ['dim', 'key', 'shape'])

/** Every case counted from the shapes, and equal to counting the rows; the API answers that count. */
async function expectExact(cases: SearchFilters[]) {
	for (const f of cases) {
		expect(shapeCountedBy(f), JSON.stringify(f)).not.toBeNull()
		expect((await countRows(suite.h.db, suite.acme, f, false)).rows, JSON.stringify(f)).toBe(
			await scanned(f),
		)
	}
}

describe('search_location_counts', () => {
	it('holds after the seed the count of every name shape, in all and per counted key', async () => {
		expect(await drift()).toEqual([])
		const { rows } = await suite.h.db.execute<{ n: number }>(
			sql`select count(*)::int as n from search_location_counts where organization_id = ${suite.acme} and dim = 'all'`,
		)
		expect(rows[0]!.n).toBeGreaterThan(3)
		// Digit runs are one mark: names differing only in their numbers share one shape.
		const shapes = await suite.h.db.execute<{ s: string }>(
			sql`select search_location_shape('Coho Labs 41, Dock 7') as s`,
		)
		expect(shapes.rows[0]!.s).toBe('Coho Labs \x01, Dock \x01')
	})

	it('answers a containment alone or with one counted filter as counting the rows does; texts with digits count rows', async () => {
		const conveyance = await suite.h.db.execute<{ id: string }>(
			sql`select id from conveyance_types order by name`,
		)
		const ups = await carrierId('UPS')
		const fedex = await carrierId('FedEx')
		await expectExact([
			{ customerName: 'a' },
			{ customerName: 'MEDICAL' },
			{ customerName: 'e ' },
			{ customerName: 'zzz-no-such-name' },
			// % and _ are literal (the pattern escapes them): no name holds them.
			{ customerName: '%' },
			{ customerName: '_' },
			{ customerName: 'o', carrierIds: [ups] },
			{ customerName: 'o', carrierIds: [ups, fedex] },
			{ customerName: 'e', conveyanceTypeIds: [conveyance.rows[0]!.id] },
			{ customerName: 'e', destinations: [{ country: 'US' }, { country: 'MX' }] },
		])
		expect((await search('customer_name=a')).count).toBe(await scanned({ customerName: 'a' }))
		// Not from the shapes: a text with digits, or the containment with two other filters.
		expect(shapeCountedBy({ customerName: 'Dock 7' })).toBeNull()
		expect(shapeCountedBy({ customerName: '\x01' })).toBeNull()
		expect(shapeCountedBy({ customerName: 'a', carrierIds: [ups], finalMile: true })).toBeNull()
		expect(shapeCountedBy({ carrierIds: [ups] })).toBeNull()
	})

	it('pages a broad containment by walking the default sort: the same rows as sorting every match, both directions', async () => {
		const ups = await carrierId('UPS')
		await expectPagesAsSorted(
			[{ customerName: 'a' }, { customerName: 'e', carrierIds: [ups] }] as SearchFilters[],
			[1, 2, 7],
		)
	})

	it('stays exact through an ingested batch and its events, shipment actions, a carrier moved, a rename and a delete', async () => {
		const ups = await carrierId('UPS')
		const fedex = await carrierId('FedEx')
		const clinic = {
			name: 'Qwzx Counting Clinic 42',
			street1: '1 Elm St',
			city: 'Dallas',
			state: 'TX',
			postal_code: '75201',
			country: 'US',
			timezone: 'America/Chicago',
		}
		const plant = { name: 'Qwzx Plant', city: 'Austin', state: 'TX', country: 'US' }
		const cases = (): SearchFilters[] => [
			{ customerName: 'qwzx counting' },
			{ customerName: 'counting clinic', carrierIds: [ups] },
			{ customerName: 'counting clinic', carrierIds: [fedex] },
			{ customerName: 'a' },
			{ customerName: 'e', destinations: [{ country: 'US' }] },
		]
		expect((await search('customer_name=qwzx counting')).count).toBe(0)

		// An order and two shipments in, through the ingestion API: counted in the answer to the next request.
		const batch = await ingest({
			orders: [
				{
					order_number: 'QC-1',
					reference_number: 'REF-QC-1',
					order_type: 'Standard',
					final_location: clinic,
				},
			],
			shipments: [
				{
					external_id: 'QC-1-S1',
					order_number: 'QC-1',
					carrier: 'UPS',
					tracking_number: 'QC1ZA',
					shipper: plant,
					consignee: clinic,
				},
				{
					external_id: 'QC-1-S2',
					order_number: 'QC-1',
					carrier: 'FedEx',
					tracking_number: 'QC1ZB',
					shipper: plant,
					consignee: clinic,
				},
			],
		})
		expect(batch.status, JSON.stringify(batch.body)).toBe(200)
		expect((await search('customer_name=qwzx counting')).count).toBe(2)
		expect((await search(`customer_name=counting clinic&carrier=${ups}`)).count).toBe(1)
		await expectExact(cases())
		expect(await drift()).toEqual([])

		// Its events (the order's latest event changes its rows, not their counts).
		const events = await ingest({
			events: [
				{
					external_id: 'QC-1-E1',
					order_number: 'QC-1',
					title: 'Order received',
					type: 'info',
					event_at: '2026-10-01T08:00:00Z',
					timezone: 'America/Chicago',
					node: { building_type: 'Factory', location: plant },
				},
				{
					external_id: 'QC-1-E2',
					order_number: 'QC-1',
					shipment_external_id: 'QC-1-S1',
					title: 'Picked up',
					type: 'transit',
					event_at: '2026-10-02T08:00:00Z',
					timezone: 'America/Chicago',
					node: { building_type: 'Transit' },
				},
			],
		})
		expect(events.status, JSON.stringify(events.body)).toBe(200)
		expect((await search('customer_name=qwzx counting')).data.map((d) => d.status_name)).toEqual([
			'Picked up',
			'Picked up',
		])
		await expectExact(cases())
		expect(await drift()).toEqual([])

		// A shipment added and removed through the API, one moved to another carrier.
		const order = await suite.h.orderId('acme', 'QC-1')
		const added = await asOlivia(`/api/web/ship_sets/${order}/shipments`, {
			method: 'POST',
			body: { shipment: { carrier_id: ups, tracking_number: 'QC1ZC' } },
		})
		expect(added.status).toBe(201)
		expect((await search(`customer_name=counting clinic&carrier=${ups}`)).count).toBe(2)
		await expectExact(cases())
		const addedId = (added.body as { shipment: { id: string } }).shipment.id
		expect(
			(await asOlivia(`/api/web/ship_sets/${order}/shipments/${addedId}`, { method: 'DELETE' }))
				.status,
		).toBe(200)
		await suite.h.db
			.update(shipments)
			.set({ carrierId: fedex })
			.where(eq(shipments.trackingNumber, 'QC1ZA'))
		expect((await search(`customer_name=counting clinic&carrier=${ups}`)).count).toBe(0)
		expect((await search(`customer_name=counting clinic&carrier=${fedex}`)).count).toBe(2)
		await expectExact(cases())
		expect(await drift()).toEqual([])

		// The location renamed: its rows leave the old shape's count and join the new one's.
		const [row] = await suite.h.db
			.select({ locationId: shipSets.locationId })
			.from(shipSets)
			.where(eq(shipSets.id, order))
		await suite.h.db
			.update(locations)
			.set({ name: 'Qwzx Renamed Depot 7' })
			.where(eq(locations.id, row!.locationId!))
		expect((await search('customer_name=qwzx counting')).count).toBe(0)
		expect((await search('customer_name=qwzx renamed')).count).toBe(2)
		await expectExact([...cases(), { customerName: 'renamed depot' }])
		expect(await drift()).toEqual([])

		// The order deleted.
		await suite.h.db.delete(shipSets).where(eq(shipSets.id, order))
		expect((await search('customer_name=qwzx')).count).toBe(0)
		await expectExact(cases())
		expect(await drift()).toEqual([])
	})
})
