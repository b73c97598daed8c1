import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import {
	carriers,
	conveyanceTypes,
	locations,
	organizations,
	shipSets,
	shipments,
} from '../../server/db/schema'
import { countRows, dayCountedBy } from '../../server/search/search.queries'
import {
	buildLocationTree,
	locationTree,
	type Place,
} from '../../server/reference/locations.queries'
import type { SearchFilters } from '../../server/search/filters'
import { keptCountsSuite } from './kept-counts'

/**
 * Two counts the search read model keeps (migration 0023, ADR 0021), by the trigger that keeps
 * search_counts. search_day_counts: the exact count of a shipment date range without counting
 * rows (the rows per shipped day, in all and per carrier, conveyance type and destination
 * country). search_place_counts: the rows per destination and origin place, which the location
 * trees read. After the seed, an ingested batch, a shipment's date and zone changed, shipment
 * actions, a carrier moved to another conveyance type, a location moved to another city and an
 * order deleted, both hold exactly what grouping search_rows gives, a date range's count equals
 * counting the matching rows, and the trees equal reading every order.
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

/** Keys of search_day_counts whose count differs from grouping the rows of search_rows (empty when true). */
const drift = () => driftOf('search_day_counts', 'search_day_counts_keys', ['dim', 'key', 'day'])

/** Places of search_place_counts whose count differs from grouping the rows of search_rows (empty when true). */
const placeDrift = () =>
	driftOf('search_place_counts', 'search_place_counts_keys', ['side', 'country', 'state', 'city'])

/** Both location trees of every supply chain are what a read of every order (and shipment) gives. */
async function expectTrees() {
	expect(await placeDrift()).toEqual([])
	const orgs = await suite.h.db.select({ id: organizations.id }).from(organizations)
	for (const { id } of orgs) {
		for (const [level, join] of [
			['order', sql`ship_sets o join locations l on l.id = o.location_id`],
			['shipment', sql`shipments o join locations l on l.id = o.shipper_location_id`],
		] as const) {
			const every = await suite.h.db.execute<Place & Record<string, unknown>>(
				sql`select distinct l.country, l.state, l.city from ${join} where o.organization_id = ${id} and l.country is not null`,
			)
			expect(await locationTree(suite.h.db, id, level), level).toEqual(
				buildLocationTree(every.rows),
			)
		}
	}
}

/** Every case counted from the days, and equal to counting the rows; the API answers that count. */
async function expectExact(cases: SearchFilters[]) {
	for (const f of cases) {
		expect(dayCountedBy(f), JSON.stringify(f)).not.toBeNull()
		expect((await countRows(suite.h.db, suite.acme, f, false)).rows, JSON.stringify(f)).toBe(
			await scanned(f),
		)
	}
}

/** The shipped days of the demo data, the busiest first. */
async function busyDays() {
	const { rows } = await suite.h.db.execute<{
		day: string
	}>(sql`select to_char(shipped_day, 'YYYY-MM-DD') as day from search_rows
		where organization_id = ${suite.acme} and shipped_day is not null group by shipped_day order by count(*) desc, shipped_day limit 3`)
	return rows.map((r) => r.day)
}

describe('search_day_counts and search_place_counts', () => {
	it('hold after the seed the count of every shipped day (in all and per counted key) and of every place', async () => {
		expect(await drift()).toEqual([])
		await expectTrees()
		const places = await suite.h.db.execute<{ n: number }>(
			sql`select count(*)::int as n from search_place_counts where organization_id = ${suite.acme} and side = 'dest' and rows > 0`,
		)
		expect(places.rows[0]!.n).toBeGreaterThan(1)
		const { rows } = await suite.h.db.execute<{ n: number }>(
			sql`select count(*)::int as n from search_day_counts where organization_id = ${suite.acme} and dim = 'all'`,
		)
		expect(rows[0]!.n).toBeGreaterThan(3)
	})

	it('answers a date range alone or with one counted filter as counting the rows does; other combinations count rows', async () => {
		const ups = await carrierId('UPS')
		const fedex = await carrierId('FedEx')
		const [ground] = await suite.h.db
			.select({ id: conveyanceTypes.id })
			.from(conveyanceTypes)
			.where(eq(conveyanceTypes.name, 'Ground'))
		const [busiest] = await busyDays()
		const month = `${busiest!.slice(0, 7)}-01`
		const monthEnd = new Date(
			Date.UTC(Number(busiest!.slice(0, 4)), Number(busiest!.slice(5, 7)), 0),
		)
			.toISOString()
			.slice(0, 10)
		await expectExact([
			{ shippedFrom: busiest!, shippedTo: busiest! },
			{ shippedFrom: month, shippedTo: monthEnd },
			{ shippedFrom: month },
			{ shippedTo: monthEnd },
			{ shippedFrom: '1990-01-01', shippedTo: '1990-12-31' },
			{ shippedFrom: month, shippedTo: monthEnd, carrierIds: [ups] },
			{ shippedFrom: month, carrierIds: [ups, fedex] },
			{ shippedTo: monthEnd, conveyanceTypeIds: [ground!.id] },
			{
				shippedFrom: month,
				shippedTo: monthEnd,
				destinations: [{ country: 'US' }, { country: 'MX' }],
			},
		])
		expect((await search(`shipment_date_start=${month}&shipment_date_end=${monthEnd}`)).count).toBe(
			await scanned({ shippedFrom: month, shippedTo: monthEnd }),
		)
		expect(
			(await search(`shipment_date_start=${month}&shipment_date_end=${monthEnd}&carrier=${ups}`))
				.count,
		).toBe(await scanned({ shippedFrom: month, shippedTo: monthEnd, carrierIds: [ups] }))
		// Not from the days: no date, or a date with two other filters, or with one the counts do not keep.
		expect(dayCountedBy({ carrierIds: [ups] })).toBeNull()
		expect(dayCountedBy({ shippedFrom: month, carrierIds: [ups], finalMile: true })).toBeNull()
		expect(dayCountedBy({ shippedFrom: month, orderNumber: 'SO-1' })).toBeNull()
		expect(
			dayCountedBy({ shippedFrom: month, destinations: [{ country: 'US', state: 'TX' }] }),
		).toBeNull()
	})

	it('pages a date range in the default sort: the same rows as sorting every match, both directions', async () => {
		const ups = await carrierId('UPS')
		const [busiest] = await busyDays()
		const month = `${busiest!.slice(0, 7)}-01`
		await expectPagesAsSorted(
			[{ shippedFrom: month }, { shippedTo: busiest!, carrierIds: [ups] }] as SearchFilters[],
			[1, 2],
		)
	})

	it('stay exact through an ingested batch, a date and zone changed, shipment actions, a carrier and a location moved and a delete', async () => {
		const ups = await carrierId('UPS')
		const fedex = await carrierId('FedEx')
		const clinic = {
			name: 'Qwzd Day Clinic',
			street1: '1 Elm St',
			city: 'Dallas',
			state: 'TX',
			postal_code: '75201',
			country: 'US',
			timezone: 'America/Chicago',
		}
		const plant = { name: 'Qwzd Plant', city: 'Austin', state: 'TX', country: 'US' }
		const day = (d: string, carrier?: string): SearchFilters => ({
			shippedFrom: d,
			shippedTo: d,
			...(carrier ? { carrierIds: [carrier] } : {}),
		})
		const cases = (): SearchFilters[] => [
			day('2031-03-04'),
			day('2031-03-05'),
			day('2031-03-04', ups),
			day('2031-03-04', fedex),
			day('2031-03-05', fedex),
			{ shippedFrom: '2031-03-01', shippedTo: '2031-03-31', destinations: [{ country: 'US' }] },
			{ shippedFrom: '2031-03-01' },
		]
		expect(
			(await search('shipment_date_start=2031-03-01&shipment_date_end=2031-03-31')).count,
		).toBe(0)

		// An order and two shipments in, through the ingestion API: counted in the answer to the next request.
		const batch = await ingest({
			orders: [
				{
					order_number: 'QD-1',
					reference_number: 'REF-QD-1',
					order_type: 'Standard',
					final_location: clinic,
				},
			],
			shipments: [
				{
					external_id: 'QD-1-S1',
					order_number: 'QD-1',
					carrier: 'UPS',
					tracking_number: 'QD1ZA',
					shipped_at: '2031-03-04T12:00:00Z',
					shipped_at_timezone: 'UTC',
					shipper: plant,
					consignee: clinic,
				},
				{
					external_id: 'QD-1-S2',
					order_number: 'QD-1',
					carrier: 'FedEx',
					tracking_number: 'QD1ZB',
					shipped_at: '2031-03-04T23:30:00Z',
					shipped_at_timezone: 'UTC',
					shipper: plant,
					consignee: clinic,
				},
			],
		})
		expect(batch.status, JSON.stringify(batch.body)).toBe(200)
		expect(
			(await search('shipment_date_start=2031-03-04&shipment_date_end=2031-03-04')).count,
		).toBe(2)
		expect(
			(await search(`shipment_date_start=2031-03-04&shipment_date_end=2031-03-04&carrier=${ups}`))
				.count,
		).toBe(1)
		await expectExact(cases())
		expect(await drift()).toEqual([])
		await expectTrees()

		// Its events change the rows (the latest event), not their days.
		const events = await ingest({
			events: [
				{
					external_id: 'QD-1-E1',
					order_number: 'QD-1',
					shipment_external_id: 'QD-1-S1',
					title: 'Picked up',
					type: 'transit',
					event_at: '2031-03-04T13:00:00Z',
					timezone: 'UTC',
					node: { building_type: 'Transit' },
				},
			],
		})
		expect(events.status, JSON.stringify(events.body)).toBe(200)
		await expectExact(cases())
		expect(await drift()).toEqual([])
		await expectTrees()

		// A shipment's zone changed by a later batch: 23:30 UTC is the next day in Tokyo, so the row moves to 2031-03-05.
		const moved = await ingest({
			shipments: [
				{
					external_id: 'QD-1-S2',
					order_number: 'QD-1',
					carrier: 'FedEx',
					tracking_number: 'QD1ZB',
					shipped_at: '2031-03-04T23:30:00Z',
					shipped_at_timezone: 'Asia/Tokyo',
					shipper: plant,
					consignee: clinic,
				},
			],
		})
		expect(moved.status, JSON.stringify(moved.body)).toBe(200)
		expect(
			(await search('shipment_date_start=2031-03-05&shipment_date_end=2031-03-05')).count,
		).toBe(1)
		expect(
			(await search('shipment_date_start=2031-03-04&shipment_date_end=2031-03-04')).count,
		).toBe(1)
		await expectExact(cases())
		expect(await drift()).toEqual([])
		await expectTrees()

		// A shipment added (not shipped: no day) and removed through the API; one given a new date directly.
		const order = await suite.h.orderId('acme', 'QD-1')
		const added = await asOlivia(`/api/web/ship_sets/${order}/shipments`, {
			method: 'POST',
			body: { shipment: { carrier_id: ups, tracking_number: 'QD1ZC' } },
		})
		expect(added.status).toBe(201)
		await expectExact(cases())
		expect(await drift()).toEqual([])
		await expectTrees()
		const addedId = (added.body as { shipment: { id: string } }).shipment.id
		expect(
			(await asOlivia(`/api/web/ship_sets/${order}/shipments/${addedId}`, { method: 'DELETE' }))
				.status,
		).toBe(200)
		await suite.h.db
			.update(shipments)
			.set({ shippedAt: new Date('2031-03-05T10:00:00Z') })
			.where(eq(shipments.trackingNumber, 'QD1ZA'))
		expect(
			(await search('shipment_date_start=2031-03-05&shipment_date_end=2031-03-05')).count,
		).toBe(2)
		expect(
			(await search(`shipment_date_start=2031-03-05&shipment_date_end=2031-03-05&carrier=${ups}`))
				.count,
		).toBe(1)
		await expectExact(cases())
		expect(await drift()).toEqual([])
		await expectTrees()

		// UPS moved to another conveyance type: its rows change conveyance-type key on their days.
		const [air] = await suite.h.db
			.select({ id: conveyanceTypes.id })
			.from(conveyanceTypes)
			.where(eq(conveyanceTypes.name, 'Air'))
		await suite.h.db.update(carriers).set({ conveyanceTypeId: air!.id }).where(eq(carriers.id, ups))
		await expectExact([...cases(), { ...day('2031-03-05'), conveyanceTypeIds: [air!.id] }])
		expect(await drift()).toEqual([])

		// The destination moved to a city no other order has: the tree shows it, and not the old one if nothing else is there.
		const [row] = await suite.h.db
			.select({ locationId: shipSets.locationId })
			.from(shipSets)
			.where(eq(shipSets.id, order))
		await suite.h.db
			.update(locations)
			.set({ city: 'Qwzd Springs', state: 'ZZ' })
			.where(eq(locations.id, row!.locationId!))
		const us = (await locationTree(suite.h.db, suite.acme, 'order')).find(
			(c) => c.id === 'country:US',
		)!
		expect(us.children.find((s) => s.id === 'state:US/ZZ')?.children.map((c) => c.id)).toEqual([
			'city:US/ZZ/Qwzd Springs',
		])
		await expectTrees()

		// The order deleted.
		await suite.h.db.delete(shipSets).where(eq(shipSets.id, order))
		expect(
			(await search('shipment_date_start=2031-03-01&shipment_date_end=2031-03-31')).count,
		).toBe(0)
		await expectExact(cases())
		expect(await drift()).toEqual([])
		await expectTrees()
		expect(
			(await locationTree(suite.h.db, suite.acme, 'order'))
				.find((c) => c.id === 'country:US')!
				.children.some((s) => s.id === 'state:US/ZZ'),
		).toBe(false)
	})
})
