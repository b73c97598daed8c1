import { sql } from 'drizzle-orm'
import type { IngestBody } from './ingest.contract'
import type { Issue } from '../errors'
import { textArray } from '../db/params'
import type { OrderFacts, ShipmentFacts, StoredNode } from './derive'
import { carrierIndex, issueTypeIndex, type Executor } from './lookups'

/**
 * What a batch refers to, read once, and the checks no schema can make: every order, shipment,
 * carrier and issue type it names exists (in the batch or in the supply chain, never another's),
 * no id appears twice, and an id already stored belongs to the same order. Each problem is an
 * issue naming its item (`events.3.order_number`), so the whole batch is refused with all of them.
 */

export interface BatchContext {
	organizationId: string
	/** Orders named by the batch that exist: order number → row. */
	orders: Map<
		string,
		{ id: string; status: string; locationId: string | null; promiseDate: Date | null }
	>
	/** Shipments named by the batch that exist: external id → row. */
	shipments: Map<string, { id: string; shipSetId: string; orderNumber: string; finalMile: boolean }>
	/** Events of the batch that exist: external id → their order number. */
	events: Map<string, { id: string; orderNumber: string }>
	carriers: Map<string, string>
	issueTypes: Map<string, string>
	/** The stored orders named by the batch by id, as the derivation folds new events into them (derive.ts). */
	orderFacts: Map<string, OrderFacts>
	/** The nodes of the stored orders the batch's events name; the batch adds those it makes (batch.ts). */
	nodes: StoredNode[]
	/** The shipments of the stored orders the batch's events name, as the derivation folds new events into them. */
	orderShipments: ShipmentFacts[]
}

/** A timestamp of `waymark_ingest_context`'s JSON (as PostgreSQL writes it) as a date. */
const at = (v: string | null) => (v === null ? null : new Date(v))

/**
 * What the batch names, read in ONE call of `waymark_ingest_context` (server/ingest/ingest.sql; ADR 0019 §12):
 * the orders, locked `FOR NO KEY UPDATE` in id order until the batch commits — an order cannot be
 * deleted under the batch, nor its nodes (only an order's deletion deletes them); the lock an event's
 * foreign key on its order took per row before migration 0022; a concurrent batch naming the same
 * order waits, then reads what this one committed, so neither folds its events over the other's
 * (derive.ts foldNewEvents) — the shipments named (`FOR KEY SHARE`: a shipment its events name
 * cannot go), the events already stored, and, for the orders the events name, their nodes and
 * shipments as the derivation folds into them. `derive: false` (a preview) skips those two.
 */
export async function loadContext(
	db: Executor,
	organizationId: string,
	body: IngestBody,
	opts: { derive?: boolean } = {},
): Promise<BatchContext> {
	const eventOrders = [...new Set((body.events ?? []).map((e) => e.order_number))]
	const orderNumbers = [
		...new Set([
			...(body.orders ?? []).map((o) => o.order_number),
			...(body.shipments ?? []).map((s) => s.order_number),
			...eventOrders,
		]),
	]
	const shipmentIds = [
		...new Set([
			...(body.shipments ?? []).flatMap((s) =>
				s.travels_with ? [s.external_id, s.travels_with] : [s.external_id],
			),
			...(body.events ?? []).flatMap((e) =>
				e.shipment_external_id ? [e.shipment_external_id] : [],
			),
		]),
	]
	const eventIds = [...new Set((body.events ?? []).map((e) => e.external_id))]
	const ctx: BatchContext = {
		organizationId,
		orders: new Map(),
		shipments: new Map(),
		events: new Map(),
		carriers: new Map(),
		issueTypes: new Map(),
		orderFacts: new Map(),
		nodes: [],
		orderShipments: [],
	}
	const needsCarriers = (body.shipments ?? []).some((s) => s.carrier)
	const needsIssues = (body.events ?? []).some((e) => e.issue_type)
	const [carriers, issueTypes] = await Promise.all([
		needsCarriers ? carrierIndex(db, organizationId) : new Map<string, string>(),
		needsIssues ? issueTypeIndex(db) : new Map<string, string>(),
	])
	ctx.carriers = carriers
	ctx.issueTypes = issueTypes
	const { rows } = await db.execute<{ c: string }>(
		sql`select waymark_ingest_context(${organizationId}, ${textArray(orderNumbers)}, ${textArray(opts.derive === false ? [] : eventOrders)}, ${textArray(shipmentIds)}, ${textArray(eventIds)})::text as c`,
	)
	const c = JSON.parse(rows[0]!.c) as ContextWire
	for (const o of c.orders) {
		ctx.orders.set(o.name, {
			id: o.id,
			status: o.status,
			locationId: o.location_id,
			promiseDate: at(o.promise_date),
		})
		ctx.orderFacts.set(o.id, {
			id: o.id,
			status: o.status,
			locationId: o.location_id,
			deliveredAt: at(o.delivered_at),
			deliveredAtTimezoneName: o.delivered_tz,
			shipmentDeliveryDate: at(o.estimate),
			shipmentDeliveryDateTimezone: o.estimate_tz,
			shipmentDeliveryStatus: o.indicator,
			firstEventAt: at(o.first_at),
			lastEventAt: at(o.last_at),
			lastEventId: o.last_id,
			live: Number(o.live),
		})
	}
	for (const r of c.shipments)
		ctx.shipments.set(r.external_id, {
			id: r.id,
			shipSetId: r.ship_set_id,
			orderNumber: r.order_number,
			finalMile: r.final_mile,
		})
	for (const r of c.events) ctx.events.set(r.external_id, { id: r.id, orderNumber: r.order_number })
	ctx.nodes = c.nodes.map((n) => ({
		id: n.id,
		shipSetId: n.ship_set_id,
		buildingType: n.building_type,
		connectableId: n.connectable_id,
		locationId: n.location_id,
		finalMile: n.final_mile,
		position: n.position,
		firstEventAt: at(n.first_at),
		lastEventAt: at(n.last_at),
		withExceptionEvent: n.exc,
	}))
	ctx.orderShipments = c.order_shipments.map((s) => ({
		id: s.id,
		shipSetId: s.ship_set_id,
		status: s.status,
		finalMile: s.final_mile,
		consigneeLocationId: s.consignee_id,
		shippedAt: at(s.shipped_at),
		deliveredAt: at(s.delivered_at),
		estimatedDeliveryDate: at(s.estimate),
		estimatedDeliveryDateTimezone: s.estimate_tz,
		late: s.late,
		substatusTypeId: s.issue,
		substatusAt: at(s.issue_at),
	}))
	return ctx
}

/** `waymark_ingest_context`'s answer (server/ingest/ingest.sql). */
interface ContextWire {
	orders: {
		id: string
		name: string
		status: string
		location_id: string | null
		promise_date: string | null
		delivered_at: string | null
		delivered_tz: string | null
		estimate: string | null
		estimate_tz: string | null
		indicator: string | null
		first_at: string | null
		last_at: string | null
		last_id: string | null
		live: number
	}[]
	shipments: {
		id: string
		external_id: string
		ship_set_id: string
		order_number: string
		final_mile: boolean
	}[]
	events: { id: string; external_id: string; order_number: string }[]
	nodes: {
		id: string
		ship_set_id: string
		building_type: string
		connectable_id: string | null
		location_id: string | null
		final_mile: boolean
		position: number
		first_at: string | null
		last_at: string | null
		exc: boolean
	}[]
	order_shipments: {
		id: string
		ship_set_id: string
		status: string
		final_mile: boolean
		consignee_id: string | null
		shipped_at: string | null
		delivered_at: string | null
		estimate: string | null
		estimate_tz: string | null
		late: boolean
		issue: string | null
		issue_at: string | null
	}[]
}

/** Every cross-reference problem of the batch, one issue per bad field of an item. */
export function batchIssues(body: IngestBody, ctx: BatchContext): Issue[] {
	const issues: Issue[] = []
	const orders = body.orders ?? []
	const sent = body.shipments ?? []
	const evs = body.events ?? []
	const batchOrders = new Set<string>()
	orders.forEach((o, i) => {
		if (batchOrders.has(o.order_number))
			issues.push({
				path: `orders.${i}.order_number`,
				message: `order ${o.order_number} appears twice in this batch`,
			})
		batchOrders.add(o.order_number)
	})
	const knownOrder = (n: string) => batchOrders.has(n) || ctx.orders.has(n)
	const unknownOrder = (n: string) => `no order ${n} in this batch or in this supply chain`
	const batchShipments = new Map<string, string>()
	sent.forEach((s, i) => {
		const at = `shipments.${i}`
		if (batchShipments.has(s.external_id))
			issues.push({
				path: `${at}.external_id`,
				message: `shipment ${s.external_id} appears twice in this batch`,
			})
		batchShipments.set(s.external_id, s.order_number)
		if (!knownOrder(s.order_number))
			issues.push({ path: `${at}.order_number`, message: unknownOrder(s.order_number) })
		const stored = ctx.shipments.get(s.external_id)
		if (stored && stored.orderNumber !== s.order_number)
			issues.push({
				path: `${at}.order_number`,
				message: `shipment ${s.external_id} belongs to order ${stored.orderNumber}`,
			})
		if (s.carrier && !ctx.carriers.has(s.carrier.toLowerCase()))
			issues.push({
				path: `${at}.carrier`,
				message: `no carrier ${s.carrier} (by code or name) in this supply chain`,
			})
	})
	sent.forEach((s, i) => {
		if (!s.travels_with) return
		const at = `shipments.${i}.travels_with`
		const owner =
			batchShipments.get(s.travels_with) ?? ctx.shipments.get(s.travels_with)?.orderNumber
		if (s.travels_with === s.external_id)
			issues.push({ path: at, message: 'a shipment cannot travel with itself' })
		else if (!owner)
			issues.push({
				path: at,
				message: `no shipment ${s.travels_with} in this batch or in this supply chain`,
			})
		else if (owner !== s.order_number)
			issues.push({ path: at, message: `shipment ${s.travels_with} belongs to order ${owner}` })
	})
	const batchEvents = new Set<string>()
	evs.forEach((e, i) => {
		const at = `events.${i}`
		if (batchEvents.has(e.external_id))
			issues.push({
				path: `${at}.external_id`,
				message: `event ${e.external_id} appears twice in this batch`,
			})
		batchEvents.add(e.external_id)
		if (!knownOrder(e.order_number))
			issues.push({ path: `${at}.order_number`, message: unknownOrder(e.order_number) })
		const stored = ctx.events.get(e.external_id)
		if (stored && stored.orderNumber !== e.order_number)
			issues.push({
				path: `${at}.order_number`,
				message: `event ${e.external_id} belongs to order ${stored.orderNumber}`,
			})
		if (e.shipment_external_id) {
			const owner =
				batchShipments.get(e.shipment_external_id) ??
				ctx.shipments.get(e.shipment_external_id)?.orderNumber
			if (!owner)
				issues.push({
					path: `${at}.shipment_external_id`,
					message: `no shipment ${e.shipment_external_id} in this batch or in this supply chain`,
				})
			else if (owner !== e.order_number)
				issues.push({
					path: `${at}.shipment_external_id`,
					message: `shipment ${e.shipment_external_id} belongs to order ${owner}`,
				})
		}
		if (e.issue_type && !ctx.issueTypes.has(e.issue_type.toLowerCase()))
			issues.push({ path: `${at}.issue_type`, message: `no issue type ${e.issue_type}` })
		if (e.issue_type && e.type !== 'exception')
			issues.push({
				path: `${at}.issue_type`,
				message: 'only an exception event has an issue type',
			})
		if ((e.node.damage_category || e.node.damage_notes) && e.node.building_type !== 'Damage')
			issues.push({
				path: `${at}.node.damage_notes`,
				message: 'damage notes belong to a Damage node',
			})
	})
	return issues
}
