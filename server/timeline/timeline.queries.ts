import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { recentlyViewed, shipSets } from '../db/schema'
import type { TimelineResponse } from './timeline.contract'
import { notificationState } from './notifications.queries'
import { commentsPage, type CommentsPageRow } from '../comments/comments.queries'
import type { CommentsPage } from '../comments/comments.contract'

type ShipSet = TimelineResponse['ship_set']

/**
 * One order's timeline for a signed-in caller (002 §3, §7 "GET {api}/ship_sets/{id}/timeline"):
 * the order's row with each of its lists (nodes, events, shipments, tags, custom attributes, the
 * first documents and photos, related orders), counts and the caller's follow and notification
 * settings, as JSON in the wire's own shape, built by the database function `waymark_timeline`
 * (server/timeline/timeline.sql); with `comments` > 0, the newest comments beside it
 * (`waymark_comments_page`, the first page of GET …/comments) in the same statement, so from the
 * same snapshot. One statement, not ten: each has a fixed cost on PGlite (parse, plan, the wire
 * protocol through WebAssembly, the trip to the PGlite thread, drizzle's building and mapping);
 * and functions, because PL/pgSQL keeps its statements' plans for the session (docs/decisions/0029
 * §7). Read on every request: nothing is kept (docs/decisions/0031). Another tenant's id reads as
 * not found (null).
 */
export async function timeline(
	db: Database,
	organizationId: string,
	userId: string,
	shipSetId: string,
	comments = 0,
): Promise<{ ship_set: ShipSet; comments?: CommentsPage } | null> {
	type Saved = Parameters<typeof notificationState>[0]
	const { rows } = await db.execute<{
		ship_set:
			| (Omit<ShipSet, 'final_miles_with_shipping_method' | 'notification'> & {
					notification: Saved
			  })
			| null
		comments: CommentsPageRow | null
	}>(
		sql`select waymark_timeline(${organizationId}, ${userId}, ${shipSetId}) as ship_set,
			case when ${comments}::int > 0 then waymark_comments_page(${organizationId}, ${shipSetId}, 0, ${comments}::int) end as comments`,
	)
	const order = rows[0]?.ship_set
	if (!order) return null
	const newest = rows[0]!.comments
	return {
		ship_set: {
			...order,
			notification: notificationState(order.notification),
			// "Multiple Delivery Statuses" counts the final-mile shipping methods (002 §4), in shipment order.
			final_miles_with_shipping_method: [
				...new Set(
					order.shipments
						.filter((sh) => sh.final_mile)
						.map((sh) => sh.carrier?.name ?? 'Unknown carrier'),
				),
			],
		},
		...(newest ? { comments: commentsPage(newest, 0, comments) } : {}),
	}
}

/**
 * A visit to a timeline records it as recently viewed by the caller (one row per user and
 * order, its time moved forward on each visit). False when the order is not one of the
 * caller's supply chain: nothing is written.
 */
export async function recordView(
	db: Database,
	organizationId: string,
	userId: string,
	shipSetId: string,
): Promise<boolean> {
	// One statement: the insert's own select is the tenant check (another's order inserts nothing).
	const { rows } = await db.execute(sql`
		insert into ${recentlyViewed} (organization_id, user_id, ship_set_id, viewed_at)
		select s.organization_id, ${userId}, s.id, now() from ${shipSets} s where s.id = ${shipSetId} and s.organization_id = ${organizationId}
		on conflict (user_id, ship_set_id) do update set viewed_at = excluded.viewed_at, updated_at = now()
		returning 1`)
	return rows.length > 0
}
