import { and, asc, count, eq, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { relatedShipSets, shipSets } from '../db/schema'
import { RELATED_MESSAGES, type RelatedShipSetsResponse } from './shipments.contract'
import { ApiError } from '../errors'
import { recordHistoricalLog } from '../orders/history'
import type { Actor } from './shipments.queries'

/**
 * Related orders of one order (002 §7 "…/related_ship_sets"). A relation is stored once and read
 * from both ends, so SO-1002 lists SO-1001 when SO-1001 lists SO-1002. Changes run in one
 * transaction with a historical-log line on both orders.
 */

type Related = RelatedShipSetsResponse['related_ship_sets'][number]

const touches = (shipSetId: string) =>
	or(eq(relatedShipSets.shipSetId, shipSetId), eq(relatedShipSets.relatedShipSetId, shipSetId))

/** The other order's id of a relation seen from `shipSetId`. */
const otherEnd = (shipSetId: string) =>
	sql`case when ${relatedShipSets.shipSetId} = ${shipSetId} then ${relatedShipSets.relatedShipSetId} else ${relatedShipSets.shipSetId} end`

/** One page of the order's related orders, by name, and their count. */
export async function listRelated(
	db: Database,
	organizationId: string,
	shipSetId: string,
	offset: number,
	limit: number,
) {
	const mine = and(eq(relatedShipSets.organizationId, organizationId), touches(shipSetId))
	const [rows, [total]] = await Promise.all([
		db
			.select({ id: relatedShipSets.id, other: shipSets.id, name: shipSets.name })
			.from(relatedShipSets)
			.innerJoin(
				shipSets,
				and(
					sql`${shipSets.id} = ${otherEnd(shipSetId)}`,
					eq(shipSets.organizationId, organizationId),
				),
			)
			.where(mine)
			.orderBy(asc(shipSets.name), asc(relatedShipSets.id))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(relatedShipSets).where(mine),
	])
	return {
		related_ship_sets: rows.map((r): Related => ({
			id: r.id,
			ship_set_id: r.other,
			ship_set_name: r.name,
		})),
		total_count: total?.n ?? 0,
	}
}

/**
 * Relates the order named `name` (an order number of the same organization). An unknown number and
 * another tenant's answer the same 422, so the answer tells nothing about other tenants.
 */
export async function addRelated(
	db: Database,
	actor: Actor & { shipSetName: string },
	name: string,
): Promise<Related> {
	return db.transaction(async (tx) => {
		const [other] = await tx
			.select({ id: shipSets.id, name: shipSets.name })
			.from(shipSets)
			.where(and(eq(shipSets.organizationId, actor.organizationId), eq(shipSets.name, name)))
			.limit(1)
		if (!other) throw new ApiError(422, RELATED_MESSAGES.notFound(name))
		if (other.id === actor.shipSetId) throw new ApiError(422, RELATED_MESSAGES.self)
		// Both orders locked in id order, so two people relating the same pair wait for each other.
		await tx
			.select({ id: shipSets.id })
			.from(shipSets)
			.where(or(eq(shipSets.id, actor.shipSetId), eq(shipSets.id, other.id)))
			.orderBy(asc(shipSets.id))
			.for('update')
		const [existing] = await tx
			.select({ id: relatedShipSets.id })
			.from(relatedShipSets)
			.where(
				or(
					and(
						eq(relatedShipSets.shipSetId, actor.shipSetId),
						eq(relatedShipSets.relatedShipSetId, other.id),
					),
					and(
						eq(relatedShipSets.shipSetId, other.id),
						eq(relatedShipSets.relatedShipSetId, actor.shipSetId),
					),
				),
			)
			.limit(1)
		if (existing) throw new ApiError(422, RELATED_MESSAGES.already(other.name))
		const [row] = await tx
			.insert(relatedShipSets)
			.values({
				organizationId: actor.organizationId,
				shipSetId: actor.shipSetId,
				relatedShipSetId: other.id,
			})
			.returning({ id: relatedShipSets.id })
		await logBoth(tx, actor, other, 'is now related to')
		return { id: row!.id, ship_set_id: other.id, ship_set_name: other.name }
	})
}

/** Removes a relation (by its id) that touches this order; null when there is none. */
export async function removeRelated(
	db: Database,
	actor: Actor & { shipSetName: string },
	relationId: string,
) {
	return db.transaction(async (tx) => {
		const [rel] = await tx
			.select({ id: relatedShipSets.id, other: shipSets.id, name: shipSets.name })
			.from(relatedShipSets)
			.innerJoin(
				shipSets,
				and(
					sql`${shipSets.id} = ${otherEnd(actor.shipSetId)}`,
					eq(shipSets.organizationId, actor.organizationId),
				),
			)
			.where(
				and(
					eq(relatedShipSets.id, relationId),
					eq(relatedShipSets.organizationId, actor.organizationId),
					touches(actor.shipSetId),
				),
			)
			.for('update', { of: relatedShipSets })
		if (!rel) return null
		await tx.delete(relatedShipSets).where(eq(relatedShipSets.id, rel.id))
		await logBoth(tx, actor, { id: rel.other, name: rel.name }, 'is no longer related to')
		return { ship_set_name: rel.name }
	})
}

/** "{A} is now related to {B}" on both orders' Historical Logs. */
async function logBoth(
	tx: Parameters<typeof recordHistoricalLog>[0],
	actor: Actor & { shipSetName: string },
	other: { id: string; name: string },
	verb: string,
) {
	const base = { organizationId: actor.organizationId, userId: actor.userId }
	await recordHistoricalLog(tx, {
		...base,
		shipSetId: actor.shipSetId,
		message: `${other.name} ${verb} this order`,
	})
	await recordHistoricalLog(tx, {
		...base,
		shipSetId: other.id,
		message: `${actor.shipSetName} ${verb} this order`,
	})
}
