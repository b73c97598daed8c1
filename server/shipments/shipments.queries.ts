import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { carriers, conveyanceTypes, events, shipmentReferences, shipments } from '../db/schema'
import type { z } from '@hono/zod-openapi'
import {
	SHIPMENT_MESSAGES,
	type AddShipmentBody,
	type CarriersResponse,
	type ShipmentsResponse,
} from './shipments.contract'
import {
	SHIPMENT_REFUSALS,
	canCloseOrCancel,
	canRemove,
	shipmentStatusLabel,
} from './rules.contract'
import { ApiError, invalid, notFound } from '../errors'
import { recordHistoricalLog } from '../orders/history'
import { isUniqueViolation } from '../db/unique-violation'
import { wireCarrier } from '../timeline/wire'

/**
 * Shipments of one order (002 §7) and the three changes 002 §4 "Shipment statuses and actions"
 * allows. Each change runs in one transaction with its historical-log line, and refuses what the
 * shared rules (server/shipments/rules.contract.ts) forbid before writing anything.
 */

type Row = ShipmentsResponse['shipments'][number]
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

const rowColumns = { s: shipments, carrierName: carriers.name, conveyance: conveyanceTypes.name }

function rowOut(r: {
	s: typeof shipments.$inferSelect
	carrierName: string | null
	conveyance: string | null
}): Row {
	return {
		id: r.s.id,
		tracking_number: r.s.trackingNumber,
		status: r.s.status,
		manually_created: r.s.manuallyCreated,
		final_mile: r.s.finalMile,
		carrier: wireCarrier(r.carrierName, r.conveyance),
	}
}

function selectRows(db: Pick<Database, 'select'>) {
	return db
		.select(rowColumns)
		.from(shipments)
		.leftJoin(carriers, eq(carriers.id, shipments.carrierId))
		.leftJoin(conveyanceTypes, eq(conveyanceTypes.id, carriers.conveyanceTypeId))
}

/** One page of the order's shipments, oldest first (the timeline's order), and their count. */
export async function listShipments(
	db: Database,
	organizationId: string,
	shipSetId: string,
	offset: number,
	limit: number,
) {
	const mine = and(eq(shipments.shipSetId, shipSetId), eq(shipments.organizationId, organizationId))
	const [rows, [total]] = await Promise.all([
		selectRows(db)
			.where(mine)
			.orderBy(asc(shipments.createdAt), asc(shipments.id))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(shipments).where(mine),
	])
	return { shipments: rows.map(rowOut), total_count: total?.n ?? 0 }
}

/** The organization's carriers grouped by conveyance (ground, ocean; anything else is air), each by name. */
export async function carrierGroups(
	db: Database,
	organizationId: string,
	filter?: string,
): Promise<CarriersResponse['carriers']> {
	const where = [eq(carriers.organizationId, organizationId)]
	if (filter)
		where.push(sql`${carriers.name} ilike ${`%${filter.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`)
	const rows = await db
		.select({ id: carriers.id, name: carriers.name, conveyance: conveyanceTypes.name })
		.from(carriers)
		.innerJoin(conveyanceTypes, eq(conveyanceTypes.id, carriers.conveyanceTypeId))
		.where(and(...where))
		.orderBy(sql`lower(${carriers.name})`, asc(carriers.name), asc(carriers.id))
	const groups: CarriersResponse['carriers'] = { air: [], ground: [], ocean: [] }
	for (const r of rows) {
		const kind = r.conveyance.toLowerCase()
		groups[kind === 'ground' || kind === 'ocean' ? kind : 'air'].push({ id: r.id, name: r.name })
	}
	return groups
}

/** The shipment of this order, locked for the change; 404 for anything else. */
async function lockShipment(tx: Tx, organizationId: string, shipSetId: string, shipmentId: string) {
	const [s] = await tx
		.select()
		.from(shipments)
		.where(
			and(
				eq(shipments.id, shipmentId),
				eq(shipments.shipSetId, shipSetId),
				eq(shipments.organizationId, organizationId),
			),
		)
		.for('update')
	if (!s) throw notFound('Shipment')
	return s
}

export interface Actor {
	organizationId: string
	userId: string
	shipSetId: string
}

type NewShipment = z.output<typeof AddShipmentBody>['shipment']

/** POST …/shipments: a manually created Pending shipment with its references. */
export async function addShipment(db: Database, actor: Actor, input: NewShipment): Promise<Row> {
	try {
		return await insertShipment(db, actor, input)
	} catch (error) {
		// A concurrent Add Shipment stored the number after this one's check: the index that backs
		// the check refused this insert, with the check's answer.
		if (isUniqueViolation(error, 'shipments_org_order_manual_tracking_unique'))
			throw invalid('shipment.tracking_number', SHIPMENT_MESSAGES.trackingNumberTaken)
		throw error
	}
}

function insertShipment(db: Database, actor: Actor, input: NewShipment): Promise<Row> {
	return db.transaction(async (tx) => {
		const [carrier] = await tx
			.select({ id: carriers.id })
			.from(carriers)
			.where(
				and(eq(carriers.id, input.carrier_id), eq(carriers.organizationId, actor.organizationId)),
			)
		// Another tenant's carrier reads like an unknown one.
		if (!carrier) throw invalid('shipment.carrier_id', SHIPMENT_MESSAGES.carrier)
		// The same tracking number twice on one order (any case, as typed) is the same parcel twice
		// (held by the index shipments_org_order_manual_tracking_unique against a concurrent request).
		const [taken] = await tx
			.select({ id: shipments.id })
			.from(shipments)
			.where(
				and(
					eq(shipments.organizationId, actor.organizationId),
					eq(shipments.shipSetId, actor.shipSetId),
					sql`lower(${shipments.trackingNumber}) = lower(${input.tracking_number})`,
				),
			)
			.limit(1)
		if (taken) throw invalid('shipment.tracking_number', SHIPMENT_MESSAGES.trackingNumberTaken)
		const [created] = await tx
			.insert(shipments)
			.values({
				organizationId: actor.organizationId,
				shipSetId: actor.shipSetId,
				carrierId: carrier.id,
				trackingNumber: input.tracking_number,
				finalMile: input.final_mile,
				status: 'pending',
				manuallyCreated: true,
			})
			.returning({ id: shipments.id })
		const refs = input.references.filter((r) => r.value !== '')
		if (refs.length > 0) {
			await tx.insert(shipmentReferences).values(
				refs.map((r) => ({
					organizationId: actor.organizationId,
					shipmentId: created!.id,
					referenceType: r.reference_type,
					value: r.value,
				})),
			)
		}
		await recordHistoricalLog(tx, {
			...logOwner(actor),
			message: `Added shipment ${input.tracking_number}`,
		})
		const [row] = await selectRows(tx).where(eq(shipments.id, created!.id))
		return rowOut(row!)
	})
}

/** PUT …/shipments/{id}/{close|cancel}: refused (409) for Cancelled, Closed and Delivered shipments. */
export async function closeOrCancelShipment(
	db: Database,
	actor: Actor,
	shipmentId: string,
	action: 'close' | 'cancel',
): Promise<Row> {
	return db.transaction(async (tx) => {
		const s = await lockShipment(tx, actor.organizationId, actor.shipSetId, shipmentId)
		if (!canCloseOrCancel(s)) throw new ApiError(409, SHIPMENT_REFUSALS.closeOrCancel(s.status))
		const status = action === 'close' ? 'closed' : 'cancelled'
		await tx.update(shipments).set({ status, updatedAt: new Date() }).where(eq(shipments.id, s.id))
		await recordHistoricalLog(tx, {
			...logOwner(actor),
			message:
				`Marked shipment ${s.trackingNumber ?? ''} as ${shipmentStatusLabel(status).toLowerCase()}`.replace(
					'  ',
					' ',
				),
		})
		const [row] = await selectRows(tx).where(eq(shipments.id, s.id))
		return rowOut(row!)
	})
}

/** DELETE …/shipments/{id}: only a manually created Pending shipment with no tracking events. */
export async function removeShipment(db: Database, actor: Actor, shipmentId: string) {
	return db.transaction(async (tx) => {
		const s = await lockShipment(tx, actor.organizationId, actor.shipSetId, shipmentId)
		if (!canRemove(s)) throw new ApiError(409, SHIPMENT_REFUSALS.remove)
		const [tracked] = await tx
			.select({ id: events.id })
			.from(events)
			.where(eq(events.shipmentId, s.id))
			.limit(1)
		if (tracked) throw new ApiError(409, SHIPMENT_REFUSALS.tracked)
		await tx.delete(shipments).where(eq(shipments.id, s.id))
		await recordHistoricalLog(tx, {
			...logOwner(actor),
			message: `Removed shipment ${s.trackingNumber ?? ''}`.trim(),
		})
		return { tracking_number: s.trackingNumber }
	})
}

function logOwner(actor: Actor) {
	return { organizationId: actor.organizationId, shipSetId: actor.shipSetId, userId: actor.userId }
}
