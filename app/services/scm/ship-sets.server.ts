import { FollowsApi } from '#api/orders/follows'
import { LogsApi } from '#api/orders/logs'
import { NotificationsApi } from '#api/timeline/notifications'
import { TimelineApi } from '#api/timeline/timeline'
import type { NotificationSettings } from '#contracts/sharing/share'
import type { z } from 'zod'
import type { ScmCaller } from './client.server'

type Settings = z.input<typeof NotificationSettings>

/**
 * One order (ship set): its timeline (with the caller's follow and notification settings), a
 * shipment's details, following, its logs and saving the notification settings (002 §7).
 */
export function shipSetCalls({ call }: ScmCaller) {
	return {
		/** One order's timeline (a read only), with its newest `comments` when asked (the first page of `comments.list` with that limit). */
		timeline: (id: string, comments = 0) =>
			call(TimelineApi.timeline, { params: { id }, query: comments ? { comments } : {} }),
		/** A visit to the order's timeline, for the dashboard's Recently Viewed. */
		recordView: (id: string) => call(TimelineApi.recordView, { params: { id } }),
		shipment: (id: string, shipmentId: string) =>
			call(TimelineApi.shipment, { params: { id, shipmentId } }),
		follow: (id: string) => call(FollowsApi.follow, { params: { id } }),
		unfollow: (id: string) => call(FollowsApi.unfollow, { params: { id } }),
		/** The Historical Logs modal, 100 a page. */
		logs: (id: string, offset = 0) => call(LogsApi.list, { params: { id }, query: { offset } }),
		/** view_type is always user. */
		saveNotification: (
			id: string,
			n: {
				notifType: Settings['notif_type']
				nodes: Settings['nodes']
				comments: boolean
				promiseDate: boolean
			},
		) =>
			call(NotificationsApi.save, {
				params: { id },
				body: {
					notification: {
						view_type: 'user',
						notif_type: n.notifType,
						nodes: n.nodes,
						comments: n.comments,
						promise_date: n.promiseDate,
					},
				},
			}),
	}
}
