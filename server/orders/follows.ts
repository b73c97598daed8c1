import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { follows } from '../db/schema'
import type { Caller } from '../api/context'
import { recordHistoricalLog } from './history'
import { requireOrder } from './scope'

/**
 * Following an order (002 §4 "Follow", §7 GET/POST/DELETE follows). A follow or an
 * unfollow that changes the state writes its historical log line in the same
 * transaction; repeating one (a double click, a second tab) changes nothing and logs nothing.
 */

export const FOLLOW_LOG = 'Followed this order'
export const UNFOLLOW_LOG = 'Unfollowed this order'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Writer = Pick<Database, 'insert'>

const wire = (f: typeof follows.$inferSelect) => ({
	id: f.id,
	ship_set_id: f.shipSetId,
	user_id: f.userId,
	created_at: f.createdAt.toISOString(),
})

/** Inserts the follow unless it exists; true when it was new. */
export async function startFollowing(
	tx: Writer,
	caller: Caller,
	shipSetId: string,
): Promise<boolean> {
	const inserted = await tx
		.insert(follows)
		.values({ organizationId: caller.organizationId, userId: caller.userId, shipSetId })
		.onConflictDoNothing({ target: [follows.userId, follows.shipSetId] })
		.returning({ id: follows.id })
	return inserted.length > 0
}

async function current(db: Pick<Database, 'select'>, caller: Caller, shipSetId: string) {
	const [f] = await db
		.select()
		.from(follows)
		.where(
			and(
				eq(follows.userId, caller.userId),
				eq(follows.shipSetId, shipSetId),
				eq(follows.organizationId, caller.organizationId),
			),
		)
	return f ? wire(f) : null
}

export async function followState(db: Database, caller: Caller, shipSetId: string) {
	const order = await requireOrder(db, caller.organizationId, shipSetId)
	return current(db, caller, order.id)
}

export async function follow(db: Database, caller: Caller, shipSetId: string) {
	const order = await requireOrder(db, caller.organizationId, shipSetId)
	return db.transaction(async (tx: Tx) => {
		if (await startFollowing(tx, caller, order.id)) {
			await recordHistoricalLog(tx, {
				organizationId: caller.organizationId,
				shipSetId: order.id,
				userId: caller.userId,
				message: FOLLOW_LOG,
			})
		}
		return (await current(tx, caller, order.id))!
	})
}

export async function unfollow(db: Database, caller: Caller, shipSetId: string) {
	const order = await requireOrder(db, caller.organizationId, shipSetId)
	await db.transaction(async (tx: Tx) => {
		const removed = await tx
			.delete(follows)
			.where(
				and(
					eq(follows.userId, caller.userId),
					eq(follows.shipSetId, order.id),
					eq(follows.organizationId, caller.organizationId),
				),
			)
			.returning({ id: follows.id })
		if (removed.length > 0) {
			await recordHistoricalLog(tx, {
				organizationId: caller.organizationId,
				shipSetId: order.id,
				userId: caller.userId,
				message: UNFOLLOW_LOG,
			})
		}
	})
}
