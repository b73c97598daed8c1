import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import {
	INGEST_BATCH_MAX,
	IngestResponse,
	PGLITE_BATCH_MAX,
} from '../../server/ingest/ingest.contract'
import { createApiKey } from '../../server/auth/machine-keys'
import { refreshOrders } from '../../server/ingest/derive'
import { domainEvents } from '../../server/db/schema'
import { newsOf, wireEvents } from '../../server/news-out/dispatcher'
import { UNPAIRED_MESSAGE } from '../../server/shared/text-rules'
import { createHarness, type Harness } from './harness'

/**
 * The ingestion API: "events of one order sent newest first end with the same status
 * and history as sent oldest first; a batch creates an order that search, the timeline, the public
 * tracker and the live feed then show; the same batch again changes nothing; a batch with one bad
 * item is refused naming it; another supply chain's key cannot touch the order."
 */

let h: Harness
let acmeKey: string
let globexKey: string
let eventsOnlyKey: string
let olivia: string

beforeAll(async () => {
	h = await createHarness()
	acmeKey = (await createApiKey(h.db, 'acme', 'erp', ['orders:write', 'events:write'])).key
	eventsOnlyKey = (await createApiKey(h.db, 'acme', 'scanner', ['events:write'])).key
	globexKey = (await createApiKey(h.db, 'globex', 'erp', ['orders:write', 'events:write'])).key
	olivia = await h.tokenFor('olivia@acme.test')
})
afterAll(async () => {
	await h?.close()
})

const post = (body: unknown, key: string | null = acmeKey) =>
	h.call('/api/ingest/1.0/batches', {
		method: 'POST',
		headers: key ? { Authorization: `Bearer ${key}` } : {},
		body,
	})
const asOlivia = (path: string) => h.call(path, { token: olivia, supplyChain: 'acme' })
/** A CSV file sent to the Import screen's preview (POST /api/web/imports), as `token` (Olivia's by default). */
const previewImport = (file_name: string, content: string, token = olivia) =>
	h.call('/api/web/imports', {
		token,
		supplyChain: 'acme',
		method: 'POST',
		body: { file_name, content },
	})

const H = 3_600_000
/** Times in the past so that "now" is after the whole journey. */
const T0 = Date.parse('2026-10-01T08:00:00Z')
const at = (hours: number) => new Date(T0 + hours * H).toISOString()

const austin = {
	name: 'Ingest Plant',
	city: 'Austin',
	state: 'TX',
	country: 'US',
	timezone: 'America/Chicago',
}
const dallas = {
	name: 'Ingest Clinic',
	street1: '1 Elm St',
	city: 'Dallas',
	state: 'TX',
	postal_code: '75201',
	country: 'US',
	timezone: 'America/Chicago',
}
const memphis = { name: 'Ingest DC', city: 'Memphis', state: 'TN', country: 'US' }

/** An order like the seed's: Factory → Transit (line haul) → DC → Transit (final mile) → Customer. */
function journey(order: string, tracking: string) {
	const ship = (n: number) => `${order}-SHP-${n}`
	const ev = (
		n: number,
		title: string,
		type: string,
		hours: number,
		node: object,
		shipment?: string,
		extra: object = {},
	) => ({
		external_id: `${order}-EV-${n}`,
		order_number: order,
		shipment_external_id: shipment,
		title,
		type,
		event_at: at(hours),
		timezone: 'America/Chicago',
		node,
		...extra,
	})
	return {
		orders: [
			{
				order_number: order,
				reference_number: `REF-${order}`,
				order_type: 'Standard',
				final_location: dallas,
				promise_date: at(24 * 6),
				tags: ['ingested'],
				custom_attributes: { Project: 'Apollo' },
			},
		],
		shipments: [
			{
				external_id: ship(1),
				order_number: order,
				carrier: 'UPS',
				tracking_number: tracking,
				shipper: austin,
				consignee: memphis,
				estimated_delivery_date: at(60),
			},
			{
				external_id: ship(2),
				order_number: order,
				carrier: 'FedEx',
				tracking_number: `${tracking}-FM`,
				final_mile: true,
				shipper: memphis,
				consignee: dallas,
				estimated_delivery_date: at(24 * 5),
			},
		],
		events: [
			ev(1, 'Order received', 'info', 0, { building_type: 'Factory', location: austin }),
			ev(2, 'Production started', 'info', 10, { building_type: 'Factory', location: austin }),
			ev(3, 'Picked up', 'transit', 30, { building_type: 'Transit' }, ship(1)),
			ev(4, 'Delayed: Weather Delay', 'exception', 40, { building_type: 'Transit' }, ship(1), {
				issue_type: 'WEATHER_DELAY',
			}),
			ev(5, 'Delivered to DC', 'delivered', 60, { building_type: 'Transit' }, ship(1)),
			ev(6, 'Received at DC', 'info', 62, { building_type: 'DC', location: memphis }),
			ev(7, 'Picked up', 'transit', 80, { building_type: 'Transit' }, ship(2)),
			ev(8, 'Delivered', 'delivered', 100, { building_type: 'Transit' }, ship(2)),
			ev(9, 'Received by customer', 'delivered', 100.5, {
				building_type: 'Customer',
				location: dallas,
			}),
		],
	}
}

/** Timestamps as ISO strings, whichever driver read them (pg gives Dates, PGlite text). */
const iso = (rows: Record<string, unknown>[]) =>
	rows.map((r) =>
		Object.fromEntries(
			Object.entries(r).map(([k, v]) => [
				k,
				v instanceof Date
					? v.toISOString()
					: typeof v === 'string' && /^\d{4}-\d\d-\d\d \d/.test(v)
						? new Date(v).toISOString()
						: v,
			]),
		),
	)

async function orderState(name: string) {
	const id = await h.orderId('acme', name)
	const {
		rows: [order],
	} = await h.db.execute<Record<string, unknown>>(sql`
		select status, delivered_at, first_event_at, last_event_at, shipment_delivery_status,
			(select title from events where id = s.last_event_id) as last_title
		from ship_sets s where id = ${id}`)
	const { rows: strip } = await h.db.execute<Record<string, unknown>>(sql`
		select n.position, n.building_type, n.final_mile, n.first_event_at, n.last_event_at, n.with_exception_event
		from nodes n where ship_set_id = ${id} order by position, position_in_group`)
	const { rows: history } = await h.db.execute<Record<string, unknown>>(sql`
		select e.title, e.event_type, e.event_at, n.building_type from events e join nodes n on n.id = e.node_id where e.ship_set_id = ${id} order by e.event_at, e.title`)
	const { rows: shipments } = await h.db.execute<Record<string, unknown>>(sql`
		select status, delivered_at, shipped_at, late, substatus_type_id is not null as has_issue from shipments where ship_set_id = ${id} order by tracking_number`)
	return {
		order: iso([order!])[0]!,
		strip: iso(strip),
		history: iso(history),
		shipments: iso(shipments),
	}
}

describe('events arrive late and out of order', () => {
	it('events sent newest first end with the same status and history as sent oldest first', async () => {
		const a = journey('ING-A', 'ING1ZA')
		const b = journey('ING-B', 'ING1ZB')
		expect((await post({ orders: a.orders, shipments: a.shipments })).status).toBe(200)
		expect((await post({ orders: b.orders, shipments: b.shipments })).status).toBe(200)
		const statusesA: string[] = []
		for (const e of a.events) {
			expect((await post({ events: [e] })).status).toBe(200)
			statusesA.push(String((await orderState('ING-A')).order!.status))
		}
		const statusesB: string[] = []
		for (const e of [...b.events].reverse()) {
			expect((await post({ events: [e] })).status).toBe(200)
			statusesB.push(String((await orderState('ING-B')).order!.status))
		}
		// Oldest first walks every step; newest first is delivered from its first event and stays so:
		// the 'Picked up' events that arrive after 'Delivered' do not reopen it.
		expect(statusesA).toEqual([
			'pending',
			'in_process',
			'in_transit',
			'in_transit',
			'in_transit',
			'in_transit',
			'in_transit',
			'delivered',
			'delivered',
		])
		expect(statusesB).toEqual(Array(9).fill('delivered'))
		const sa = await orderState('ING-A')
		const sb = await orderState('ING-B')
		expect(sb.order).toEqual(sa.order)
		expect(sb.strip).toEqual(sa.strip)
		expect(sb.history).toEqual(sa.history)
		expect(sb.shipments).toEqual(sa.shipments)
		// As the seed's journeys: delivered by the final mile at its own time, strip in journey order.
		expect(sa.order).toMatchObject({
			status: 'delivered',
			delivered_at: at(100),
			last_title: 'Received by customer',
			shipment_delivery_status: 'on_time',
		})
		expect(sa.strip.map((n) => n.building_type)).toEqual([
			'Factory',
			'Transit',
			'DC',
			'Transit',
			'Customer',
		])
		expect(sa.strip.map((n) => n.position)).toEqual([0, 1, 2, 3, 4])
		expect(sa.strip[1]!.with_exception_event).toBe(true)
		expect(sa.shipments.map((s) => s.status)).toEqual(['delivered', 'delivered'])
		// The line haul's weather delay is no open issue once it is delivered (the seed's Issues Log, docs/demo-data.md).
		expect(sa.shipments.map((s) => s.has_issue)).toEqual([false, false])

		// Each of those batches only added events, so each was folded in from the stored aggregates;
		// reading every event again (the full derivation) finds nothing to change.
		const ids = [await h.orderId('acme', 'ING-A'), await h.orderId('acme', 'ING-B')]
		const { rows: org } = await h.db.execute<{ id: string }>(
			sql`select organization_id as id from ship_sets where id = ${ids[0]}`,
		)
		const again = await h.db.transaction((tx) => refreshOrders(tx, org[0]!.id, ids, new Date()))
		expect({ nodes: again.nodes, shipments: again.shipments, orders: again.orders }).toEqual({
			nodes: [],
			shipments: [],
			orders: [],
		})
		expect([...again.statuses.values()].map((o) => o.status)).toEqual(['delivered', 'delivered'])
	})

	it('records order.event_added, order.exception and order.status_changed in the same transaction', async () => {
		const id = await h.orderId('acme', 'ING-A')
		const { rows } = await h.db.execute<{ kind: string; n: number }>(
			sql`select kind, count(*)::int as n from domain_events where ship_set_id = ${id} group by kind order by kind`,
		)
		expect(Object.fromEntries(rows.map((r) => [r.kind, r.n]))).toEqual({
			'order.event_added': 9,
			'order.exception': 1,
			'order.status_changed': 3,
		})
		const { rows: changes } = await h.db.execute<{
			payload: { from: string; to: string; order_number: string }
		}>(
			sql`select payload from domain_events where ship_set_id = ${id} and kind = 'order.status_changed' order by seq`,
		)
		expect(changes.map((c) => `${c.payload.from}>${c.payload.to}`)).toEqual([
			'pending>in_process',
			'in_process>in_transit',
			'in_transit>delivered',
		])
		expect(changes.every((c) => c.payload.order_number === 'ING-A')).toBe(true)
		// The exception names its event (ADR 0019 §13), which the dispatcher reads back as its news.
		const [exception] = await h.db
			.select()
			.from(domainEvents)
			.where(and(eq(domainEvents.shipSetId, id), eq(domainEvents.kind, 'order.exception')))
		const { event_id, ...rest } = exception!.payload as { event_id: string }
		expect(rest).toEqual({ ship_set_id: id, order_number: 'ING-A' })
		const news = newsOf(exception!, await wireEvents(h.db, [exception!]))
		expect(news).toHaveLength(1)
		expect(news[0]!.payload.event).toMatchObject({
			id: event_id,
			event_type: 'exception',
			building_type: expect.any(String),
			stale: false,
		})
	})
})

describe('a batch makes an order the product shows', () => {
	const fresh = journey('ING-C', 'ING1ZC')
	const batch = { ...fresh, events: fresh.events.slice(0, 4) }
	let first: IngestResponse

	it('creates the order, its shipments and events in one batch', async () => {
		const res = await post(batch)
		expect(res.status).toBe(200)
		first = IngestResponse.parse(res.body)
		expect(first).toEqual({
			orders: { created: 1, updated: 0, unchanged: 0 },
			shipments: { created: 2, updated: 0, unchanged: 0 },
			events: { created: 4, updated: 0, unchanged: 0 },
			status_changes: 1,
		})
	})

	it('search, the timeline, the public tracker and the live feed show it', async () => {
		const found = await asOlivia('/api/web/search/quick_search?qs_query_string=ING-C')
		expect(found.status).toBe(200)
		expect(
			(found.body!.ship_sets as { ship_set_name: string }[]).map((s) => s.ship_set_name),
		).toContain('ING-C')

		const id = await h.orderId('acme', 'ING-C')
		const timeline = await asOlivia(`/api/web/ship_sets/${id}/timeline`)
		expect(timeline.status).toBe(200)
		const body = (
			timeline.body as {
				ship_set: {
					tags: { name: string }[]
					custom_attributes: { name: string; value: string }[]
					nodes: { building_type: string }[]
					events: { title: string }[]
				}
			}
		).ship_set
		expect(body.tags.map((t) => t.name)).toEqual(['ingested'])
		expect(body.custom_attributes).toMatchObject([{ name: 'Project', value: 'Apollo' }])
		expect(body.nodes.map((n) => n.building_type)).toEqual([
			'Factory',
			'Transit',
			'Transit',
			'Customer',
		])
		expect(body.events.map((e) => e.title).sort()).toEqual([
			'Delayed: Weather Delay',
			'Order received',
			'Picked up',
			'Production started',
		])

		const tracker = await h.call('/api/web/public_order_tracker/search?query_string=ING1ZC', {
			supplyChain: 'acme',
		})
		expect(tracker.status).toBe(200)
		const rows = tracker.body!.ship_sets as {
			ship_set_id: string
			order_status: string
			last_status: string
			city: string
		}[]
		expect(rows.map((r) => r.ship_set_id)).toEqual([id])
		expect(rows[0]).toMatchObject({
			order_status: 'in_transit',
			last_status: 'Delayed: Weather Delay',
			city: 'Dallas',
		})
		const publicTimeline = await h.call(`/api/web/public_order_tracker/${id}/timeline`, {
			supplyChain: 'acme',
		})
		expect(publicTimeline.status).toBe(200)

		// The live feed lists orders by their latest event: ours (2026-10-02) is behind the demo's
		// newest, so send it one event now and it leads.
		const now = new Date().toISOString()
		expect(
			(
				await post({
					events: [
						{
							external_id: 'ING-C-EV-NOW',
							order_number: 'ING-C',
							shipment_external_id: 'ING-C-SHP-1',
							title: 'In transit',
							type: 'transit',
							event_at: now,
							timezone: 'UTC',
							node: { building_type: 'Transit' },
						},
					],
				})
			).status,
		).toBe(200)
		const feed = await asOlivia('/api/web/dashboard/live_feed?offset=0&limit=1')
		expect(feed.status).toBe(200)
		const top = (feed.body!.live_feed as { ship_set: { id: string }; last_event: string }[])[0]!
		expect(top.ship_set.id).toBe(id)
		expect(top.last_event).toBe('In transit')
	})

	it('the same batch again changes nothing', async () => {
		const before = await h.rowCounts()
		const id = await h.orderId('acme', 'ING-C')
		const snapshot = async () =>
			(
				await h.db.execute(sql`
					select (select row_to_json(s) from ship_sets s where id = ${id}) as ship_set,
						(select json_agg(row_to_json(x) order by x.id) from shipments x where ship_set_id = ${id}) as shipments,
						(select json_agg(row_to_json(n) order by n.id) from nodes n where ship_set_id = ${id}) as nodes,
						(select json_agg(row_to_json(e) order by e.id) from events e where ship_set_id = ${id}) as events,
						(select json_agg(row_to_json(d) order by d.organization_id, d.day) from dashboard_order_days d) as rollups`)
			).rows[0]
		const was = await snapshot()
		const res = await post(batch)
		expect(res.status).toBe(200)
		expect(res.body).toEqual({
			orders: { created: 0, updated: 0, unchanged: 1 },
			shipments: { created: 0, updated: 0, unchanged: 2 },
			events: { created: 0, updated: 0, unchanged: 4 },
			status_changes: 0,
		})
		expect(await h.rowCounts()).toEqual(before)
		expect(await snapshot()).toEqual(was)
	})

	it('two batches that make the same order at once both succeed, and store its events once', async () => {
		// On PostgreSQL the two run at once: the second waits on the first's new order, then finds what
		// it read as new stored (the order, or the events when it sends the order differently) and runs
		// again (server/ingest/batch.ts ingestBatch). On PGlite (one connection) they run in turn.
		const race = (ref: string) => ({
			...journey('ING-RACE', '1ZRACE'),
			orders: [{ order_number: 'ING-RACE', reference_number: ref }],
		})
		const [a, b] = await Promise.all([post(race('REF-A')), post(race('REF-A'))])
		expect([a.status, b.status]).toEqual([200, 200])
		const made = (ref: string) => ({
			orders: [{ order_number: 'ING-RACE-2', reference_number: ref }],
			events: [
				{
					external_id: 'ING-RACE-2-EV',
					order_number: 'ING-RACE-2',
					title: 'Made',
					type: 'info',
					event_at: at(1),
					timezone: 'UTC',
					node: { building_type: 'Factory' },
				},
			],
		})
		const [c, d] = await Promise.all([post(made('B')), post(made('C'))])
		expect([c.status, d.status]).toEqual([200, 200])
		const created = (r: typeof a) => IngestResponse.parse(r.body).events.created
		expect(created(a) + created(b)).toBe(9)
		expect(created(c) + created(d)).toBe(1)
		const { rows } = await h.db.execute<{ events: number; news: number }>(sql`
			select (select count(*)::int from events e join ship_sets s on s.id = e.ship_set_id where s.name in ('ING-RACE', 'ING-RACE-2')) as events,
				(select count(*)::int from domain_events where kind = 'order.event_added' and payload->>'order_number' in ('ING-RACE', 'ING-RACE-2')) as news`)
		expect(rows[0]).toEqual({ events: 10, news: 2 })
	})

	it('records order.promise_date_changed when a stored order’s promise date moves, not for a new order or the same date', async () => {
		const id = await h.orderId('acme', 'ING-C')
		const changes = async () =>
			(
				await h.db.execute<{ payload: Record<string, unknown> }>(
					sql`select payload from domain_events where ship_set_id = ${id} and kind = 'order.promise_date_changed' order by seq`,
				)
			).rows.map((r) => r.payload)
		// ING-C was created with a promise date: a new order's date is no change.
		expect(await changes()).toEqual([])
		const order = batch.orders[0]!
		expect((await post({ orders: [order] })).body).toMatchObject({ orders: { unchanged: 1 } })
		expect(
			(
				await post({
					orders: [{ order_number: 'ING-C', reference_number: order.reference_number }],
				})
			).status,
		).toBe(200)
		expect(await changes()).toEqual([])
		const later = at(24 * 8)
		expect((await post({ orders: [{ ...order, promise_date: later }] })).body).toMatchObject({
			orders: { updated: 1 },
		})
		expect(await post({ orders: [{ ...order, promise_date: later }] })).toMatchObject({
			status: 200,
			body: { orders: { unchanged: 1 } },
		})
		expect(await changes()).toEqual([
			{
				ship_set_id: id,
				order_number: 'ING-C',
				promise_date: later,
				previous_promise_date: order.promise_date,
			},
		])
		// Back to the date the batch above sends, so that it stays "the same batch".
		expect((await post({ orders: [order] })).body).toMatchObject({ orders: { updated: 1 } })
		expect(await changes()).toHaveLength(2)
	})

	it('a batch with one bad item is refused naming it, and writes nothing', async () => {
		const before = await h.rowCounts()
		const bad = journey('ING-D', 'ING1ZD')
		bad.events[5] = { ...bad.events[5]!, event_at: 'yesterday' }
		const res = await post(bad)
		expect(res.status).toBe(400)
		expect(res.body!.issues).toEqual([{ path: 'events.5.event_at', message: expect.any(String) }])
		expect(String(res.body!.error)).toContain('events.5.event_at')

		const unknown = await post({ events: [{ ...bad.events[0]!, order_number: 'NO-SUCH-ORDER' }] })
		expect(unknown.status).toBe(400)
		expect(unknown.body!.issues).toEqual([
			{
				path: 'events.0.order_number',
				message: 'no order NO-SUCH-ORDER in this batch or in this supply chain',
			},
		])
		const good = journey('ING-D', 'ING1ZD')
		const carrier = await post({
			...good,
			shipments: [{ ...good.shipments[0]!, carrier: 'Pony Express' }, good.shipments[1]!],
		})
		expect(carrier.body!.issues).toEqual([
			{
				path: 'shipments.0.carrier',
				message: 'no carrier Pony Express (by code or name) in this supply chain',
			},
		])
		const twice = await post({ orders: [bad.orders[0]!, bad.orders[0]!] })
		expect(twice.body!.issues).toEqual([
			{ path: 'orders.1.order_number', message: 'order ING-D appears twice in this batch' },
		])
		expect(await h.rowCounts()).toEqual(before)
	})

	it('a string holding half of a character (an unpaired surrogate) is refused naming each field, not a 500', async () => {
		const before = await h.rowCounts()
		const bad = journey('ING-S\ud800', 'ING1ZS')
		bad.orders[0]!.tags = ['ok', '\udc00tag']
		bad.events[1] = { ...bad.events[1]!, title: 'Picked \ud800up' }
		const res = await post(bad)
		expect(res.status).toBe(400)
		const issues = res.body!.issues as { path: string; message: string }[]
		const paths = issues.filter((i) => i.message === UNPAIRED_MESSAGE).map((i) => i.path)
		expect(paths).toEqual(
			expect.arrayContaining(['orders.0.order_number', 'orders.0.tags.1', 'events.1.title']),
		)
		expect(await h.rowCounts()).toEqual(before)
	})

	it('on PGlite takes at most 1,000 items a batch (413 naming it), so a batch never holds other requests for long (issue 45)', async () => {
		if (h.deps.ingestBatchMax !== PGLITE_BATCH_MAX) {
			// PostgreSQL: other requests have connections of their own; the contract's 10,000 holds.
			expect(h.deps.ingestBatchMax).toBe(INGEST_BATCH_MAX)
			return
		}
		const many = Array.from({ length: PGLITE_BATCH_MAX + 1 }, (_, i) => ({
			order_number: `ING-PGL-${i}`,
		}))
		const before = await h.rowCounts()
		const res = await post({ orders: many })
		expect(res.status).toBe(413)
		expect(res.body!.error).toBe(
			`A batch is at most ${PGLITE_BATCH_MAX} items on this server (this one ${PGLITE_BATCH_MAX + 1}): send it as several batches`,
		)
		expect(await h.rowCounts()).toEqual(before)
	})

	it('takes at most 10,000 items a batch', async () => {
		const many = Array.from({ length: 10_001 }, (_, i) => ({ order_number: `ING-MANY-${i}` }))
		const res = await post({ orders: many })
		expect(res.status).toBe(400)
		expect(String(res.body!.error)).toContain('10000')
	})

	it('another supply chain’s key cannot touch the order', async () => {
		const id = await h.orderId('acme', 'ING-C')
		const before = await orderState('ING-C')
		const event = {
			external_id: 'GX-EV-1',
			order_number: 'ING-C',
			title: 'Delivered',
			type: 'delivered',
			event_at: at(200),
			timezone: 'UTC',
			node: { building_type: 'Customer' },
		}
		const res = await post({ events: [event] }, globexKey)
		expect(res.status).toBe(400)
		expect(res.body!.issues).toEqual([
			{
				path: 'events.0.order_number',
				message: 'no order ING-C in this batch or in this supply chain',
			},
		])
		// Acme's shipment id sent by Globex names nothing of Globex's either.
		const shipment = await post(
			{
				orders: [{ order_number: 'GX-ING' }],
				shipments: [
					{ external_id: 'ING-C-SHP-1', order_number: 'GX-ING', tracking_number: 'HIJACK' },
				],
			},
			globexKey,
		)
		expect(shipment.status).toBe(200)
		expect(await orderState('ING-C')).toEqual(before)
		const { rows } = await h.db.execute<{ n: number }>(
			sql`select count(*)::int as n from shipments where ship_set_id = ${id} and tracking_number = 'HIJACK'`,
		)
		expect(rows[0]!.n).toBe(0)
	})

	it('finds stored orders and events whose ids hold quotes, commas and backslashes', async () => {
		const name = 'ODD "1", \\x {y}'
		const event = {
			external_id: `${name}-EV`,
			order_number: name,
			title: 'Order received',
			type: 'info',
			event_at: at(1),
			timezone: 'UTC',
			node: { building_type: 'Factory' },
		}
		expect((await post({ orders: [{ order_number: name }] })).body).toMatchObject({
			orders: { created: 1 },
		})
		expect((await post({ events: [event] })).body).toMatchObject({ events: { created: 1 } })
		expect(
			(await post({ events: [{ ...event, title: 'Order received (again)' }] })).body,
		).toMatchObject({ events: { created: 0, updated: 1 } })
	})

	it('changes a custom attribute and a Damage node’s details in place, the last sent winning', async () => {
		const id = await h.orderId('acme', 'ING-C')
		expect(
			(
				await post({
					orders: [{ order_number: 'ING-C', custom_attributes: { Project: 'Artemis' } }],
				})
			).body,
		).toMatchObject({ orders: { unchanged: 1 } })
		const damage = (n: number, node: object) => ({
			external_id: `ING-C-DMG-${n}`,
			order_number: 'ING-C',
			title: 'Damaged',
			type: 'exception',
			event_at: at(35 + n),
			timezone: 'UTC',
			node: { building_type: 'Damage', ...node },
		})
		const res = await post({
			events: [
				damage(1, { damage_category: 'Crushed', damage_notes: 'Corner crushed' }),
				damage(2, { damage_notes: 'Two cartons wet' }),
			],
		})
		expect(res.body).toMatchObject({ events: { created: 2 } })
		const { rows } = await h.db.execute<{ value: string; category: string; notes: string }>(sql`
			select (select value from custom_attributes where ship_set_id = ${id}) as value,
				n.damage_category as category, n.damage_notes as notes
			from nodes n where n.ship_set_id = ${id} and n.building_type = 'Damage'`)
		expect(rows).toEqual([{ value: 'Artemis', category: 'Crushed', notes: 'Two cartons wet' }])
	})

	it('a shipment sent travels_with another joins its Transit node as a group, as SO-1001 is seeded', async () => {
		const ship = (n: number, extra: object = {}) => ({
			external_id: `ING-G-SHP-${n}`,
			order_number: 'ING-G',
			carrier: 'UPS',
			tracking_number: `ING1ZG${n}`,
			...extra,
		})
		const bad = await post({
			orders: [{ order_number: 'ING-G' }],
			shipments: [ship(1, { travels_with: 'ING-C-SHP-1' })],
		})
		expect(bad.body!.issues).toEqual([
			{ path: 'shipments.0.travels_with', message: 'shipment ING-C-SHP-1 belongs to order ING-C' },
		])
		// The companion later in the same batch, and one stored before.
		expect(
			(
				await post({
					orders: [{ order_number: 'ING-G' }],
					shipments: [
						ship(1, { travels_with: 'ING-G-SHP-2' }),
						ship(2, { final_mile: true }),
						ship(3),
					],
				})
			).status,
		).toBe(200)
		expect((await post({ shipments: [ship(4, { travels_with: 'ING-G-SHP-3' })] })).status).toBe(200)
		const event = (n: number, shipment: number, hours: number) => ({
			external_id: `ING-G-EV-${n}`,
			order_number: 'ING-G',
			shipment_external_id: `ING-G-SHP-${shipment}`,
			title: 'Picked up',
			type: 'transit',
			event_at: at(hours),
			timezone: 'UTC',
			node: { building_type: 'Transit' },
		})
		expect((await post({ events: [event(1, 3, 10), event(2, 1, 5)] })).status).toBe(200)
		const id = await h.orderId('acme', 'ING-G')
		const { rows } = await h.db.execute<{
			tracking: string
			position: number
			in_group: number
		}>(sql`
			select s.tracking_number as tracking, n.position, n.position_in_group as in_group
			from nodes n join shipments s on s.id = n.connectable_id where n.ship_set_id = ${id} order by n.position, n.position_in_group`)
		expect(rows).toEqual([
			{ tracking: 'ING1ZG1', position: 0, in_group: 0 },
			{ tracking: 'ING1ZG2', position: 0, in_group: 1 },
			{ tracking: 'ING1ZG3', position: 1, in_group: 0 },
			{ tracking: 'ING1ZG4', position: 1, in_group: 1 },
		])
	})

	it('events check no foreign key (migration 0022), yet deleting a shipment, a node or an order does to its events what the keys did', async () => {
		const id = await h.orderId('acme', 'ING-G')
		const count = async (where: ReturnType<typeof sql>) =>
			(await h.db.execute<{ n: number }>(sql`select count(*)::int as n from events where ${where}`))
				.rows[0]!.n
		const {
			rows: [shipment],
		} = await h.db.execute<{ id: string }>(
			sql`select id from shipments where external_id = 'ING-G-SHP-3' and ship_set_id = ${id}`,
		)
		expect(await count(sql`shipment_id = ${shipment!.id}`)).toBe(1)
		// A shipment deleted: its events stay, without it (ON DELETE SET NULL).
		await h.db.execute(sql`delete from shipments where id = ${shipment!.id}`)
		expect(await count(sql`shipment_id = ${shipment!.id}`)).toBe(0)
		expect(await count(sql`external_id = 'ING-G-EV-1' and shipment_id is null`)).toBe(1)
		// A node deleted: its events go (ON DELETE CASCADE).
		const {
			rows: [node],
		} = await h.db.execute<{ id: string }>(
			sql`select node_id as id from events where external_id = 'ING-G-EV-2'`,
		)
		await h.db.execute(sql`delete from nodes where id = ${node!.id}`)
		expect(await count(sql`external_id = 'ING-G-EV-2'`)).toBe(0)
		// The order deleted: every event of it goes, one without a node too.
		await h.db.execute(sql`update events set node_id = null where external_id = 'ING-G-EV-1'`)
		expect(await count(sql`ship_set_id = ${id}`)).toBe(1)
		await h.db.execute(sql`delete from ship_sets where id = ${id}`)
		expect(await count(sql`ship_set_id = ${id}`)).toBe(0)
	})

	it('keys need their scope, and no key is no entry', async () => {
		expect((await post({ orders: [{ order_number: 'ING-E' }] }, eventsOnlyKey)).status).toBe(403)
		expect((await post({ orders: [{ order_number: 'ING-E' }] }, null)).status).toBe(401)
		expect((await post({ orders: [{ order_number: 'ING-E' }] }, 'wmk_not-a-key')).status).toBe(401)
	})
})

describe('API keys of a supply chain (CORE.UPDATE_SUPPLY_CHAIN_SETTINGS)', () => {
	it('are made, shown once, listed by prefix and last use, and revoked', async () => {
		const victor = await h.tokenFor('victor@acme.test')
		expect(
			(await h.call('/api/web/settings/api_keys', { token: victor, supplyChain: 'acme' })).status,
		).toBe(403)
		const made = await h.call('/api/web/settings/api_keys', {
			token: olivia,
			supplyChain: 'acme',
			method: 'POST',
			body: { name: 'Dock', scopes: ['events:write'] },
		})
		expect(made.status).toBe(201)
		const key = made.body!.key as string
		const id = (made.body!.api_key as { id: string }).id
		expect(key).toMatch(/^wmk_/)
		const listed = await asOlivia('/api/web/settings/api_keys')
		expect(JSON.stringify(listed.body)).not.toContain(key)
		const row = () =>
			asOlivia('/api/web/settings/api_keys').then((r) =>
				(
					r.body!.api_keys as {
						id: string
						prefix: string
						last_used_at: string | null
						revoked_at: string | null
					}[]
				).find((k) => k.id === id)!,
			)
		expect(await row()).toMatchObject({
			prefix: key.slice(0, 10),
			last_used_at: null,
			revoked_at: null,
		})
		const event = {
			external_id: 'DOCK-1',
			order_number: 'ING-C',
			title: 'Arrival scan',
			type: 'info',
			event_at: at(50),
			timezone: 'UTC',
			node: { building_type: 'Transit Hub', location: memphis },
		}
		expect((await post({ events: [event] }, key)).status).toBe(200)
		expect((await row()).last_used_at).not.toBeNull()
		const revoked = await h.call(`/api/web/settings/api_keys/${id}`, {
			token: olivia,
			supplyChain: 'acme',
			method: 'DELETE',
		})
		expect(revoked.body).toEqual({ revoked: true })
		expect((await row()).revoked_at).not.toBeNull()
		expect((await post({ events: [event] }, key)).status).toBe(401)
		// Another supply chain's key is not ours to revoke: 404, as unknown.
		const { rows } = await h.db.execute<{ id: string }>(
			sql`select k.id from api_keys k join organizations o on o.id = k.organization_id where o.slug = 'globex' limit 1`,
		)
		expect(
			(
				await h.call(`/api/web/settings/api_keys/${rows[0]!.id}`, {
					token: olivia,
					supplyChain: 'acme',
					method: 'DELETE',
				})
			).status,
		).toBe(404)
		expect(
			(
				await post(
					{ events: [{ ...event, external_id: 'GX-2', order_number: 'GX-ING' }] },
					globexKey,
				)
			).status,
		).toBe(200)
	})
})

describe('CSV import', () => {
	const header =
		'order_number,reference_number,final_location_name,final_location_city,final_location_state,final_location_country,promise_date,tags,attribute:Project,shipment_id,carrier,tracking_number,final_mile'
	const csv = [
		header,
		'CSV-1,PO-CSV-1,Csv Clinic,Dallas,TX,US,2026-12-01T00:00:00Z,imported,Apollo,CSV-1-S1,UPS,CSV1Z1,no',
		'CSV-2,PO-CSV-2,Csv Clinic,Dallas,TX,US,2026-12-02T00:00:00Z,,,CSV-2-S1,FedEx,CSV1Z2,yes',
		'CSV-3,PO-CSV-3,Csv Clinic,Dallas,TX,US,not a date,,,CSV-3-S1,UPS,CSV1Z3,no',
		'CSV-4,PO-CSV-4,Csv Clinic,Dallas,TX,US,,,,,,,',
	].join('\n')

	it('previews each bad row with why, imports the good ones once, and keeps the record', async () => {
		const victor = await h.tokenFor('victor@acme.test')
		expect((await previewImport('x.csv', csv, victor)).status).toBe(403)
		const before = await h.rowCounts()
		const preview = await previewImport('orders.csv', csv)
		expect(preview.status).toBe(201)
		expect(preview.body!.import).toMatchObject({
			kind: 'orders',
			status: 'previewed',
			total_rows: 4,
			good_rows: 3,
			bad_rows: 1,
			imported_rows: null,
			user_email: 'olivia@acme.test',
		})
		expect(preview.body!.errors).toEqual([
			{
				row: 4,
				messages: ['promise_date: Invalid ISO datetime'],
				cells: expect.arrayContaining([{ column: 'order_number', value: 'CSV-3' }]),
			},
		])
		// A preview writes nothing but its record.
		expect(await h.rowCounts()).toEqual({ ...before, imports: before.imports! + 1 })
		const id = (preview.body!.import as { id: string }).id
		const run = await h.call(`/api/web/imports/${id}/run`, {
			token: olivia,
			supplyChain: 'acme',
			method: 'POST',
		})
		expect(run.status).toBe(200)
		expect(run.body!.import).toMatchObject({ status: 'imported', imported_rows: 3, bad_rows: 1 })
		expect(
			(
				await h.call(`/api/web/imports/${id}/run`, {
					token: olivia,
					supplyChain: 'acme',
					method: 'POST',
				})
			).status,
		).toBe(409)
		const { rows } = await h.db.execute<{
			name: string
			shipments: number
			final_mile: boolean | null
		}>(sql`
			select s.name, count(x.id)::int as shipments, bool_or(x.final_mile) as final_mile from ship_sets s left join shipments x on x.ship_set_id = s.id
			where s.name like 'CSV-%' and s.organization_id = (select id from organizations where slug = 'acme') group by s.name order by s.name`)
		expect(rows).toEqual([
			{ name: 'CSV-1', shipments: 1, final_mile: false },
			{ name: 'CSV-2', shipments: 1, final_mile: true },
			{ name: 'CSV-4', shipments: 0, final_mile: null },
		])
		const list = await asOlivia('/api/web/imports')
		expect((list.body!.imports as { id: string }[])[0]!.id).toBe(id)
		const errors = await h.api.fetch(
			new Request(`http://scm.internal/api/web/imports/${id}/errors.csv`, {
				headers: { Authorization: `Bearer ${olivia}`, 'X-Supply-Chain': 'acme' },
			}),
		)
		expect(errors.headers.get('content-type')).toContain('text/csv')
		const text = await errors.text()
		expect(text.split('\r\n')[0]).toBe(`row,reason,${header}`)
		expect(text).toContain('4,promise_date: Invalid ISO datetime,CSV-3,')
	})

	it('groups a shipment with the one its travels_with column names, and names a companion that does not exist', async () => {
		const file = [
			'order_number,shipment_id,carrier,tracking_number,final_mile,travels_with',
			'CSV-G,CSV-G-S1,UPS,CSVGZ1,no,CSV-G-S2',
			'CSV-G,CSV-G-S2,FedEx,CSVGZ2,yes,',
			'CSV-G,CSV-G-S3,UPS,CSVGZ3,no,CSV-G-S9',
			'CSV-G,CSV-G-S4,UPS,CSVGZ4,no,',
		].join('\n')
		const preview = await previewImport('grouped.csv', file)
		expect(preview.status).toBe(201)
		expect(preview.body!.errors).toEqual([
			{
				row: 4,
				messages: ['travels_with: no shipment CSV-G-S9 in this batch or in this supply chain'],
				cells: expect.arrayContaining([{ column: 'travels_with', value: 'CSV-G-S9' }]),
			},
		])
		const run = await h.call(
			`/api/web/imports/${(preview.body!.import as { id: string }).id}/run`,
			{ token: olivia, supplyChain: 'acme', method: 'POST' },
		)
		expect(run.body!.import).toMatchObject({ status: 'imported', imported_rows: 3, bad_rows: 1 })
		const id = await h.orderId('acme', 'CSV-G')
		const { rows } = await h.db.execute<{
			tracking: string
			position: number
			in_group: number
		}>(sql`
			select s.tracking_number as tracking, n.position, n.position_in_group as in_group
			from nodes n join shipments s on s.id = n.connectable_id where n.ship_set_id = ${id} order by n.position, n.position_in_group`)
		// S1 and S2 share a place on the strip (S1 joins S2's group, in the file's order); S4 is on its own.
		expect(rows).toEqual([
			{ tracking: 'CSVGZ1', position: 0, in_group: 0 },
			{ tracking: 'CSVGZ2', position: 0, in_group: 1 },
			{ tracking: 'CSVGZ4', position: 1, in_group: 0 },
		])
	})

	it('reads a file of events, naming what a row refers to that does not exist', async () => {
		const events = [
			'event_id,order_number,shipment_id,title,type,event_at,timezone,building_type,location_name,location_city,location_country',
			'CSV-E1,CSV-1,CSV-1-S1,Picked up,transit,2026-11-20T10:00:00Z,UTC,Transit,,,',
			'CSV-E2,CSV-9,,Order received,info,2026-11-20T10:00:00Z,UTC,Factory,Plant,Austin,US',
			'CSV-E3,CSV-1,,Arrived,teleported,2026-11-20T10:00:00Z,Mars/Olympus,Transit,,,',
		].join('\n')
		const preview = await previewImport('events.csv', events)
		expect(preview.status).toBe(201)
		const errs = preview.body!.errors as { row: number; messages: string[] }[]
		expect(errs.map((e) => e.row)).toEqual([3, 4])
		expect(errs[0]!.messages).toEqual([
			'order_number: no order CSV-9 in this batch or in this supply chain',
		])
		expect(errs[1]!.messages.some((m) => m.startsWith('type:'))).toBe(true)
		expect(errs[1]!.messages).toContain(
			'timezone: must be an IANA time zone name, e.g. America/Chicago',
		)
		const bad = await previewImport('x.csv', 'a,b\n1,2')
		expect(bad.status).toBe(400)
		expect(bad.body!.issues).toEqual([
			{ path: 'content', message: expect.stringContaining('order_number') },
		])
	})
})

describe('an import run twice at once (issue 45, door 8)', () => {
	it('runs once: one answer 200, the others 409, and the rows are written once', async () => {
		const csv = 'order_number,reference_number\nCSV-RACE-1,R1\nCSV-RACE-2,R2\n'
		const preview = await previewImport('race.csv', csv)
		expect(preview.status).toBe(201)
		const id = (preview.body!.import as { id: string }).id
		const runs = await Promise.all(
			Array.from({ length: 5 }, () =>
				h.call(`/api/web/imports/${id}/run`, {
					token: olivia,
					supplyChain: 'acme',
					method: 'POST',
				}),
			),
		)
		expect(runs.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409])
		expect(runs.find((r) => r.status === 409)!.body!.error).toBe('This file was imported already')
		const { rows } = await h.db.execute<{ n: number }>(
			sql`select count(*)::int as n from ship_sets where name like 'CSV-RACE-%'`,
		)
		expect(rows[0]!.n).toBe(2)
	})
})
