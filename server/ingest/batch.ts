import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	customAttributes,
	customAttributeTypes,
	nodes,
	orderTypes,
	shipmentReferences,
	shipSets,
	shipSetTags,
	shipments,
	tags,
} from '../db/schema'
import {
	INGEST_BATCH_MAX,
	type EventIn,
	type IngestBody,
	type IngestResponse,
	type LocationIn,
} from './ingest.contract'
import { ApiError, describeIssues, type Issue } from '../errors'
import { domainEventRows, type DomainEvent } from '../domain-events/record'
import { batchIssues, loadContext, type BatchContext } from './check'
import {
	anyId,
	groupBy,
	locationKey,
	resolveLocations,
	resolveNames,
	type Executor,
} from './lookups'
import {
	foldNewEvents,
	refreshOrders,
	type NewEvent,
	type NodeDerived,
	type OrderDerived,
	type ShipmentDerived,
	type StoredNode,
	type Update,
} from './derive'
import { recordset } from '../db/params'
import { isUniqueViolation } from '../db/unique-violation'

/**
 * Writes a batch of orders, shipments and events in ONE transaction: checked whole
 * first (server/ingest/check.ts; any issue refuses all of it, nothing written), then orders,
 * shipments and events are upserted on the sender's ids — a field left out keeps its value, a row
 * whose values are all the same is not written at all, so the same batch again changes nothing —
 * and every touched order's denormalised columns, node strip, shipments and status are derived
 * again from its events (server/ingest/derive.ts), with the domain events recorded in the same
 * transaction. The dashboard rollups and the search read model follow by their
 * triggers (server/db/sql-sources.ts lists their files) on those writes.
 */

const ICON_CLASSES: Record<string, string> = {
	Factory: 'icon-factory',
	Transit: 'icon-transit',
	'Transit Hub': 'icon-transit-hub',
	DC: 'icon-dc',
	Customer: 'icon-customer',
	Damage: 'icon-damage',
}
/**
 * Where a new node waits until derive.ts places the strip again: past every real position, each
 * new node on its own (nodes sharing a position are one group on the strip).
 */
const NEW_NODE_POSITION = 100_000
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for our widest row. */
const ROWS_PER_INSERT = 1000

/** What the batch keeps of a node it makes (BatchContext.nodes): a new node has no events yet. */
const NODE_MADE = {
	id: nodes.id,
	shipSetId: nodes.shipSetId,
	buildingType: nodes.buildingType,
	connectableId: nodes.connectableId,
	locationId: nodes.locationId,
	finalMile: nodes.finalMile,
	position: nodes.position,
}
const made = (
	rows: Omit<StoredNode, 'firstEventAt' | 'lastEventAt' | 'withExceptionEvent'>[],
): StoredNode[] =>
	rows.map((n) => ({ ...n, firstEventAt: null, lastEventAt: null, withExceptionEvent: false }))

const date = (v: string | null | undefined) => (v ? new Date(v) : null)
const nil = <T>(v: T | undefined) => (v === undefined ? null : v)
const split = <T>(list: readonly T[], size = ROWS_PER_INSERT): T[][] => {
	const out: T[][] = []
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
	return out
}
/** `coalesce(excluded.col, table.col)`: a field the sender left out keeps its stored value. */
const keep = (table: string, column: string) =>
	sql.raw(`coalesce(excluded."${column}", "${table}"."${column}")`)
/** The conflict update only when a sent value differs (then the row, its triggers and updated_at stay as they were). */
const differs = (table: string, columns: readonly string[]) =>
	sql.raw(
		columns
			.map(
				(c) =>
					`(excluded."${c}" is not null and excluded."${c}" is distinct from "${table}"."${c}")`,
			)
			.join(' or '),
	)

export class BatchRefused extends ApiError {
	constructor(issues: Issue[]) {
		super(400, describeIssues(issues), issues)
	}
}

/** The issues of a batch against the supply chain's data, without writing (the CSV preview). */
export async function checkBatch(
	db: Executor,
	organizationId: string,
	body: IngestBody,
): Promise<Issue[]> {
	return batchIssues(body, await loadContext(db, organizationId, body, { derive: false }))
}

export async function ingestBatch(
	db: Database,
	organizationId: string,
	body: IngestBody,
	now = new Date(),
): Promise<IngestResponse> {
	try {
		return await writeBatch(db, organizationId, body, now)
	} catch (error) {
		// A concurrent batch stored an order, shipment or event this batch read as new (both sent it)
		// after this one read: run it again, it now reads them as stored.
		if (!storedMeanwhile(error)) throw error
		return writeBatch(db, organizationId, body, now)
	}
}

/** What a batch stored after this one read it (the transaction rolls back, and the batch runs again). */
class StoredMeanwhile extends Error {}

/** An order or shipment written by another batch since this one read (upsertOrders, upsertShipments), or the plain insert of the new events meeting one. */
function storedMeanwhile(error: unknown): boolean {
	for (let e = error as { cause?: unknown } | undefined; e; e = e.cause as typeof e)
		if (e instanceof StoredMeanwhile) return true
	return isUniqueViolation(error, 'events_org_external_id_unique')
}

async function writeBatch(
	db: Database,
	organizationId: string,
	body: IngestBody,
	now: Date,
): Promise<IngestResponse> {
	return db.transaction(async (tx) => {
		// The context's call also sets this transaction to plan with random_page_cost 1.1: a batch reads
		// and writes a few hundred rows by key, its own statements and the triggers it fires (the search
		// read model's view, its status-only update), which the default cost (4, a spinning disk's)
		// planned as scans of whole tables (ADR 0019 §10: a large batch and, much more, a batch of one
		// answer sooner with it).
		const ctx = await loadContext(tx, organizationId, body)
		const issues = batchIssues(body, ctx)
		if (issues.length) throw new BatchRefused(issues)
		const result: IngestResponse = {
			orders: { created: 0, updated: 0, unchanged: 0 },
			shipments: { created: 0, updated: 0, unchanged: 0 },
			events: { created: 0, updated: 0, unchanged: 0 },
			status_changes: 0,
		}
		const touched = new Set<string>()
		const domain: DomainEvent[] = []
		const statusBefore = new Map<string, string>()
		for (const o of ctx.orders.values()) statusBefore.set(o.id, o.status)

		const promised = await upsertOrders(tx, ctx, body, result, touched)
		// A stored order whose promise date the batch moved (not a new order, not one sent the same date).
		for (const p of promised)
			domain.push({
				organizationId,
				kind: 'order.promise_date_changed',
				shipSetId: p.id,
				payload: {
					ship_set_id: p.id,
					order_number: p.name,
					promise_date: p.to.toISOString(),
					previous_promise_date: p.from?.toISOString() ?? null,
				},
				occurredAt: now,
			})
		await upsertShipments(tx, ctx, body, result, touched)
		const newNodes = new Set<string>()
		const { added, fresh } = await upsertEvents(
			tx,
			ctx,
			body.events ?? [],
			result,
			touched,
			newNodes,
		)
		let events: string | null = fresh

		const names = new Map([...ctx.orders].map(([name, o]) => [o.id, name]))
		// One order.event_added per order and batch naming its new events in the batch's order (a receiver
		// still gets one webhook and one e-mail line per event: the dispatcher reads each event and
		// announces it as a news item of its own, server/news-out/dispatcher.ts newsOf). By id, not the
		// events themselves: those are most of a large batch's JSON to pass, parse and store again
		// in the request's transaction (ADR 0019 §13). An order.exception per exception, naming its event
		// (`event_id`) the same way.
		for (const [id, list] of groupBy(added, (e) => e.shipSetId)) {
			const latest = list.reduce((a, e) => (+e.at > +a ? e.at : a), list[0]!.at)
			domain.push({
				organizationId,
				kind: 'order.event_added',
				shipSetId: id,
				payload: {
					ship_set_id: id,
					order_number: names.get(id),
					event_ids: list.map((e) => e.row.id),
				},
				occurredAt: latest,
			})
		}
		for (const e of added)
			if (e.row.type === 'exception')
				domain.push({
					organizationId,
					kind: 'order.exception',
					shipSetId: e.shipSetId,
					payload: {
						ship_set_id: e.shipSetId,
						order_number: names.get(e.shipSetId),
						event_id: e.row.id,
					},
					occurredAt: e.at,
				})
		const latestAdded = new Map<string, Date>()
		for (const e of added)
			if (+e.at > +(latestAdded.get(e.shipSetId) ?? 0)) latestAdded.set(e.shipSetId, e.at)

		// Orders the batch changed otherwise are derived from all their events again; those that only
		// gained events, from their stored aggregates and the new events (server/ingest/derive.ts).
		// The full derivation reads the events: the new ones go in first then.
		if (touched.size && events) {
			await writeAll(tx, organizationId, { events })
			events = null
		}
		const gained = [...new Set(added.map((e) => e.shipSetId))].filter((id) => !touched.has(id))
		const refreshed = await refreshOrders(tx, organizationId, [...touched], now)
		const folded = foldNewEvents(
			gained,
			ctx.orderFacts,
			ctx.orderShipments,
			ctx.nodes,
			added.map((e) => e.row),
			newNodes,
			now,
		)
		for (const [id, o] of [...refreshed.statuses, ...folded.statuses]) {
			const before = statusBefore.get(id) ?? 'pending'
			if (o.status === before) continue
			result.status_changes++
			domain.push({
				organizationId,
				kind: 'order.status_changed',
				shipSetId: id,
				payload: {
					ship_set_id: id,
					order_number: names.get(id),
					from: before,
					to: o.status,
					delivered_at: o.deliveredAt?.toISOString() ?? null,
				},
				occurredAt:
					o.status === 'delivered' && o.deliveredAt ? o.deliveredAt : (latestAdded.get(id) ?? now),
			})
		}
		await writeAll(tx, organizationId, {
			events,
			nodes: [...refreshed.nodes, ...folded.nodes],
			shipments: [...refreshed.shipments, ...folded.shipments],
			orders: [...refreshed.orders, ...folded.orders],
			domain,
		})
		return result
	})
}

/**
 * The batch's writes in one call of `waymark_ingest_write` (server/ingest/ingest.sql; ADR 0019 §12), in its
 * order: the new events, the nodes, shipments and orders the derivation moved (server/ingest/derive.ts), the
 * domain events. One round trip to the PGlite thread and plans kept for the session, where each was a statement.
 */
async function writeAll(
	tx: Executor,
	organizationId: string,
	w: {
		events: string | null
		nodes?: Update<NodeDerived>[]
		shipments?: Update<ShipmentDerived>[]
		orders?: Update<OrderDerived>[]
		domain?: DomainEvent[]
	},
) {
	const rows = (list: readonly object[] | undefined) =>
		list?.length ? recordset(list) : sql`null::jsonb`
	await tx.execute(sql`select waymark_ingest_write(${organizationId}, ${w.events}::json, ${rows(w.nodes)}, ${rows(w.shipments)},
		${rows(w.orders)}, ${rows(w.domain && domainEventRows(w.domain))})`)
}

interface PromiseMoved {
	id: string
	name: string
	from: Date | null
	to: Date
}

/** Upserts the orders; answers the stored orders whose promise date the batch changed. */
async function upsertOrders(
	tx: Executor,
	ctx: BatchContext,
	body: IngestBody,
	result: IngestResponse,
	touched: Set<string>,
): Promise<PromiseMoved[]> {
	const orders = body.orders ?? []
	const promised: PromiseMoved[] = []
	if (!orders.length) return promised
	const { organizationId } = ctx
	const places = await resolveLocations(
		tx,
		organizationId,
		orders.flatMap((o) => (o.final_location ? [o.final_location] : [])),
	)
	const types = await resolveNames(
		tx,
		orderTypes,
		organizationId,
		orders.flatMap((o) => (o.order_type ? [o.order_type] : [])),
	)
	const columns = [
		'reference_number',
		'location_id',
		'order_type_id',
		'promise_date',
		'shipment_delivery_date',
		'shipment_delivery_date_timezone',
		'delivery_value',
	]
	for (const part of split(orders)) {
		const rows = await tx
			.insert(shipSets)
			.values(
				part.map((o) => ({
					organizationId,
					name: o.order_number,
					referenceNumber: nil(o.reference_number),
					status: o.status ?? 'pending',
					locationId: o.final_location ? places.get(locationKey(o.final_location))! : null,
					orderTypeId: o.order_type ? types.get(o.order_type)! : null,
					promiseDate: date(o.promise_date),
					shipmentDeliveryDate: date(o.estimated_delivery_date),
					shipmentDeliveryDateTimezone: nil(o.estimated_delivery_timezone),
					deliveryValue: nil(o.delivery_value),
				})),
			)
			.onConflictDoUpdate({
				target: [shipSets.organizationId, shipSets.name],
				set: {
					...Object.fromEntries(columns.map((c) => [camel(c), keep('ship_sets', c)])),
					status: sql.raw(
						`case when excluded.status in ('cancelled', 'closed') then excluded.status else ship_sets.status end`,
					),
				},
				setWhere: sql`${differs('ship_sets', columns)} or (excluded.status in ('cancelled', 'closed') and excluded.status <> ship_sets.status)`,
			})
			.returning({
				id: shipSets.id,
				name: shipSets.name,
				status: shipSets.status,
				locationId: shipSets.locationId,
				promiseDate: shipSets.promiseDate,
				inserted: sql<boolean>`xmax = 0`,
			})
		for (const r of rows) {
			if (r.inserted) result.orders.created++
			else {
				result.orders.updated++
				const before = ctx.orders.get(r.name)?.promiseDate ?? null
				if (r.promiseDate && +r.promiseDate !== +(before ?? 0))
					promised.push({ id: r.id, name: r.name, from: before, to: r.promiseDate })
			}
			ctx.orders.set(r.name, {
				id: r.id,
				status: r.status,
				locationId: r.locationId,
				promiseDate: r.promiseDate,
			})
			touched.add(r.id)
		}
	}
	result.orders.unchanged = orders.length - result.orders.created - result.orders.updated
	// An order neither read nor written was stored, unchanged, by a concurrent batch since this one read.
	if (orders.some((o) => !ctx.orders.has(o.order_number))) throw new StoredMeanwhile()
	for (const o of orders) touched.add(ctx.orders.get(o.order_number)!.id)

	// Tags are added, never taken away by a batch (a repeat adds none).
	const tagIds = await resolveNames(
		tx,
		tags,
		organizationId,
		orders.flatMap((o) => o.tags ?? []),
	)
	const tagRows = orders.flatMap((o) =>
		(o.tags ?? []).map((t) => ({
			organizationId,
			shipSetId: ctx.orders.get(o.order_number)!.id,
			tagId: tagIds.get(t)!,
		})),
	)
	for (const part of split(tagRows)) await tx.insert(shipSetTags).values(part).onConflictDoNothing()

	await upsertCustomAttributes(tx, ctx, orders)

	// The destination ahead on the node strip, as every seeded order has it: a Customer node at the final location.
	const withPlace = orders
		.filter((o) => o.final_location)
		.map((o) => ctx.orders.get(o.order_number)!)
	if (withPlace.length) {
		const have = await tx
			.select({ shipSetId: nodes.shipSetId })
			.from(nodes)
			.where(
				and(
					inArray(
						nodes.shipSetId,
						withPlace.map((o) => o.id),
					),
					eq(nodes.buildingType, 'Customer'),
				),
			)
		const has = new Set(have.map((h) => h.shipSetId))
		const missing = [
			...new Map(withPlace.filter((o) => !has.has(o.id)).map((o) => [o.id, o])).values(),
		]
		for (const part of split(missing))
			ctx.nodes.push(
				...made(
					await tx
						.insert(nodes)
						.values(
							part.map((o) => ({
								organizationId,
								shipSetId: o.id,
								buildingType: 'Customer',
								iconClass: ICON_CLASSES.Customer,
								locationId: o.locationId,
								position: NEW_NODE_POSITION,
							})),
						)
						.returning(NODE_MADE),
				),
			)
	}
	return promised
}

async function upsertCustomAttributes(
	tx: Executor,
	ctx: BatchContext,
	orders: NonNullable<IngestBody['orders']>,
) {
	const { organizationId } = ctx
	const wanted = orders.flatMap((o) =>
		Object.entries(o.custom_attributes ?? {}).map(([name, value]) => ({
			shipSetId: ctx.orders.get(o.order_number)!.id,
			name,
			value,
		})),
	)
	if (!wanted.length) return
	const names = [...new Set(wanted.map((w) => w.name))]
	await tx
		.insert(customAttributeTypes)
		.values(
			names.map((name) => ({ organizationId, name, objectType: 'ship_set', dataType: 'string' })),
		)
		.onConflictDoNothing()
	const typeRows = await tx
		.select({ id: customAttributeTypes.id, name: customAttributeTypes.name })
		.from(customAttributeTypes)
		.where(
			and(
				eq(customAttributeTypes.organizationId, organizationId),
				eq(customAttributeTypes.objectType, 'ship_set'),
				inArray(customAttributeTypes.name, names),
			),
		)
	const typeId = new Map(typeRows.map((t) => [t.name, t.id]))
	const stored = await tx
		.select({
			id: customAttributes.id,
			shipSetId: customAttributes.shipSetId,
			typeId: customAttributes.customAttributeTypeId,
			value: customAttributes.value,
		})
		.from(customAttributes)
		.where(
			and(
				inArray(customAttributes.shipSetId, [...new Set(wanted.map((w) => w.shipSetId))]),
				inArray(customAttributes.customAttributeTypeId, [...typeId.values()]),
			),
		)
	const current = new Map(stored.map((s) => [`${s.shipSetId}|${s.typeId}`, s]))
	const inserts: (typeof customAttributes.$inferInsert)[] = []
	const updates: { id: string; value: string }[] = []
	for (const w of wanted) {
		const tid = typeId.get(w.name)!
		const had = current.get(`${w.shipSetId}|${tid}`)
		if (!had)
			inserts.push({
				organizationId,
				customAttributeTypeId: tid,
				shipSetId: w.shipSetId,
				value: w.value,
			})
		else if (had.value !== w.value) updates.push({ id: had.id, value: w.value })
	}
	for (const part of split(inserts)) await tx.insert(customAttributes).values(part)
	if (updates.length)
		await tx.execute(sql`
			update custom_attributes a set value = v.value, updated_at = now()
			from jsonb_to_recordset(${recordset(updates)}) as v(id uuid, value text)
			where a.id = v.id and a.organization_id = ${organizationId}`)
}

async function upsertShipments(
	tx: Executor,
	ctx: BatchContext,
	body: IngestBody,
	result: IngestResponse,
	touched: Set<string>,
) {
	const sent = body.shipments ?? []
	if (!sent.length) return
	const { organizationId } = ctx
	const places = await resolveLocations(
		tx,
		organizationId,
		sent.flatMap((s) => [s.shipper, s.consignee].filter((l): l is LocationIn => !!l)),
	)
	const placeId = (l: LocationIn | null | undefined) => (l ? places.get(locationKey(l))! : null)
	const columns = [
		'carrier_id',
		'tracking_number',
		'final_mile',
		'shipped_at',
		'shipped_at_tz',
		'estimated_delivery_date',
		'estimated_delivery_date_timezone',
		'weight',
		'weight_unit',
		'service_level',
		'service_type',
		'shipper_location_id',
		'consignee_location_id',
		'pallet_number',
		'carton_number',
	]
	for (const part of split(sent)) {
		const rows = await tx
			.insert(shipments)
			.values(
				part.map((s) => ({
					organizationId,
					shipSetId: ctx.orders.get(s.order_number)!.id,
					externalId: s.external_id,
					carrierId: s.carrier ? ctx.carriers.get(s.carrier.toLowerCase())! : null,
					trackingNumber: nil(s.tracking_number),
					finalMile: s.final_mile ?? false,
					shippedAt: date(s.shipped_at),
					shippedAtTz: nil(s.shipped_at_timezone),
					estimatedDeliveryDate: date(s.estimated_delivery_date),
					estimatedDeliveryDateTimezone: nil(s.estimated_delivery_timezone),
					weight: nil(s.weight),
					weightUnit: nil(s.weight_unit),
					serviceLevel: nil(s.service_level),
					serviceType: nil(s.service_type),
					shipperLocationId: placeId(s.shipper),
					consigneeLocationId: placeId(s.consignee),
					palletNumber: nil(s.pallet_number),
					cartonNumber: nil(s.carton_number),
				})),
			)
			.onConflictDoUpdate({
				target: [shipments.organizationId, shipments.externalId],
				set: Object.fromEntries(columns.map((c) => [camel(c), keep('shipments', c)])),
				setWhere: differs('shipments', columns),
			})
			.returning({
				id: shipments.id,
				externalId: shipments.externalId,
				shipSetId: shipments.shipSetId,
				finalMile: shipments.finalMile,
				inserted: sql<boolean>`xmax = 0`,
			})
		for (const r of rows) {
			if (r.inserted) result.shipments.created++
			else result.shipments.updated++
		}
		for (const r of rows)
			ctx.shipments.set(r.externalId!, {
				id: r.id,
				shipSetId: r.shipSetId,
				orderNumber: '',
				finalMile: r.finalMile,
			})
	}
	result.shipments.unchanged = sent.length - result.shipments.created - result.shipments.updated
	if (sent.some((s) => !ctx.shipments.has(s.external_id))) throw new StoredMeanwhile()
	for (const s of sent) touched.add(ctx.orders.get(s.order_number)!.id)

	// References are added when new (type and value).
	const ids = sent.map((s) => ctx.shipments.get(s.external_id)!.id)
	const refs = sent.flatMap((s) =>
		(s.references ?? []).map((r) => ({
			shipmentId: ctx.shipments.get(s.external_id)!.id,
			referenceType: r.type,
			value: r.value,
		})),
	)
	if (refs.length) {
		const have = await tx
			.select({
				shipmentId: shipmentReferences.shipmentId,
				type: shipmentReferences.referenceType,
				value: shipmentReferences.value,
			})
			.from(shipmentReferences)
			.where(inArray(shipmentReferences.shipmentId, ids))
		const seen = new Set(have.map((h) => `${h.shipmentId}|${h.type}|${h.value}`))
		const fresh = refs.filter((r) => {
			const k = `${r.shipmentId}|${r.referenceType}|${r.value}`
			if (seen.has(k)) return false
			seen.add(k)
			return true
		})
		for (const part of split(fresh))
			await tx.insert(shipmentReferences).values(part.map((r) => ({ ...r, organizationId })))
	}

	// Each shipment is one Transit node of its order's strip (as seeded), made with the shipment; one
	// sent `travels_with` another joins that shipment's node as a group (one position, as SO-1001's
	// line haul and final mile are seeded).
	const companions = sent
		.flatMap((s) => (s.travels_with ? [ctx.shipments.get(s.travels_with)?.id ?? ''] : []))
		.filter(Boolean)
	const have = await tx
		.select({
			connectableId: nodes.connectableId,
			shipSetId: nodes.shipSetId,
			position: nodes.position,
			positionInGroup: nodes.positionInGroup,
		})
		.from(nodes)
		.where(anyId(nodes.connectableId, [...new Set([...ids, ...companions])]))
	const has = new Set(
		have.filter((h) => ids.includes(h.connectableId!)).map((h) => h.connectableId),
	)
	const missing: { s: (typeof sent)[number]; i: number }[] = []
	sent.forEach((s, i) => {
		if (has.has(ids[i]!)) return
		has.add(ids[i]!)
		missing.push({ s, i })
	})
	if (!missing.length) return
	/** Where each shipment's node is (stored) or goes (new): its position and the next place in its group. */
	const slots = new Map<string, { position: number; next: { n: number } }>()
	const groupSize = new Map<string, number>()
	if (missing.some((m) => m.s.travels_with)) {
		const orderIds = [...new Set(missing.map((m) => ctx.orders.get(m.s.order_number)!.id))]
		for (const n of await tx
			.select({
				shipSetId: nodes.shipSetId,
				position: nodes.position,
				positionInGroup: nodes.positionInGroup,
			})
			.from(nodes)
			.where(anyId(nodes.shipSetId, orderIds)))
			groupSize.set(
				`${n.shipSetId}|${n.position}`,
				Math.max(groupSize.get(`${n.shipSetId}|${n.position}`) ?? 0, n.positionInGroup + 1),
			)
	}
	const groups = new Map<string, { n: number }>()
	for (const h of have) {
		const key = `${h.shipSetId}|${h.position}`
		if (!groups.has(key)) groups.set(key, { n: groupSize.get(key) ?? h.positionInGroup + 1 })
		slots.set(h.connectableId!, { position: h.position, next: groups.get(key)! })
	}
	const byExternal = new Map(missing.map((m) => [m.s.external_id, m]))
	const slotOf = (
		m: (typeof missing)[number],
		seen = new Set<string>(),
	): { position: number; next: { n: number } } => {
		const id = ctx.shipments.get(m.s.external_id)!.id
		const known = slots.get(id)
		if (known) return known
		seen.add(m.s.external_id)
		const with_ = m.s.travels_with
		const companion = with_ && !seen.has(with_) ? byExternal.get(with_) : undefined
		const companionId = with_ ? ctx.shipments.get(with_)?.id : undefined
		const slot = companion
			? slotOf(companion, seen)
			: companionId && slots.get(companionId)
				? slots.get(companionId)!
				: { position: NEW_NODE_POSITION + 1 + m.i, next: { n: 0 } }
		slots.set(id, slot)
		return slot
	}
	const rows = missing.map(({ s }, k) => {
		const slot = slotOf(missing[k]!)
		return {
			organizationId,
			shipSetId: ctx.orders.get(s.order_number)!.id,
			buildingType: 'Transit',
			iconClass: ICON_CLASSES.Transit,
			source: 'data',
			finalMile: s.final_mile ?? false,
			connectableId: ctx.shipments.get(s.external_id)!.id,
			position: slot.position,
			positionInGroup: slot.next.n++,
		}
	})
	for (const part of split(rows))
		ctx.nodes.push(...made(await tx.insert(nodes).values(part).returning(NODE_MADE)))
}

interface AddedEvent {
	shipSetId: string
	at: Date
	row: NewEvent
}

/**
 * Upserts the events the batch read as stored; answers the new events (their ids for the news, and
 * as the derivation folds them) and, as the JSON that `waymark_ingest_write` inserts, those not yet written.
 * `touched` gets the orders of events that changed (derived again from all their events),
 * `newNodes` those whose strip got a node.
 */
async function upsertEvents(
	tx: Executor,
	ctx: BatchContext,
	sent: readonly EventIn[],
	result: IngestResponse,
	touched: Set<string>,
	newNodes: Set<string>,
): Promise<{ added: AddedEvent[]; fresh: string | null }> {
	if (!sent.length) return { added: [], fresh: null }
	const { organizationId } = ctx
	const orderIds = [...new Set(sent.map((e) => ctx.orders.get(e.order_number)!.id))]
	const places = await resolveLocations(
		tx,
		organizationId,
		sent.flatMap((e) => (e.node.location ? [e.node.location] : [])),
	)

	// The nodes of these orders (read with the batch's context, or made by it), to find each event's node or make it once.
	const inBatch = new Set(orderIds)
	const stored = ctx.nodes.filter((n) => inBatch.has(n.shipSetId))
	const byShipment = new Map<string, string>()
	const byPlace = new Map<string, string>()
	const byType = new Map<string, string>()
	const remember = (n: {
		id: string
		shipSetId: string
		buildingType: string
		connectableId: string | null
		locationId: string | null
	}) => {
		if (n.connectableId && !byShipment.has(n.connectableId)) byShipment.set(n.connectableId, n.id)
		const placeKey = `${n.shipSetId}|${n.buildingType}|${n.locationId ?? ''}`
		if (!byPlace.has(placeKey)) byPlace.set(placeKey, n.id)
		if (!byType.has(`${n.shipSetId}|${n.buildingType}`))
			byType.set(`${n.shipSetId}|${n.buildingType}`, n.id)
	}
	stored.forEach(remember)
	// Each event's order, shipment and place, looked up once (a batch has up to 10,000 events).
	const refs = sent.map((e) => ({
		shipSetId: ctx.orders.get(e.order_number)!.id,
		shipmentId: e.shipment_external_id ? ctx.shipments.get(e.shipment_external_id)!.id : null,
		locationId: e.node.location ? places.get(locationKey(e.node.location))! : null,
	}))
	const nodeOf = (e: EventIn, i: number): string | undefined => {
		const { shipSetId, shipmentId, locationId } = refs[i]!
		if (e.node.building_type === 'Transit' && shipmentId) return byShipment.get(shipmentId)
		return locationId
			? byPlace.get(`${shipSetId}|${e.node.building_type}|${locationId}`)
			: byType.get(`${shipSetId}|${e.node.building_type}`)
	}
	const toMake = new Map<string, typeof nodes.$inferInsert>()
	sent.forEach((e, i) => {
		if (nodeOf(e, i)) return
		const { shipSetId, locationId } = refs[i]!
		const shipmentId = e.node.building_type === 'Transit' ? refs[i]!.shipmentId : null
		const key = shipmentId
			? `s|${shipmentId}`
			: `${shipSetId}|${e.node.building_type}|${locationId ?? ''}`
		if (!toMake.has(key))
			toMake.set(key, {
				organizationId,
				shipSetId,
				buildingType: e.node.building_type,
				iconClass: ICON_CLASSES[e.node.building_type],
				source: 'data',
				connectableId: shipmentId,
				locationId,
				position: NEW_NODE_POSITION + INGEST_BATCH_MAX + 1 + toMake.size,
			})
	})
	for (const part of split([...toMake.values()])) {
		for (const m of made(await tx.insert(nodes).values(part).returning(NODE_MADE))) {
			remember(m)
			newNodes.add(m.shipSetId)
			// What the derivation folds the new events into (derive.ts foldNewEvents).
			ctx.nodes.push(m)
		}
	}
	// Damage details live on the Damage node (the timeline shows them there): per node the last
	// value sent of each (as one statement per event in the batch's order would leave them).
	const damage = new Map<string, { id: string; category: string | null; notes: string | null }>()
	sent.forEach((e, i) => {
		if (e.node.building_type === 'Damage' && (e.node.damage_category || e.node.damage_notes)) {
			const id = nodeOf(e, i)!
			const had = damage.get(id)
			damage.set(id, {
				id,
				category: e.node.damage_category || had?.category || null,
				notes: e.node.damage_notes || had?.notes || null,
			})
		}
	})
	if (damage.size)
		await tx.execute(sql`
			update nodes n set damage_category = coalesce(v.category, n.damage_category), damage_notes = coalesce(v.notes, n.damage_notes), updated_at = now()
			from jsonb_to_recordset(${recordset([...damage.values()])}) as v(id uuid, category text, notes text)
			where n.id = v.id and n.organization_id = ${organizationId}
				and ((v.category is not null and v.category is distinct from n.damage_category) or (v.notes is not null and v.notes is distinct from n.damage_notes))`)

	const ids = sent.map(() => randomUUID())
	const values = sent.map((e, i) => {
		const location = e.node.location
		const place = location
			? [location.city, location.state, location.country].filter(Boolean).join(', ')
			: ''
		return {
			ship_set_id: refs[i]!.shipSetId,
			external_id: e.external_id,
			node_id: nodeOf(e, i)!,
			shipment_id: refs[i]!.shipmentId,
			title: e.title,
			summary: nil(e.summary),
			event_type: e.type,
			event_at: e.event_at,
			timezone_name: e.timezone,
			// A stale event keeps its own time as the moment it went stale.
			stale: !!e.stale,
			location_at: e.location_text || place || null,
			substatus_type_id: e.issue_type ? ctx.issueTypes.get(e.issue_type.toLowerCase())! : null,
		}
	})
	// One JSON parameter rather than a dozen per row: PGlite binds thousands of parameters slowly.
	// On the wire each row's keys are one letter and a null is left out (a missing key reads as null):
	// the JSON is about half as long to write, pass and parse. A new event's id is made here (`k`):
	// PGlite's gen_random_uuid() opens /dev/urandom for each, slow in bulk (ADR 0019 §11).
	const wire = (which: number[]) =>
		JSON.stringify(
			which.map((k) => {
				const v = values[k]!
				const w: Record<string, string> = {
					k: ids[k]!,
					o: v.ship_set_id,
					x: v.external_id,
					n: v.node_id,
					t: v.title,
					y: v.event_type,
					a: v.event_at,
					z: v.timezone_name,
				}
				if (v.shipment_id != null) w.s = v.shipment_id
				if (v.summary != null) w.m = v.summary
				if (v.stale) w.d = v.event_at
				if (v.location_at != null) w.l = v.location_at
				if (v.substatus_type_id != null) w.i = v.substatus_type_id
				return w
			}),
		)
	// The batch read which of its events are stored (check.ts loadContext, under its orders' locks):
	// the others are new, written by the batch's one write (a plain insert; a concurrent batch that
	// stored one first makes it fail, and ingestBatch runs it again). Those stored are upserted here:
	// a field left out keeps its stored value, a row whose values are all the same is not written.
	const fresh: number[] = []
	const known: number[] = []
	sent.forEach((e, k) => (ctx.events.has(e.external_id) ? known : fresh).push(k))
	const isNew = new Set(fresh)
	if (known.length) {
		// Which were changed and which stored new (deleted since the batch read them), as two arrays in
		// one row: PGlite hands each field of each row over on its own (ADR 0019 §11).
		const { rows } = await tx.execute<{ r: { inserted: string[]; updated: string[] } }>(
			sql`select waymark_ingest_stored_events(${organizationId}, ${wire(known)}::json) as r`,
		)
		const { inserted, updated } = rows[0]!.r
		const byExternal = new Map(known.map((k) => [sent[k]!.external_id, k]))
		for (const id of inserted) isNew.add(byExternal.get(id)!)
		for (const id of updated) touched.add(values[byExternal.get(id)!]!.ship_set_id)
		result.events.updated += updated.length
	}
	// A stored event is of the order it was sent for (check.ts refuses one stored on another).
	const added: AddedEvent[] = []
	sent.forEach((e, k) => {
		if (!isNew.has(k)) return
		const v = values[k]!
		result.events.created++
		const eventAt = new Date(v.event_at)
		added.push({
			shipSetId: v.ship_set_id,
			at: eventAt,
			row: {
				id: ids[k]!,
				shipSetId: v.ship_set_id,
				nodeId: v.node_id,
				shipmentId: v.shipment_id,
				type: v.event_type,
				at: eventAt,
				timezone: v.timezone_name,
				live: !v.stale,
				substatusTypeId: v.substatus_type_id,
			},
		})
	})
	result.events.unchanged = sent.length - result.events.created - result.events.updated
	return { added, fresh: fresh.length ? wire(fresh) : null }
}

function camel(column: string): string {
	return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
}
