import { z } from '@hono/zod-openapi'

/**
 * Outbound webhooks and one-click unsubscribe: the wire shapes of the settings
 * screen's calls. Event kinds are the domain events' (server/domain-events/record.ts; a unit
 * test keeps the two lists equal), with the words the screen shows.
 */
export const WEBHOOK_EVENT_KINDS = [
	'order.status_changed',
	'order.event_added',
	'order.exception',
	'order.promise_date_changed',
	'breach.opened',
	'breach.closed',
	'comment.added',
] as const
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number]

export const EVENT_KIND_LABELS: Record<WebhookEventKind, string> = {
	'order.status_changed': 'Order status changed',
	'order.event_added': 'Event added',
	'order.exception': 'Exception',
	'order.promise_date_changed': 'Promise date changed',
	'breach.opened': 'Breach opened',
	'breach.closed': 'Breach closed',
	'comment.added': 'Comment added',
}

export const URL_REQUIRED = 'URL is required'
export const URL_INVALID = 'Enter a URL starting with https:// or http://'
export const KINDS_REQUIRED = 'Choose at least one event kind'
export const DESCRIPTION_MAX = 200

export const WebhookUrl = z
	.string({ error: URL_REQUIRED })
	.trim()
	.min(1, URL_REQUIRED)
	.max(2000, 'A URL is at most 2000 characters')
	.refine((v) => {
		try {
			const u = new URL(v)
			return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
		} catch {
			return false
		}
	}, URL_INVALID)

export const SubscriptionBody = z
	.object({
		url: WebhookUrl,
		description: z
			.string()
			.trim()
			.max(DESCRIPTION_MAX, `A description is at most ${DESCRIPTION_MAX} characters`)
			.default(''),
		event_kinds: z
			.array(z.enum(WEBHOOK_EVENT_KINDS), { error: KINDS_REQUIRED })
			.min(1, KINDS_REQUIRED),
		/** Editing only: switch a subscription off, or back on (which forgets its failures). */
		enabled: z.boolean().optional(),
	})
	.openapi('WebhookSubscriptionBody')
export type SubscriptionBody = z.input<typeof SubscriptionBody>

export const Subscription = z
	.object({
		id: z.string(),
		url: z.string(),
		description: z.string(),
		event_kinds: z.array(z.string()),
		enabled: z.boolean(),
		consecutive_failures: z.number().int(),
		disabled_at: z.string().nullable(),
		disabled_reason: z.string().nullable(),
		created_at: z.string(),
	})
	.openapi('WebhookSubscription')

export const SubscriptionsResponse = z.object({ subscriptions: z.array(Subscription) })
export const SubscriptionResponse = z.object({ subscription: Subscription })
/** The signing secret is in this answer only: it is shown once. */
export const CreatedSubscription = z.object({
	subscription: Subscription,
	secret: z.string().openapi({ example: 'whsec_…' }),
})

export const Attempt = z.object({
	attempted_at: z.string(),
	status_code: z.number().int().nullable(),
	error: z.string().nullable(),
	duration_ms: z.number().int(),
})

export const Delivery = z
	.object({
		id: z.string(),
		message_id: z.string(),
		kind: z.string(),
		status: z.enum(['pending', 'delivered', 'failed']),
		attempts: z.number().int(),
		last_status_code: z.number().int().nullable(),
		last_error: z.string().nullable(),
		created_at: z.string(),
		delivered_at: z.string().nullable(),
		next_attempt_at: z.string().nullable(),
		replay_of: z.string().nullable(),
		attempt_log: z.array(Attempt),
	})
	.openapi('WebhookDelivery')

export const DELIVERY_PAGE_SIZE = 20
export const DeliveriesQuery = z.object({
	offset: z.coerce.number().int().min(0).default(0),
	limit: z.coerce.number().int().min(1).max(100).default(DELIVERY_PAGE_SIZE),
})
export const DeliveriesResponse = z.object({
	deliveries: z.array(Delivery),
	total: z.number().int(),
	offset: z.number().int(),
})
export const DeliveryResponse = z.object({ delivery: Delivery })

export const SubscriptionParams = z.object({ id: z.string().uuid() })
export const DeliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() })
export const DeletedResponse = z.object({ deleted: z.literal(true) })

export const UnsubscribeBody = z.object({ token: z.string().min(1).max(4000) })
export const UnsubscribeQuery = UnsubscribeBody
export const UnsubscribeResponse = z.object({
	/** What the link stops, in words: 'e-mails about order SO-1001'. */
	what: z.string(),
	email: z.string(),
	done: z.boolean(),
})
