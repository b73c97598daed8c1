import { z } from '@hono/zod-openapi'

/** "notif_type (all_status, final_mile, delivered, nodes, no_notif)" (002 §3 "Notification preference"). */
export const NOTIF_TYPES = ['all_status', 'final_mile', 'delivered', 'nodes', 'no_notif'] as const

/**
 * A signed-in user's notification settings for one order, as the API answers them: on their own
 * (GET/POST …/notifications) and with the order's timeline (the page's notification dropdown).
 */
export const NotificationState = z
	.object({
		view_type: z.literal('user'),
		notif_type: z.enum(NOTIF_TYPES),
		nodes: z.array(z.string()),
		comments: z.boolean(),
		promise_date: z.boolean(),
		/** False while the user has saved nothing for this order (the values are the defaults). */
		saved: z.boolean(),
	})
	.openapi('NotificationState')
