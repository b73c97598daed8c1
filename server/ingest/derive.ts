import { sql } from 'drizzle-orm'
import { uuidArray } from '../db/params'
import { groupBy, type Executor } from './lookups'
import {
	deliveryStatus,
	nextOrderStatus,
	nextShipmentStatus,
	openIssue,
	shipmentLate,
} from './status'

/**
 * Every touched order's denormalised columns derived again from its live events: each node's
 * first and last event and exception flag, the node strip's order, each shipment's status,
 * shipped/delivered times, lateness and open issue, the order's status (./status.ts, never
 * backwards), delivery time and indicator, first and last event. The rules are here and in
 * ./status.ts only; SQL reads the facts and writes the answer (server/ingest/ingest.sql,
 * `waymark_ingest_write`). A row is answered only when a value changes, so a repeated batch writes
 * nothing (and fires no trigger).
 *
 * Two ways in. `refreshOrders` reads every live event of the orders again (as aggregates): for
 * orders the batch itself changed (an order or shipment upserted, an event changed or made stale).
 * `foldNewEvents` is the common case, orders that only gained events: their stored aggregates (each
 * node's first and last event, the order's first and last event, status, delivery; each shipment's
 * status, times and issue) already account for every older event, and each rule is a minimum, a
 * maximum or a forward-only step, so folding in the new events alone gives what reading them all
 * would. It is pure: the seed derives its orders with it too (server/db/seed/derive.ts), each a new
 * order whose events are all new.
 *
 * The columns are named as the schema names them (server/db/schema/orders.ts), so an answered row
 * is an update of its table's row.
 */

/** What the derivation keeps on an order's row (ship_sets). */
export interface OrderDerived {
	status: string
	deliveredAt: Date | null
	deliveredAtTimezoneName: string | null
	shipmentDeliveryDate: Date | null
	shipmentDeliveryDateTimezone: string | null
	shipmentDeliveryStatus: string | null
	firstEventAt: Date | null
	lastEventAt: Date | null
	lastEventId: string | null
}

/** What the derivation keeps on a shipment's row. */
export interface ShipmentDerived {
	status: string
	deliveredAt: Date | null
	shippedAt: Date | null
	late: boolean
	substatusTypeId: string | null
	substatusAt: Date | null
}

/** What the derivation keeps on a node's row: its live events' first and last time and exception flag, its place on the strip. */
export interface NodeDerived {
	firstEventAt: Date | null
	lastEventAt: Date | null
	withExceptionEvent: boolean
	position: number
}

/** A row to write: its id and its new values. */
export type Update<T> = { id: string } & T

/** The rows the derivation moved (written by `waymark_ingest_write`), and each derived order's status. */
export interface DerivedWrites {
	statuses: Map<string, DerivedOrder>
	nodes: Update<NodeDerived>[]
	shipments: Update<ShipmentDerived>[]
	orders: Update<OrderDerived>[]
}

export interface DerivedOrder {
	status: string
	deliveredAt: Date | null
}

const d = (v: Date | string | null) => (v === null ? null : new Date(v))
const earliest = (a: Date | null, b: Date | null) => (a && b ? (+a <= +b ? a : b) : (a ?? b))
const later = (a: Date | null, b: Date | null) => (a && b ? (+a >= +b ? a : b) : (a ?? b))
const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && +a === +b)
const MOVING = new Set(['transit', 'delivered'])

/** `next` as a row to write when any value differs from `stored` (dates by their instant, the rest by value); null when none does. */
function changed<T extends object>(id: string, stored: T, next: T): Update<T> | null {
	const moved = (Object.keys(next) as (keyof T)[]).some((key) => {
		const a = next[key]
		const b = stored[key]
		return a instanceof Date || b instanceof Date
			? !same(a as Date | null, b as Date | null)
			: a !== b
	})
	return moved ? { id, ...next } : null
}

/** A node as the strip places it: its group (position), building type and first live event. */
export interface StripNode {
	position: number
	buildingType: string
	firstEventAt: Date | null
}

/**
 * An order's strip placed again: groups of nodes (those sharing a position) by their first event,
 * the Customer's group last, groups without events after those with, in their former order;
 * numbered 0, 1, 2, …. Answers each node's new position, in the given order.
 */
export function placeStrip(nodes: readonly StripNode[]): number[] {
	const groups = new Map<number, { position: number; customer: boolean; first: Date | null }>()
	for (const n of nodes) {
		const g = groups.get(n.position) ?? { position: n.position, customer: false, first: null }
		g.customer ||= n.buildingType === 'Customer'
		g.first = earliest(g.first, n.firstEventAt)
		groups.set(n.position, g)
	}
	const order = [...groups.values()].sort(
		(a, b) =>
			Number(a.customer) - Number(b.customer) ||
			(a.first && b.first ? +a.first - +b.first : a.first ? -1 : b.first ? 1 : 0) ||
			a.position - b.position,
	)
	const rank = new Map(order.map((g, i) => [g.position, i]))
	return nodes.map((n) => rank.get(n.position)!)
}

/** Each node's row to write once its events' facts are known: `next` without its position, placed again when `place` has its order. */
function nodeUpdates(
	nodes: readonly (NodeFacts & { next: Omit<NodeDerived, 'position'> })[],
	place: (shipSetId: string) => boolean,
): Update<NodeDerived>[] {
	const out: Update<NodeDerived>[] = []
	for (const [shipSetId, own] of groupBy(nodes, (n) => n.shipSetId)) {
		const positions = place(shipSetId)
			? placeStrip(
					own.map((n) => ({
						position: n.position,
						buildingType: n.buildingType,
						firstEventAt: n.next.firstEventAt,
					})),
				)
			: own.map((n) => n.position)
		own.forEach((n, i) => {
			const { firstEventAt, lastEventAt, withExceptionEvent } = n.next
			const stored = {
				firstEventAt: n.firstEventAt,
				lastEventAt: n.lastEventAt,
				withExceptionEvent: n.withExceptionEvent,
				position: n.position,
			}
			const update = changed(n.id, stored, {
				firstEventAt,
				lastEventAt,
				withExceptionEvent,
				position: positions[i]!,
			})
			if (update) out.push(update)
		})
	}
	return out
}

/** A shipment's derived values from its stored ones and its events' facts (the earliest delivery and move, the latest issue). */
function nextShipment(
	f: ShipmentDerived & { estimatedDeliveryDate: Date | null },
	e: {
		moving: boolean
		delivered: Date | null
		firstMoving: Date | null
		issue: { id: string | null; at: Date | null }
	},
	now: Date,
): ShipmentDerived {
	const status = nextShipmentStatus(f.status, { moving: e.moving, deliveredAt: e.delivered })
	const deliveredAt = status === 'delivered' ? (e.delivered ?? f.deliveredAt) : f.deliveredAt
	return {
		status,
		deliveredAt,
		// Shipped at its first pick-up (the earliest transit or delivered event), or when the sender said.
		shippedAt: earliest(f.shippedAt, e.firstMoving),
		late: shipmentLate(deliveredAt, f.estimatedDeliveryDate, now),
		substatusTypeId: openIssue(status, e.issue.id),
		substatusAt: openIssue(status, e.issue.at),
	}
}

/** The order's estimate: the sender's, else its final mile's (then the latest) shipment estimate. */
function estimateOf(
	f: OrderDerived,
	best:
		| { estimatedDeliveryDate: Date | null; estimatedDeliveryDateTimezone: string | null }
		| undefined,
) {
	if (f.shipmentDeliveryDate)
		return {
			shipmentDeliveryDate: f.shipmentDeliveryDate,
			shipmentDeliveryDateTimezone: f.shipmentDeliveryDateTimezone,
		}
	return {
		shipmentDeliveryDate: best?.estimatedDeliveryDate ?? null,
		shipmentDeliveryDateTimezone:
			best?.estimatedDeliveryDateTimezone ?? f.shipmentDeliveryDateTimezone,
	}
}

/**
 * An order's derived values from its stored ones, its events' facts and its estimate. `whole`: the
 * events are all its live events (refreshOrders), so their first and last and their delivery replace
 * the stored ones; else they are new events, folded into the stored ones.
 */
function nextOrder(
	f: OrderDerived,
	e: {
		live: number
		moving: boolean
		delivering: { at: Date; timezone: string | null } | null
		first: Date | null
		last: { at: Date; id: string } | null
	},
	estimate: ReturnType<typeof estimateOf>,
	now: Date,
	whole: boolean,
): OrderDerived {
	const status = nextOrderStatus(f.status, {
		liveEvents: e.live,
		moving: e.moving,
		deliveredAt: e.delivering?.at ?? null,
	})
	const delivering = status === 'delivered' || status === 'closed' ? e.delivering : null
	const fromEvent =
		delivering && (whole || !f.deliveredAt || +delivering.at < +f.deliveredAt) ? delivering : null
	const deliveredAt = fromEvent ? fromEvent.at : f.deliveredAt
	const last = whole
		? e.last
		: e.last && (!f.lastEventAt || +e.last.at >= +f.lastEventAt)
			? e.last
			: null
	return {
		status,
		deliveredAt,
		deliveredAtTimezoneName: fromEvent ? fromEvent.timezone : f.deliveredAtTimezoneName,
		...estimate,
		shipmentDeliveryStatus: deliveryStatus(status, deliveredAt, estimate.shipmentDeliveryDate, now),
		firstEventAt: whole ? e.first : earliest(f.firstEventAt, e.first),
		lastEventAt: last || whole ? (last?.at ?? null) : f.lastEventAt,
		lastEventId: last || whole ? (last?.id ?? null) : f.lastEventId,
	}
}

/**
 * The orders `ids` derived from all their live events, read as aggregates; answers the rows to
 * write (the caller writes them with `waymark_ingest_write`). The stored values are the start, as
 * in `foldNewEvents`, except each node's and the order's first and last event and the strip, which
 * are read whole again (an event made stale can move them back).
 */
export async function refreshOrders(
	tx: Executor,
	organizationId: string,
	ids: readonly string[],
	now: Date,
): Promise<DerivedWrites> {
	const out: DerivedWrites = { statuses: new Map(), nodes: [], shipments: [], orders: [] }
	if (!ids.length) return out
	const scope = uuidArray(ids)

	const { rows: nodeFacts } = await tx.execute<{
		id: string
		ship_set_id: string
		building_type: string
		position: number
		first_event_at: string | null
		last_event_at: string | null
		with_exception_event: boolean
		first_at: string | null
		last_at: string | null
		exc: boolean
	}>(sql`
		select n.id, n.ship_set_id, n.building_type, n.position, n.first_event_at, n.last_event_at, n.with_exception_event,
			min(e.event_at) as first_at, max(e.event_at) as last_at, coalesce(bool_or(e.event_type = 'exception'), false) as exc
		from nodes n left join events e on e.node_id = n.id and e.stale_at is null
		where n.ship_set_id = any(${scope}) and n.organization_id = ${organizationId}
		group by n.id`)
	out.nodes = nodeUpdates(
		nodeFacts.map((n) => ({
			id: n.id,
			shipSetId: n.ship_set_id,
			buildingType: n.building_type,
			position: n.position,
			firstEventAt: d(n.first_event_at),
			lastEventAt: d(n.last_event_at),
			withExceptionEvent: n.with_exception_event,
			next: { firstEventAt: d(n.first_at), lastEventAt: d(n.last_at), withExceptionEvent: n.exc },
		})),
		() => true,
	)

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
		where s.ship_set_id = any(${scope}) and s.organization_id = ${organizationId}
		group by s.id`)
	for (const f of shipmentFacts) {
		const facts = {
			status: f.status,
			deliveredAt: d(f.delivered_at),
			shippedAt: d(f.shipped_at),
			late: f.late,
			substatusTypeId: f.substatus_type_id,
			substatusAt: d(f.substatus_at),
		}
		const next = nextShipment(
			{ ...facts, estimatedDeliveryDate: d(f.estimated_delivery_date) },
			{
				moving: f.moving,
				delivered: d(f.delivered),
				firstMoving: d(f.first_moving),
				issue: f.issue
					? { id: f.issue, at: d(f.issue_at) }
					: { id: f.substatus_type_id, at: d(f.substatus_at) },
			},
			now,
		)
		const update = changed(f.id, facts, next)
		if (update) out.shipments.push(update)
	}

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
	for (const f of orderFacts) {
		const facts: OrderDerived = {
			status: f.status,
			deliveredAt: d(f.delivered_at),
			deliveredAtTimezoneName: f.delivered_at_timezone_name,
			shipmentDeliveryDate: d(f.shipment_delivery_date),
			shipmentDeliveryDateTimezone: f.shipment_delivery_date_timezone,
			shipmentDeliveryStatus: f.shipment_delivery_status,
			firstEventAt: d(f.first_event_at),
			lastEventAt: d(f.last_event_at),
			lastEventId: f.last_event_id,
		}
		const next = nextOrder(
			facts,
			{
				live: f.live,
				moving: f.moving,
				delivering: f.delivered ? { at: d(f.delivered)!, timezone: f.delivered_tz } : null,
				first: d(f.first_at),
				last: f.last_at ? { at: d(f.last_at)!, id: f.last_id! } : null,
			},
			estimateOf(facts, {
				estimatedDeliveryDate: d(f.fm_est),
				estimatedDeliveryDateTimezone: f.fm_est_tz,
			}),
			now,
			true,
		)
		out.statuses.set(f.id, { status: next.status, deliveredAt: next.deliveredAt })
		const update = changed(f.id, facts, next)
		if (update) out.orders.push(update)
	}
	return out
}

/**
 * An order as the derivation folds new events into it, read with what the batch refers to
 * (server/ingest/check.ts loadContext) before anything is written: its derived values and its live
 * events then.
 */
export interface OrderFacts extends OrderDerived {
	id: string
	locationId: string | null
	/** Its live events (2 for any order past pending: two is all the status asks). */
	live: number
}

/** A node as the derivation folds events into it: its order, building type, place and derived values. */
export interface NodeFacts extends NodeDerived {
	id: string
	shipSetId: string
	buildingType: string
}

/** A node as the batch finds each event's node by it (its shipment, its place) and the derivation folds into it. */
export interface StoredNode extends NodeFacts {
	connectableId: string | null
	locationId: string | null
	finalMile: boolean
}

/** A shipment as the derivation folds new events into it. */
export interface ShipmentFacts extends ShipmentDerived {
	id: string
	shipSetId: string
	finalMile: boolean
	consigneeLocationId: string | null
	estimatedDeliveryDate: Date | null
	estimatedDeliveryDateTimezone: string | null
}

/** An event stored for the first time. */
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

/**
 * Orders that only gained events (`added`, new, none changed): their nodes, shipments and the
 * order itself folded forward from the stored values and the new events alone (no read, whatever
 * the orders' history; the caller writes what moved). `orders`, `shipments`, `nodes`: as the batch
 * read them before writing (server/ingest/check.ts loadContext: the orders locked until it commits)
 * and, for nodes, made them (server/ingest/batch.ts). `newNodes`: orders whose strip got a node (placed
 * again with those whose nodes' first events moved).
 */
export function foldNewEvents(
	ids: readonly string[],
	orders: ReadonlyMap<string, OrderFacts>,
	shipments: readonly ShipmentFacts[],
	nodes: readonly NodeFacts[],
	added: readonly NewEvent[],
	newNodes: ReadonlySet<string>,
	now: Date,
): DerivedWrites {
	const out: DerivedWrites = { statuses: new Map(), nodes: [], shipments: [], orders: [] }
	const scope = new Set(ids)
	const live = added.filter((e) => e.live && scope.has(e.shipSetId))
	const shipmentRows = shipments.filter((s) => scope.has(s.shipSetId))
	const nodeRows = nodes.filter((n) => scope.has(n.shipSetId))

	// Nodes: first/last live event and the exception flag; the strip placed again where a node's first event moved or a node was made.
	const nodeById = new Map(nodeRows.map((n) => [n.id, n]))
	const nodeNext = new Map<string, Omit<NodeDerived, 'position'>>()
	for (const e of live) {
		const n = nodeById.get(e.nodeId)
		if (!n) continue
		const cur = nodeNext.get(n.id) ?? n
		nodeNext.set(n.id, {
			firstEventAt: earliest(cur.firstEventAt, e.at),
			lastEventAt: later(cur.lastEventAt, e.at),
			withExceptionEvent: cur.withExceptionEvent || e.type === 'exception',
		})
	}
	const strips = new Set([...newNodes].filter((id) => scope.has(id)))
	for (const [id, v] of nodeNext) {
		const n = nodeById.get(id)!
		if (!same(v.firstEventAt, n.firstEventAt)) strips.add(n.shipSetId)
	}
	out.nodes = nodeUpdates(
		nodeRows.map((n) => ({ ...n, next: nodeNext.get(n.id) ?? n })),
		(id) => strips.has(id),
	)

	// Shipments: every shipment of these orders (its lateness follows the clock), with its new events.
	const byShipment = groupBy(
		live.filter((e) => e.shipmentId),
		(e) => e.shipmentId!,
	)
	for (const f of shipmentRows) {
		let delivered: Date | null = null
		let firstMoving: Date | null = null
		let issue = { id: f.substatusTypeId, at: f.substatusAt }
		for (const e of byShipment.get(f.id) ?? []) {
			if (e.type === 'delivered') delivered = earliest(delivered, e.at)
			if (MOVING.has(e.type)) firstMoving = earliest(firstMoving, e.at)
			if (e.type === 'exception' && e.substatusTypeId && (!issue.at || +e.at >= +issue.at))
				issue = { id: e.substatusTypeId, at: e.at }
		}
		const next = nextShipment(
			f,
			{
				moving: firstMoving !== null,
				delivered: delivered && earliest(f.deliveredAt, delivered),
				firstMoving,
				issue,
			},
			now,
		)
		const update = changed(f.id, pickShipment(f), next)
		if (update) out.shipments.push(update)
	}

	// Orders.
	const shipmentById = new Map(shipmentRows.map((r) => [r.id, r]))
	const estimates = new Map<string, ShipmentFacts>()
	for (const r of shipmentRows) {
		if (!r.estimatedDeliveryDate) continue
		const best = estimates.get(r.shipSetId)
		// As the full derivation's lateral: the final mile first, then the latest estimate.
		if (
			!best ||
			(r.finalMile && !best.finalMile) ||
			(r.finalMile === best.finalMile && +r.estimatedDeliveryDate > +best.estimatedDeliveryDate!)
		)
			estimates.set(r.shipSetId, r)
	}
	const byOrder = groupBy(live, (e) => e.shipSetId)
	for (const id of ids) {
		const f = orders.get(id)!
		const evs = byOrder.get(id) ?? []
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
				(!!sh?.consigneeLocationId && sh.consigneeLocationId === f.locationId)
			if (delivers && (!delivering || +e.at < +delivering.at)) delivering = e
		}
		const next = nextOrder(
			f,
			{ live: f.live + evs.length, moving, delivering, first, last },
			estimateOf(f, estimates.get(id)),
			now,
			false,
		)
		out.statuses.set(id, { status: next.status, deliveredAt: next.deliveredAt })
		const update = changed(id, pickOrder(f), next)
		if (update) out.orders.push(update)
	}
	return out
}

const pickShipment = (f: ShipmentDerived): ShipmentDerived => ({
	status: f.status,
	deliveredAt: f.deliveredAt,
	shippedAt: f.shippedAt,
	late: f.late,
	substatusTypeId: f.substatusTypeId,
	substatusAt: f.substatusAt,
})
const pickOrder = (f: OrderDerived): OrderDerived => ({
	status: f.status,
	deliveredAt: f.deliveredAt,
	deliveredAtTimezoneName: f.deliveredAtTimezoneName,
	shipmentDeliveryDate: f.shipmentDeliveryDate,
	shipmentDeliveryDateTimezone: f.shipmentDeliveryDateTimezone,
	shipmentDeliveryStatus: f.shipmentDeliveryStatus,
	firstEventAt: f.firstEventAt,
	lastEventAt: f.lastEventAt,
	lastEventId: f.lastEventId,
})
