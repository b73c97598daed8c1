import { sql } from 'drizzle-orm'
import { recordset, uuidArray } from '../db/params'
import { groupBy, type Executor } from './lookups'
import { deliveryStatus, nextOrderStatus, nextShipmentStatus, openIssue, shipmentLate } from './status'

/**
 * After a batch: every touched order's denormalised columns derived again from its live events
 * (as the seed's OrderDraft.finish does): each node's first and last event and exception flag,
 * the node strip's order, each shipment's status, shipped/delivered times, lateness and open
 * issue, the order's status (./status.ts, never backwards), delivery time and indicator, first
 * and last event. Set-based: a handful of statements whatever the batch size; a row is written
 * only when a value changes, so a repeated batch writes nothing (and fires no trigger).
 *
 * Two ways in. `refreshOrders` reads every live event of the orders again: for orders the batch
 * itself changed (an order or shipment upserted, an event changed or made stale). `foldNewEvents`
 * is the common case, orders that only gained events: their stored aggregates (each node's first
 * and last event, the order's first and last event, status, delivery; each shipment's status,
 * times and issue) already account for every older event, and each rule is a minimum, a maximum
 * or a forward-only step, so folding in the new events alone gives what reading them all would.
 * It reads and writes nothing: it answers the rows to write, which the batch sends with the rest
 * of its writes (server/ingest/batch.ts, `waymark_ingest_write`). The writes are SQL functions
 * (server/db/sql/80-ingest.sql) that both ways use.
 */

/** A row of a `jsonb_to_recordset` update (server/db/sql/80-ingest.sql): its id and its new values. */
export type IdRow = { id: string; [column: string]: unknown }
const d = (v: Date | string | null) => (v === null ? null : new Date(v))
const earliest = (a: Date | null, b: Date | null) => (a && b ? (+a <= +b ? a : b) : (a ?? b))
const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && +a === +b)

/** Whether any fact in `next` differs from the stored one (dates by their instant, the rest by value). */
function factsMoved<T extends object>(stored: T, next: T): boolean {
	return (Object.keys(next) as (keyof T)[]).some((key) => {
		const a = next[key]
		const b = stored[key]
		return a instanceof Date || b instanceof Date ? !same(a as Date | null, b as Date | null) : a !== b
	})
}

export interface DerivedOrder {
	status: string
	deliveredAt: Date | null
}

/** The strip placed again from the nodes' first events (`waymark_place_strips`, server/db/sql/80-ingest.sql). */
async function placeStrips(tx: Executor, ids: readonly string[]) {
	if (!ids.length) return
	await tx.execute(sql`select waymark_place_strips(${uuidArray(ids)})`)
}

export async function refreshOrders(
	tx: Executor,
	organizationId: string,
	ids: readonly string[],
	now: Date,
): Promise<Map<string, DerivedOrder>> {
	const out = new Map<string, DerivedOrder>()
	if (!ids.length) return out
	const scope = uuidArray(ids)

	// Nodes: first/last live event and the exception flag.
	await tx.execute(sql`
		update nodes n set first_event_at = a.first_at, last_event_at = a.last_at, with_exception_event = a.exc, updated_at = now()
		from (
			select n2.id, min(e.event_at) as first_at, max(e.event_at) as last_at, coalesce(bool_or(e.event_type = 'exception'), false) as exc
			from nodes n2 left join events e on e.node_id = n2.id and e.stale_at is null
			where n2.ship_set_id = any(${scope})
			group by n2.id
		) a
		where n.id = a.id and (n.first_event_at is distinct from a.first_at or n.last_event_at is distinct from a.last_at or n.with_exception_event <> a.exc)`)

	await placeStrips(tx, ids)

	// Shipments.
	const { rows: shipmentFacts } = await tx.execute<{
		id: string
		status: string
		shipped_at: string | null
		delivered_at: string | null
		estimated_delivery_date: string | null
		late: boolean
		substatus_type_id: string | null
		substatus_at: string | null
		moving: boolean
		delivered: string | null
		first_moving: string | null
		issue: string | null
		issue_at: string | null
	}>(sql`
		select s.id, s.status, s.shipped_at, s.delivered_at, s.estimated_delivery_date, s.late, s.substatus_type_id, s.substatus_at,
			coalesce(bool_or(e.event_type in ('transit', 'delivered')), false) as moving,
			min(e.event_at) filter (where e.event_type = 'delivered') as delivered,
			min(e.event_at) filter (where e.event_type in ('transit', 'delivered')) as first_moving,
			(array_agg(e.substatus_type_id order by e.event_at desc) filter (where e.event_type = 'exception' and e.substatus_type_id is not null))[1] as issue,
			max(e.event_at) filter (where e.event_type = 'exception' and e.substatus_type_id is not null) as issue_at
		from shipments s left join events e on e.shipment_id = s.id and e.stale_at is null
		where s.ship_set_id = any(${scope})
		group by s.id`)
	const shipmentUpdates: IdRow[] = []
	for (const f of shipmentFacts) {
		const status = nextShipmentStatus(f.status, { moving: f.moving, deliveredAt: d(f.delivered) })
		const deliveredAt =
			status === 'delivered' ? (d(f.delivered) ?? d(f.delivered_at)) : d(f.delivered_at)
		// Shipped at its first pick-up (the earliest transit or delivered event), or when the sender said.
		const shippedAt = earliest(d(f.shipped_at), d(f.first_moving))
		const late = shipmentLate(deliveredAt, d(f.estimated_delivery_date), now)
		const issue = openIssue(status, f.issue ?? f.substatus_type_id)
		const issueAt = openIssue(status, f.issue ? d(f.issue_at) : d(f.substatus_at))
		const update = shipmentUpdate(
			f.id,
			{ status: f.status, deliveredAt: d(f.delivered_at), shippedAt: d(f.shipped_at), late: f.late, issue: f.substatus_type_id, issueAt: d(f.substatus_at) },
			{ status, deliveredAt, shippedAt, late, issue, issueAt },
		)
		if (update) shipmentUpdates.push(update)
	}
	await writeShipments(tx, organizationId, shipmentUpdates)

	// Orders.
	const { rows: orderFacts } = await tx.execute<{
		id: string
		status: string
		delivered_at: string | null
		delivered_at_timezone_name: string | null
		shipment_delivery_date: string | null
		shipment_delivery_date_timezone: string | null
		shipment_delivery_status: string | null
		first_event_at: string | null
		last_event_at: string | null
		last_event_id: string | null
		live: number
		moving: boolean
		delivered: string | null
		delivered_tz: string | null
		first_at: string | null
		last_at: string | null
		last_id: string | null
		fm_est: string | null
		fm_est_tz: string | null
	}>(sql`
		select s.id, s.status, s.delivered_at, s.delivered_at_timezone_name, s.shipment_delivery_date, s.shipment_delivery_date_timezone,
			s.shipment_delivery_status, s.first_event_at, s.last_event_at, s.last_event_id,
			count(e.id)::int as live,
			coalesce(bool_or(e.event_type in ('transit', 'delivered')), false) as moving,
			min(e.event_at) filter (where e.event_type = 'delivered' and (n.building_type = 'Customer' or sh.final_mile or sh.consignee_location_id = s.location_id)) as delivered,
			(array_agg(e.timezone_name order by e.event_at) filter (where e.event_type = 'delivered' and (n.building_type = 'Customer' or sh.final_mile or sh.consignee_location_id = s.location_id)))[1] as delivered_tz,
			min(e.event_at) as first_at,
			max(e.event_at) as last_at,
			(array_agg(e.id order by e.event_at desc, e.created_at desc, e.id desc))[1] as last_id,
			fm.estimated_delivery_date as fm_est, fm.estimated_delivery_date_timezone as fm_est_tz
		from ship_sets s
		left join events e on e.ship_set_id = s.id and e.stale_at is null
		left join nodes n on n.id = e.node_id
		left join shipments sh on sh.id = e.shipment_id
		left join lateral (
			select x.estimated_delivery_date, x.estimated_delivery_date_timezone from shipments x
			where x.ship_set_id = s.id and x.estimated_delivery_date is not null
			order by x.final_mile desc, x.estimated_delivery_date desc limit 1
		) fm on true
		where s.id = any(${scope}) and s.organization_id = ${organizationId}
		group by s.id, fm.estimated_delivery_date, fm.estimated_delivery_date_timezone`)
	const orderUpdates: IdRow[] = []
	for (const f of orderFacts) {
		const status = nextOrderStatus(f.status, {
			liveEvents: f.live,
			moving: f.moving,
			deliveredAt: d(f.delivered),
		})
		const delivered = status === 'delivered' || status === 'closed'
		const deliveredAt = delivered ? (d(f.delivered) ?? d(f.delivered_at)) : d(f.delivered_at)
		const deliveredTz = delivered && f.delivered ? f.delivered_tz : f.delivered_at_timezone_name
		const estimate = d(f.shipment_delivery_date) ?? d(f.fm_est)
		const estimateTz = f.shipment_delivery_date
			? f.shipment_delivery_date_timezone
			: (f.fm_est_tz ?? f.shipment_delivery_date_timezone)
		const indicator = deliveryStatus(status, deliveredAt, estimate, now)
		out.set(f.id, { status, deliveredAt })
		const update = orderUpdate(
			f.id,
			{
				status: f.status,
				deliveredAt: d(f.delivered_at),
				deliveredTz: f.delivered_at_timezone_name,
				estimate: d(f.shipment_delivery_date),
				estimateTz: f.shipment_delivery_date_timezone,
				indicator: f.shipment_delivery_status,
				firstAt: d(f.first_event_at),
				lastAt: d(f.last_event_at),
				lastId: f.last_event_id,
			},
			{ status, deliveredAt, deliveredTz, estimate, estimateTz, indicator, firstAt: d(f.first_at), lastAt: d(f.last_at), lastId: f.last_id },
		)
		if (update) orderUpdates.push(update)
	}
	await writeOrders(tx, organizationId, orderUpdates)
	return out
}

/**
 * An order as the derivation folds new events into it, read with what the batch refers to
 * (server/ingest/check.ts loadContext) before anything is written: its status, delivery, estimate
 * and first and last event, and its live events then.
 */
export interface OrderFacts extends OrderRowFacts {
	id: string
	locationId: string | null
	/** Its live events (2 for any order past pending: two is all the status asks). */
	live: number
}

/** A node as the derivation folds events into it: its order, building type, first and last live event, exception flag. */
export interface NodeFacts {
	id: string
	shipSetId: string
	buildingType: string
	firstAt: Date | null
	lastAt: Date | null
	exc: boolean
}

/** A node as the batch finds each event's node by it (its shipment, its place) and the derivation folds into it. */
export interface StoredNode extends NodeFacts {
	connectableId: string | null
	locationId: string | null
	finalMile: boolean
}

/** A shipment as the derivation folds new events into it. */
export interface ShipmentFacts extends ShipmentRowFacts {
	id: string
	shipSetId: string
	finalMile: boolean
	consigneeId: string | null
	estimate: Date | null
	estimateTz: string | null
}

/** An event this batch stored for the first time. */
export interface NewEvent {
	id: string
	shipSetId: string
	nodeId: string
	shipmentId: string | null
	type: string
	at: Date
	timezone: string | null
	/** Not stale: a stale event is stored and shown but moves nothing. */
	live: boolean
	substatusTypeId: string | null
}

const later = (a: Date | null, b: Date | null) => (a && b ? (+a >= +b ? a : b) : (a ?? b))
const MOVING = new Set(['transit', 'delivered'])

/** What `foldNewEvents` moves: the rows to write (`waymark_ingest_write`, server/db/sql/80-ingest.sql) and each order's status. */
export interface FoldedWrites {
	orders: Map<string, DerivedOrder>
	nodeRows: IdRow[]
	strips: string[]
	shipmentRows: IdRow[]
	orderRows: IdRow[]
}

/**
 * Orders that only gained events in this batch (`added`, new, none changed): their nodes,
 * shipments and the order itself folded forward from the stored values and the new events alone
 * (no read, whatever the orders' history; the caller writes what moved in its one write). `orders`, `shipments`, `nodes`: as
 * the batch read them before writing (server/ingest/check.ts loadContext: the orders locked until it
 * commits) and, for nodes, made them (server/ingest/batch.ts). `newNodes`: orders whose strip got a
 * node in this batch (placed again with those whose nodes' first events moved).
 */
export function foldNewEvents(
	ids: readonly string[],
	orders: ReadonlyMap<string, OrderFacts>,
	shipments: readonly ShipmentFacts[],
	nodes: readonly NodeFacts[],
	added: readonly NewEvent[],
	newNodes: ReadonlySet<string>,
	now: Date,
): FoldedWrites {
	const out = new Map<string, DerivedOrder>()
	const scope = new Set(ids)
	const live = added.filter((e) => e.live && scope.has(e.shipSetId))
	const orderRows = ids.map((id) => orders.get(id)!)
	const shipmentRows = shipments.filter((s) => scope.has(s.shipSetId))
	const nodeRows = nodes.filter((n) => scope.has(n.shipSetId))

	// Nodes: first/last live event and the exception flag.
	const nodeById = new Map(nodeRows.map((n) => [n.id, n]))
	const nodeNext = new Map<string, { first: Date | null; last: Date | null; exc: boolean }>()
	for (const e of live) {
		const n = nodeById.get(e.nodeId)
		if (!n) continue
		const cur = nodeNext.get(n.id) ?? { first: n.firstAt, last: n.lastAt, exc: n.exc }
		nodeNext.set(n.id, {
			first: earliest(cur.first, e.at),
			last: later(cur.last, e.at),
			exc: cur.exc || e.type === 'exception',
		})
	}
	const nodeUpdates: IdRow[] = []
	const strips = new Set([...newNodes].filter((id) => scope.has(id)))
	for (const [id, v] of nodeNext) {
		const n = nodeById.get(id)!
		if (same(v.first, n.firstAt) && same(v.last, n.lastAt) && v.exc === n.exc) continue
		nodeUpdates.push({ id, first_at: v.first, last_at: v.last, exc: v.exc })
		if (!same(v.first, n.firstAt)) strips.add(n.shipSetId)
	}

	// Shipments: every shipment of these orders (its lateness follows the clock), with its new events.
	const byShipment = groupBy(
		live.filter((e) => e.shipmentId),
		(e) => e.shipmentId!,
	)
	const shipmentUpdates: IdRow[] = []
	for (const f of shipmentRows) {
		const evs = byShipment.get(f.id) ?? []
		let delivered: Date | null = null
		let firstMoving: Date | null = null
		let issue: NewEvent | null = null
		for (const e of evs) {
			if (e.type === 'delivered') delivered = earliest(delivered, e.at)
			if (MOVING.has(e.type)) firstMoving = earliest(firstMoving, e.at)
			if (e.type === 'exception' && e.substatusTypeId && (!issue || +e.at >= +issue.at)) issue = e
		}
		const status = nextShipmentStatus(f.status, {
			moving: firstMoving !== null,
			deliveredAt: delivered,
		})
		const deliveredAt =
			status === 'delivered' && delivered ? earliest(f.deliveredAt, delivered) : f.deliveredAt
		const shippedAt = earliest(f.shippedAt, firstMoving)
		const late = shipmentLate(deliveredAt, f.estimate, now)
		const newer = issue && (!f.issueAt || +issue.at >= +f.issueAt)
		const issueId = openIssue(status, newer ? issue!.substatusTypeId : f.issue)
		const issueAt = openIssue(status, newer ? issue!.at : f.issueAt)
		const update = shipmentUpdate(f.id, f, { status, deliveredAt, shippedAt, late, issue: issueId, issueAt })
		if (update) shipmentUpdates.push(update)
	}

	// Orders.
	const shipmentById = new Map(shipmentRows.map((r) => [r.id, r]))
	const estimates = new Map<string, (typeof shipmentRows)[number]>()
	for (const r of shipmentRows) {
		if (!r.estimate) continue
		const best = estimates.get(r.shipSetId)
		// As the full derivation's lateral: the final mile first, then the latest estimate.
		if (
			!best ||
			(r.finalMile && !best.finalMile) ||
			(r.finalMile === best.finalMile && +r.estimate > +best.estimate!)
		)
			estimates.set(r.shipSetId, r)
	}
	const byOrder = groupBy(live, (e) => e.shipSetId)
	const orderUpdates: IdRow[] = []
	for (const f of orderRows) {
		const evs = byOrder.get(f.id) ?? []
		let moving = false
		let delivering: NewEvent | null = null
		let first: Date | null = null
		let last: NewEvent | null = null
		for (const e of evs) {
			moving ||= MOVING.has(e.type)
			first = earliest(first, e.at)
			// The latest by time; among equals the larger id (they share created_at: this transaction's).
			if (!last || +e.at > +last.at || (+e.at === +last.at && e.id > last.id)) last = e
			if (e.type !== 'delivered') continue
			const sh = e.shipmentId ? shipmentById.get(e.shipmentId) : undefined
			const delivers =
				nodeById.get(e.nodeId)?.buildingType === 'Customer' ||
				!!sh?.finalMile ||
				(!!sh?.consigneeId && sh.consigneeId === f.locationId)
			if (delivers && (!delivering || +e.at < +delivering.at)) delivering = e
		}
		const status = nextOrderStatus(f.status, {
			liveEvents: f.live + evs.length,
			moving,
			deliveredAt: delivering?.at ?? null,
		})
		const isDelivered = status === 'delivered' || status === 'closed'
		const fromNew = isDelivered && delivering && (!f.deliveredAt || +delivering.at < +f.deliveredAt)
		const deliveredAt = fromNew ? delivering!.at : f.deliveredAt
		const deliveredTz = fromNew ? delivering!.timezone : f.deliveredTz
		const fm = estimates.get(f.id)
		const estimate = f.estimate ?? fm?.estimate ?? null
		const estimateTz = f.estimate ? f.estimateTz : (fm?.estimateTz ?? f.estimateTz)
		const indicator = deliveryStatus(status, deliveredAt, estimate, now)
		const firstAt = earliest(f.firstAt, first)
		const newest = last && (!f.lastAt || +last.at >= +f.lastAt)
		const lastAt = newest ? last!.at : f.lastAt
		const lastId = newest ? last!.id : f.lastId
		out.set(f.id, { status, deliveredAt })
		const update = orderUpdate(f.id, f, { status, deliveredAt, deliveredTz, estimate, estimateTz, indicator, firstAt, lastAt, lastId })
		if (update) orderUpdates.push(update)
	}
	return { orders: out, nodeRows: nodeUpdates, strips: [...strips], shipmentRows: shipmentUpdates, orderRows: orderUpdates }
}

/** What the derivation keeps on a shipment's row, as stored and as newly derived. */
interface ShipmentRowFacts {
	status: string
	deliveredAt: Date | null
	shippedAt: Date | null
	late: boolean
	issue: string | null
	issueAt: Date | null
}

/** The shipment row's update (writeShipments' shape) when anything derived moved from what is stored; null when nothing did. */
function shipmentUpdate(id: string, stored: ShipmentRowFacts, next: ShipmentRowFacts): IdRow | null {
	if (!factsMoved(stored, next)) return null
	return {
		id,
		status: next.status,
		delivered_at: next.deliveredAt,
		shipped_at: next.shippedAt,
		late: next.late,
		substatus_type_id: next.issue,
		substatus_at: next.issueAt,
	}
}

async function writeShipments(tx: Executor, organizationId: string, rows: readonly IdRow[]) {
	if (rows.length) await tx.execute(sql`select waymark_ingest_shipments(${organizationId}, ${recordset(rows)})`)
}

/** What the derivation keeps on an order's row, as stored and as newly derived. */
interface OrderRowFacts {
	status: string
	deliveredAt: Date | null
	deliveredTz: string | null
	estimate: Date | null
	estimateTz: string | null
	indicator: string | null
	firstAt: Date | null
	lastAt: Date | null
	lastId: string | null
}

/** The order row's update (writeOrders' shape) when anything derived moved from what is stored; null when nothing did. */
function orderUpdate(id: string, stored: OrderRowFacts, next: OrderRowFacts): IdRow | null {
	if (!factsMoved(stored, next)) return null
	return {
		id,
		status: next.status,
		delivered_at: next.deliveredAt,
		delivered_tz: next.deliveredTz,
		estimate: next.estimate,
		estimate_tz: next.estimateTz,
		indicator: next.indicator,
		first_at: next.firstAt,
		last_at: next.lastAt,
		last_id: next.lastId,
	}
}

async function writeOrders(tx: Executor, organizationId: string, rows: readonly IdRow[]) {
	if (rows.length) await tx.execute(sql`select waymark_ingest_orders(${organizationId}, ${recordset(rows)})`)
}
