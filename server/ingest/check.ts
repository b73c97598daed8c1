import { and, eq } from 'drizzle-orm'
import { events, shipSets, shipments } from '../db/schema'
import type { IngestBody } from '../contracts/ingest'
import type { Issue } from '../api/errors'
import { orderFacts, type OrderFacts } from './derive'
import { anyOf, carrierIndex, issueTypeIndex, type Executor } from './lookups'

/**
 * What a batch refers to, read once, and the checks no schema can make: every order, shipment,
 * carrier and issue type it names exists (in the batch or in the supply chain, never another's),
 * no id appears twice, and an id already stored belongs to the same order. Each problem is an
 * issue naming its item (`events.3.order_number`), so the whole batch is refused with all of them.
 */

export interface BatchContext {
	organizationId: string
	/** Orders named by the batch that exist: order number → row. */
	orders: Map<string, { id: string; status: string; locationId: string | null; promiseDate: Date | null }>
	/** Shipments named by the batch that exist: external id → row. */
	shipments: Map<string, { id: string; shipSetId: string; orderNumber: string; finalMile: boolean }>
	/** Events of the batch that exist: external id → their order number. */
	events: Map<string, { id: string; orderNumber: string }>
	carriers: Map<string, string>
	issueTypes: Map<string, string>
	/** The stored orders named by the batch by id, as the derivation folds new events into them (derive.ts). */
	orderFacts: Map<string, OrderFacts>
}

const chunks = <T>(list: readonly T[], size = 5000): T[][] => {
	const out: T[][] = []
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
	return out
}

export async function loadContext(db: Executor, organizationId: string, body: IngestBody): Promise<BatchContext> {
	const orderNumbers = [
		...new Set([...(body.orders ?? []).map((o) => o.order_number), ...(body.shipments ?? []).map((s) => s.order_number), ...(body.events ?? []).map((e) => e.order_number)]),
	]
	const shipmentIds = [
		...new Set([
			...(body.shipments ?? []).flatMap((s) => (s.travels_with ? [s.external_id, s.travels_with] : [s.external_id])),
			...(body.events ?? []).flatMap((e) => (e.shipment_external_id ? [e.shipment_external_id] : [])),
		]),
	]
	const eventIds = [...new Set((body.events ?? []).map((e) => e.external_id))]
	const ctx: BatchContext = { organizationId, orders: new Map(), shipments: new Map(), events: new Map(), carriers: new Map(), issueTypes: new Map(), orderFacts: new Map() }
	const needsCarriers = (body.shipments ?? []).some((s) => s.carrier)
	const needsIssues = (body.events ?? []).some((e) => e.issue_type)
	const [carriers, issueTypes] = await Promise.all([needsCarriers ? carrierIndex(db, organizationId) : new Map<string, string>(), needsIssues ? issueTypeIndex(db) : new Map<string, string>()])
	ctx.carriers = carriers
	ctx.issueTypes = issueTypes
	for (const part of chunks(orderNumbers)) {
		const rows = await db
			.select({ ...orderFacts, name: shipSets.name, promiseDate: shipSets.promiseDate })
			.from(shipSets)
			.where(and(eq(shipSets.organizationId, organizationId), anyOf(shipSets.name, part)))
			// Locked in id order (as the search read model locks them) until the batch commits: an order
			// cannot be deleted under the batch, nor its nodes (only an order's deletion deletes them) —
			// the lock an event's foreign key on its order took per row before migration 0022 — and a
			// concurrent batch naming the same order waits, then reads what this one committed, so
			// neither folds its events over the other's (derive.ts applyNewEvents).
			.orderBy(shipSets.id)
			.for('no key update')
		for (const { name, promiseDate, ...facts } of rows) {
			ctx.orders.set(name, { id: facts.id, status: facts.status, locationId: facts.locationId, promiseDate })
			ctx.orderFacts.set(facts.id, facts)
		}
	}
	for (const part of chunks(shipmentIds)) {
		const rows = await db
			.select({ id: shipments.id, externalId: shipments.externalId, shipSetId: shipments.shipSetId, orderNumber: shipSets.name, finalMile: shipments.finalMile })
			.from(shipments)
			.innerJoin(shipSets, eq(shipSets.id, shipments.shipSetId))
			.where(and(eq(shipments.organizationId, organizationId), anyOf(shipments.externalId, part)))
			// Kept until the batch commits, as for the orders above: a shipment its events name cannot go.
			.for('key share', { of: shipments })
		for (const r of rows) ctx.shipments.set(r.externalId!, { id: r.id, shipSetId: r.shipSetId, orderNumber: r.orderNumber, finalMile: r.finalMile })
	}
	for (const part of chunks(eventIds)) {
		const rows = await db
			.select({ id: events.id, externalId: events.externalId, orderNumber: shipSets.name })
			.from(events)
			.innerJoin(shipSets, eq(shipSets.id, events.shipSetId))
			.where(and(eq(events.organizationId, organizationId), anyOf(events.externalId, part)))
		for (const r of rows) ctx.events.set(r.externalId!, { id: r.id, orderNumber: r.orderNumber })
	}
	return ctx
}

/** Every cross-reference problem of the batch, one issue per bad field of an item. */
export function batchIssues(body: IngestBody, ctx: BatchContext): Issue[] {
	const issues: Issue[] = []
	const orders = body.orders ?? []
	const sent = body.shipments ?? []
	const evs = body.events ?? []
	const batchOrders = new Set<string>()
	orders.forEach((o, i) => {
		if (batchOrders.has(o.order_number)) issues.push({ path: `orders.${i}.order_number`, message: `order ${o.order_number} appears twice in this batch` })
		batchOrders.add(o.order_number)
	})
	const knownOrder = (n: string) => batchOrders.has(n) || ctx.orders.has(n)
	const unknownOrder = (n: string) => `no order ${n} in this batch or in this supply chain`
	const batchShipments = new Map<string, string>()
	sent.forEach((s, i) => {
		const at = `shipments.${i}`
		if (batchShipments.has(s.external_id)) issues.push({ path: `${at}.external_id`, message: `shipment ${s.external_id} appears twice in this batch` })
		batchShipments.set(s.external_id, s.order_number)
		if (!knownOrder(s.order_number)) issues.push({ path: `${at}.order_number`, message: unknownOrder(s.order_number) })
		const stored = ctx.shipments.get(s.external_id)
		if (stored && stored.orderNumber !== s.order_number)
			issues.push({ path: `${at}.order_number`, message: `shipment ${s.external_id} belongs to order ${stored.orderNumber}` })
		if (s.carrier && !ctx.carriers.has(s.carrier.toLowerCase())) issues.push({ path: `${at}.carrier`, message: `no carrier ${s.carrier} (by code or name) in this supply chain` })
	})
	sent.forEach((s, i) => {
		if (!s.travels_with) return
		const at = `shipments.${i}.travels_with`
		const owner = batchShipments.get(s.travels_with) ?? ctx.shipments.get(s.travels_with)?.orderNumber
		if (s.travels_with === s.external_id) issues.push({ path: at, message: 'a shipment cannot travel with itself' })
		else if (!owner) issues.push({ path: at, message: `no shipment ${s.travels_with} in this batch or in this supply chain` })
		else if (owner !== s.order_number) issues.push({ path: at, message: `shipment ${s.travels_with} belongs to order ${owner}` })
	})
	const batchEvents = new Set<string>()
	evs.forEach((e, i) => {
		const at = `events.${i}`
		if (batchEvents.has(e.external_id)) issues.push({ path: `${at}.external_id`, message: `event ${e.external_id} appears twice in this batch` })
		batchEvents.add(e.external_id)
		if (!knownOrder(e.order_number)) issues.push({ path: `${at}.order_number`, message: unknownOrder(e.order_number) })
		const stored = ctx.events.get(e.external_id)
		if (stored && stored.orderNumber !== e.order_number) issues.push({ path: `${at}.order_number`, message: `event ${e.external_id} belongs to order ${stored.orderNumber}` })
		if (e.shipment_external_id) {
			const owner = batchShipments.get(e.shipment_external_id) ?? ctx.shipments.get(e.shipment_external_id)?.orderNumber
			if (!owner) issues.push({ path: `${at}.shipment_external_id`, message: `no shipment ${e.shipment_external_id} in this batch or in this supply chain` })
			else if (owner !== e.order_number) issues.push({ path: `${at}.shipment_external_id`, message: `shipment ${e.shipment_external_id} belongs to order ${owner}` })
		}
		if (e.issue_type && !ctx.issueTypes.has(e.issue_type.toLowerCase())) issues.push({ path: `${at}.issue_type`, message: `no issue type ${e.issue_type}` })
		if (e.issue_type && e.type !== 'exception') issues.push({ path: `${at}.issue_type`, message: 'only an exception event has an issue type' })
		if ((e.node.damage_category || e.node.damage_notes) && e.node.building_type !== 'Damage')
			issues.push({ path: `${at}.node.damage_notes`, message: 'damage notes belong to a Damage node' })
	})
	return issues
}
