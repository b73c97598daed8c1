import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { recentlyViewed, shipSets } from '../../db/schema'
import type { TimelineResponse } from '../../contracts/timeline'
import { notificationState } from './share'
import { commentsPage, type CommentsPageRow } from './comments'
import type { CommentsPage } from '../../contracts/comments'

type ShipSet = TimelineResponse['ship_set']
type Answer = { ship_set: ShipSet; comments?: CommentsPage }

/** How many answers each database's reads keep (SO-1001's with 20 comments holds ~19 KB of the heap: 500 such, ~10 MB). */
export const KEPT_TIMELINES = 500

/**
 * The answers kept per database handle (docs/decisions/0029 §21), by caller and order, each with
 * the versions it was read at; most recently used last, the oldest dropped past KEPT_TIMELINES.
 * Per handle, not per process: two databases (tests) never share answers.
 */
const keptTimelines = new WeakMap<Database, Map<string, { version: string; answer: Answer }>>()

/** Freezes a kept answer all the way down: every request is handed the same value, which no one may change. */
function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const child of Object.values(value)) deepFreeze(child)
	}
	return value
}

/**
 * One order's timeline for a signed-in caller (002 §3, §7 "GET {api}/ship_sets/{id}/timeline"):
 * the order's row with each of its lists (nodes, events, shipments, tags, custom attributes, the
 * first documents and photos, related orders), counts and the caller's follow and notification
 * settings, as JSON in the wire's own shape, built by the database function `waymark_timeline`
 * (migrations 0024, 0028, 0030, 0033); with `comments` > 0, the newest comments beside it
 * (`waymark_comments_page`, the first page of GET …/comments). One statement, not ten: each has a
 * fixed cost on PGlite (parse, plan, the wire protocol through WebAssembly, the trip to the PGlite
 * thread, drizzle's building and mapping); and functions, because PL/pgSQL keeps its statements'
 * plans for the session, where planning this statement every time cost four times running it
 * (docs/decisions/0029).
 *
 * The answer is kept beside the versions it was read at (migration 0034, `waymark_timeline_read`):
 * the next read of the same order by the same caller sends them, and the database answers the
 * versions alone when no write has touched anything the answer shows since, the kept answer then
 * being the answer. Every write sets the versions in its own transaction, on any server, so a read
 * never answers what a committed write changed. Another tenant's id reads as not found (null).
 */
export async function timeline(db: Database, organizationId: string, userId: string, shipSetId: string, comments = 0): Promise<Answer | null> {
	type Saved = Parameters<typeof notificationState>[0]
	let kept = keptTimelines.get(db)
	if (!kept) keptTimelines.set(db, (kept = new Map()))
	const key = `${organizationId}\u0000${userId}\u0000${shipSetId}\u0000${comments}`
	const held = kept.get(key)
	const { rows } = await db.execute<{
		version: string
		ship_set: (Omit<ShipSet, 'final_miles_with_shipping_method' | 'notification'> & { notification: Saved }) | null
		comments: CommentsPageRow | null
	}>(sql`select version, ship_set, comments from waymark_timeline_read(${organizationId}, ${userId}, ${shipSetId}, ${comments}::int, ${held?.version ?? null})`)
	const row = rows[0]
	kept.delete(key)
	if (!row) return null
	if (held && row.version === held.version) {
		kept.set(key, held)
		return held.answer
	}
	const order = row.ship_set
	if (!order) return null
	const newest = row.comments
	const answer: Answer = {
		ship_set: {
			...order,
			notification: notificationState(order.notification),
			// "Multiple Delivery Statuses" counts the final-mile shipping methods (002 §4), in shipment order.
			final_miles_with_shipping_method: [...new Set(order.shipments.filter((sh) => sh.final_mile).map((sh) => sh.carrier?.name ?? 'Unknown carrier'))],
		},
		...(newest ? { comments: commentsPage(newest, 0, comments) } : {}),
	}
	kept.set(key, { version: row.version, answer: deepFreeze(answer) })
	if (kept.size > KEPT_TIMELINES) kept.delete(kept.keys().next().value!)
	return answer
}

/**
 * A visit to a timeline records it as recently viewed by the caller (one row per user and
 * order, its time moved forward on each visit). False when the order is not one of the
 * caller's supply chain: nothing is written.
 */
export async function recordView(db: Database, organizationId: string, userId: string, shipSetId: string): Promise<boolean> {
	// One statement: the insert's own select is the tenant check (another's order inserts nothing).
	const { rows } = await db.execute(sql`
		insert into ${recentlyViewed} (organization_id, user_id, ship_set_id, viewed_at)
		select s.organization_id, ${userId}, s.id, now() from ${shipSets} s where s.id = ${shipSetId} and s.organization_id = ${organizationId}
		on conflict (user_id, ship_set_id) do update set viewed_at = excluded.viewed_at, updated_at = now()
		returning 1`)
	return rows.length > 0
}
