import { and, eq } from 'drizzle-orm'
import type { z } from '@hono/zod-openapi'
import type { Database } from '../db/client'
import { notificationPreferences, shipSets } from '../db/schema'
import type { NotificationSettings } from '../sharing/share.contract'
import type { NotificationState } from './notification-state.contract'
import { recordHistoricalLog } from '../orders/history'
import { requireOrder } from '../orders/scope'
import { ApiError } from '../errors'
import { ORDER_NOT_FOUND } from '../shared/common'

/**
 * A signed-in user's notification settings for one order (002 §4 "Notifications", §7): read with
 * the timeline and on their own, saved with the order's historical-log line.
 */

type Settings = z.output<typeof NotificationSettings>

/**
 * The caller's notification settings for one order, or the defaults (saved: false); throws the
 * 404 of `requireOrder` when the order is not in the caller's supply chain. One statement: the
 * order's row with the caller's preferences joined (the timeline reads this on every visit).
 */
export async function notificationFor(
	db: Database,
	organizationId: string,
	userId: string,
	shipSetId: string,
) {
	const [found] = await db
		.select({ row: notificationPreferences })
		.from(shipSets)
		.leftJoin(
			notificationPreferences,
			and(
				eq(notificationPreferences.shipSetId, shipSets.id),
				eq(notificationPreferences.userId, userId),
				eq(notificationPreferences.organizationId, organizationId),
			),
		)
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
	if (!found) throw new ApiError(404, ORDER_NOT_FOUND)
	const row = found.row
	return notificationState(
		row && {
			notif_type: row.notifType,
			nodes: row.nodes,
			comments: row.comments,
			promise_date: row.promiseDate,
		},
	)
}

/** What the API answers for the caller's saved settings of an order (a row's columns), or the defaults when none are saved. */
export function notificationState(
	saved: { notif_type: string; nodes: string[]; comments: boolean; promise_date: boolean } | null,
): z.output<typeof NotificationState> {
	if (!saved)
		return {
			view_type: 'user',
			notif_type: 'all_status',
			nodes: [],
			comments: false,
			promise_date: false,
			saved: false,
		}
	return {
		view_type: 'user',
		notif_type: saved.notif_type as Settings['notif_type'],
		nodes: saved.nodes,
		comments: saved.comments,
		promise_date: saved.promise_date,
		saved: true,
	}
}

const NOTIF_LABELS: Record<Settings['notif_type'], string> = {
	all_status: 'all status updates',
	final_mile: 'final mile',
	delivered: 'delivered',
	nodes: 'nodes',
	no_notif: 'no notifications',
}

/** POST /notifications (002 §7): saves the caller's settings for the order (one row per user and order). */
export async function saveNotification(
	db: Database,
	input: { organizationId: string; userId: string; shipSetId: string; settings: Settings },
) {
	const { settings: s } = input
	await db.transaction(async (tx) => {
		const order = await requireOrder(tx, input.organizationId, input.shipSetId)
		const values = {
			notifType: s.notif_type,
			nodes: s.nodes,
			comments: s.comments,
			promiseDate: s.promise_date,
			viewType: 'user',
		}
		await tx
			.insert(notificationPreferences)
			.values({
				organizationId: input.organizationId,
				shipSetId: order.id,
				userId: input.userId,
				...values,
			})
			.onConflictDoUpdate({
				target: [notificationPreferences.shipSetId, notificationPreferences.userId],
				set: { ...values, updatedAt: new Date() },
			})
		const extras = [
			s.notif_type === 'nodes' ? s.nodes.join(', ') : null,
			s.comments ? 'comments' : null,
			s.promise_date ? 'promise date' : null,
		]
		await recordHistoricalLog(tx, {
			organizationId: input.organizationId,
			shipSetId: order.id,
			userId: input.userId,
			message: `Set notification: ${NOTIF_LABELS[s.notif_type]}${extras.filter(Boolean).length ? ` (${extras.filter(Boolean).join('; ')})` : ''}`,
		})
	})
	return notificationFor(db, input.organizationId, input.userId, input.shipSetId)
}
