import { z } from '@hono/zod-openapi'
import { TimelineParams } from '../timeline/timeline.contract'
import { NOTIF_NODES_REQUIRED, shareEmailsTransform } from './share-rules.contract'
import { NOTIF_TYPES, NotificationState } from '../timeline/notification-state.contract'

/**
 * Share and notification calls of the signed-in timeline (002 §3 "Share", "Notification
 * preference"; §4 "Share flow", "Notifications"; §5; §7 rows
 * `GET {api}/ship_sets/{id}/shares/generate_mailing_lists`, `POST {api}/ship_sets/{id}/shares`,
 * `POST {api}/ship_sets/{id}/notifications`). Wire format snake_case.
 */

export const ShareParams = TimelineParams

/** The optional share message, at most this many characters (our limit). */
export const MAX_SHARE_MESSAGE = 1000

export {
	MAX_SHARE_EMAILS,
	SHARE_EMAILS_REQUIRED,
	TOO_MANY_EMAILS,
	invalidEmailMessage,
	parseShareEmails,
} from './share-rules.contract'

const EmailList = z
	.string()
	.openapi({
		description: 'E-mails, comma-joined (002 §7)',
		example: 'nadia@acme.test,buyer@example.com',
	})
	.transform(shareEmailsTransform)

export const MailingListsQuery = z.object({
	emails: EmailList.openapi({ param: { name: 'emails', in: 'query' } }),
})

/**
 * The check of step 1: auth_list = members of the supply chain, not_auth_list = outside
 * addresses that would get a new guest link (the NEW marker, $1/month), subscribed_list =
 * outside addresses that already hold an active guest link to this order (no new charge).
 */
export const MailingListsResponse = z
	.object({
		auth_list: z.array(z.string()),
		not_auth_list: z.array(z.string()),
		subscribed_list: z.array(z.string()),
	})
	.openapi('MailingLists')

export const ShareViewType = z.enum(['customer', 'supply_chain'])

export const ShareBody = z
	.object({
		share: z.object({
			auth_list: z.array(z.string()).default([]),
			not_auth_list: z.array(z.string()).default([]),
			subscribed_list: z.array(z.string()).default([]),
			/** "Restricted View = customer, default; or Supply Chain View" (002 §4, §9). */
			view_type: ShareViewType.default('customer'),
			message: z
				.string()
				.max(MAX_SHARE_MESSAGE, `Message must be at most ${MAX_SHARE_MESSAGE} characters`)
				.nullish(),
		}),
	})
	.openapi('ShareRequest')

export const ShareRecipient = z
	.object({
		id: z.string(),
		email: z.string(),
		/** member: a user of the supply chain (gets the timeline link); guest: an outside address (gets a guest link). */
		kind: z.enum(['member', 'guest']),
		view_type: ShareViewType,
		created_at: z.string(),
		expires_at: z.string().nullable(),
		revoked_at: z.string().nullable(),
	})
	.openapi('ShareRecipient')

export const ShareResponse = z
	.object({
		share: z.object({
			id: z.string(),
			view_type: ShareViewType,
			message: z.string().nullable(),
			recipients: z.array(ShareRecipient),
		}),
	})
	.openapi('Share')

/** The order's guest links that still open (not revoked, not expired), newest first. */
export const GuestLinksResponse = z
	.object({ guest_links: z.array(ShareRecipient) })
	.openapi('GuestLinks')

export const GuestLinkParams = TimelineParams.extend({
	recipientId: z
		.string()
		.uuid()
		.openapi({
			param: { name: 'recipientId', in: 'path' },
			description: 'The share recipient (guest link) id',
		}),
})

export const RevokeResponse = z.object({ guest_link: ShareRecipient }).openapi('RevokedGuestLink')

// ── Notifications ───────────────────────────────────────────────────────────

export { NOTIF_TYPES }
export const NOTIF_NODES = ['Factory', 'Transit', 'DC', 'Customer'] as const
export { NOTIF_NODES_REQUIRED }
export const NOTIF_TYPE_INVALID = 'Choose one of the notification options'

/**
 * "Notification preference: notif_type (all_status, final_mile, delivered, nodes, no_notif),
 * nodes (Factory, Transit, DC, Customer), comments flag, promise_date flag, view_type fixed
 * to user" (002 §3). Choosing 'nodes' needs at least one node (our rule: the spec reveals the
 * checkboxes; 'nodes' with none would notify of nothing); other types carry no nodes.
 */
export const NotificationSettings = z
	.object({
		view_type: z.literal('user').default('user'),
		notif_type: z.enum(NOTIF_TYPES, { error: NOTIF_TYPE_INVALID }),
		nodes: z.array(z.enum(NOTIF_NODES)).default([]),
		comments: z.boolean().default(false),
		promise_date: z.boolean().default(false),
	})
	.superRefine((n, ctx) => {
		if (n.notif_type === 'nodes' && n.nodes.length === 0) {
			ctx.addIssue({ code: 'custom', path: ['nodes'], message: NOTIF_NODES_REQUIRED })
		}
	})
	.transform((n) => ({ ...n, nodes: n.notif_type === 'nodes' ? [...new Set(n.nodes)] : [] }))

export const NotificationBody = z
	.object({ notification: NotificationSettings })
	.openapi('NotificationRequest')

export const NotificationResponse = z
	.object({ notification: NotificationState })
	.openapi('Notification')

/** The radio labels of step 2 (002 §4): customer is the Restricted View. */
export const VIEW_TYPE_LABELS: Record<z.infer<typeof ShareViewType>, string> = {
	customer: 'Restricted View',
	supply_chain: 'Supply Chain View',
}
