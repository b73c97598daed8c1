import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { recentlyViewed, shipSets } from '../../db/schema'
import type { TimelineResponse } from '../../contracts/timeline'

type ShipSet = TimelineResponse['ship_set']

/**
 * One order's timeline for a signed-in caller (002 §3, §7 "GET {api}/ship_sets/{id}/timeline"):
 * the order's row with each of its lists (nodes, events, shipments, tags, custom attributes, the
 * first documents and photos, related orders) and counts, as JSON in the wire's own shape, built
 * by the database function `waymark_timeline` (migration 0024) in one call. One statement, not
 * ten: each has a fixed cost on PGlite (parse, plan, the wire protocol through WebAssembly,
 * drizzle's building and mapping); and a function, because PL/pgSQL keeps its statement's plan for
 * the session, where planning this statement every time cost four times running it
 * (docs/decisions/0029). Another tenant's id reads as not found (null).
 */
export async function timeline(db: Database, organizationId: string, userId: string, shipSetId: string): Promise<ShipSet | null> {
	const { rows } = await db.execute<{ ship_set: Omit<ShipSet, 'final_miles_with_shipping_method'> | null }>(
		sql`select waymark_timeline(${organizationId}, ${userId}, ${shipSetId}) as ship_set`,
	)
	const order = rows[0]?.ship_set
	if (!order) return null
	return {
		...order,
		// "Multiple Delivery Statuses" counts the final-mile shipping methods (002 §4), in shipment order.
		final_miles_with_shipping_method: [...new Set(order.shipments.filter((sh) => sh.final_mile).map((sh) => sh.carrier?.name ?? 'Unknown carrier'))],
	}
}

/**
 * A visit to a timeline records it as recently viewed by the caller (one row per user and
 * order, its time moved forward on each visit). False when the order is not one of the
 * caller's supply chain: nothing is written.
 */
export async function recordView(db: Database, organizationId: string, userId: string, shipSetId: string): Promise<boolean> {
	const [order] = await db
		.select({ id: shipSets.id })
		.from(shipSets)
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
	if (!order) return false
	const now = new Date()
	await db
		.insert(recentlyViewed)
		.values({ organizationId, userId, shipSetId, viewedAt: now })
		.onConflictDoUpdate({
			target: [recentlyViewed.userId, recentlyViewed.shipSetId],
			set: { viewedAt: now, updatedAt: sql`now()` },
		})
	return true
}
