import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	date,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	unique,
	uuid,
} from 'drizzle-orm/pg-core'
import { organizationId, users } from './accounts'
import { createdAt, id, tstz, updatedAt } from './columns'
import { domainEvents } from './integrations'
import { shipSets } from './orders'

/**
 * News out: what the dispatcher (server/news-out/) makes of the domain events —
 * outbound webhooks (subscriptions, their deliveries and each attempt) and e-mail notifications
 * (items waiting for their recipient's batch, opt-outs, the daily digest's runs). Every row is
 * tenant-owned; the queues are claimed with FOR UPDATE SKIP LOCKED (ADR 0020).
 */

/**
 * A supply chain's webhook: where to POST and which event kinds. `secret` is the Standard
 * Webhooks signing secret (`whsec_` + base64 of 24 random bytes): it must be kept readable to
 * sign, and is shown to a person once, when created. `consecutiveFailures` counts failed
 * attempts since the last success; at WARN the administrators get an e-mail (`warnedAt`), at
 * DISABLE the subscription is switched off (`disabledAt`, `disabledReason`).
 */
export const webhookSubscriptions = pgTable(
	'webhook_subscriptions',
	{
		id: id(),
		organizationId: organizationId(),
		url: text('url').notNull(),
		description: text('description').notNull().default(''),
		eventKinds: text('event_kinds').array().notNull(),
		secret: text('secret').notNull(),
		enabled: boolean('enabled').notNull().default(true),
		consecutiveFailures: integer('consecutive_failures').notNull().default(0),
		warnedAt: tstz('warned_at'),
		disabledAt: tstz('disabled_at'),
		disabledReason: text('disabled_reason'),
		createdByUserId: uuid('created_by_user_id').references(() => users.id, {
			onDelete: 'set null',
		}),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('webhook_subscriptions_org_idx').on(t.organizationId)],
)

/**
 * One message to one subscription: the signed body is `payload` as JSON, sent with
 * `webhook-id: messageId`. status: pending (due at `nextAttemptAt`; a claimed row's
 * `nextAttemptAt` is its lease) | delivered | failed (gave up after a day of retries, or the
 * address was refused). A test delivery has no domain event; a replay copies a delivery
 * (same message id, `replayOf` names it).
 */
export const webhookDeliveries = pgTable(
	'webhook_deliveries',
	{
		id: id(),
		organizationId: organizationId(),
		subscriptionId: uuid('subscription_id')
			.notNull()
			.references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
		domainEventId: uuid('domain_event_id').references(() => domainEvents.id, {
			onDelete: 'set null',
		}),
		messageId: text('message_id').notNull(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').notNull(),
		status: text('status').notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
		lastStatusCode: integer('last_status_code'),
		lastError: text('last_error'),
		deliveredAt: tstz('delivered_at'),
		replayOf: uuid('replay_of'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check(
			'webhook_deliveries_status_check',
			sql`${t.status} in ('pending', 'delivered', 'failed')`,
		),
		index('webhook_deliveries_due_idx')
			.on(t.nextAttemptAt)
			.where(sql`${t.status} = 'pending'`),
		index('webhook_deliveries_subscription_created_idx').on(t.subscriptionId, t.createdAt),
	],
)

/** Each try of a delivery, for the log: the receiver's status code or why there was none. */
export const webhookAttempts = pgTable(
	'webhook_attempts',
	{
		id: id(),
		organizationId: organizationId(),
		deliveryId: uuid('delivery_id')
			.notNull()
			.references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
		attemptedAt: tstz('attempted_at').notNull(),
		statusCode: integer('status_code'),
		error: text('error'),
		durationMs: integer('duration_ms').notNull().default(0),
		/** The first characters of the receiver's answer. */
		responseExcerpt: text('response_excerpt'),
	},
	(t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
)

/**
 * A line of news waiting for its recipient's e-mail: the dispatcher writes one per matching
 * recipient and domain event; the batcher turns every recipient's due lines into one e-mail
 * (`emailedAt`). `email` is the address (a member's or a guest's); `userId` a member's.
 */
export const notificationItems = pgTable(
	'notification_items',
	{
		id: id(),
		organizationId: organizationId(),
		email: text('email').notNull(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		/** follow (a followed order / a guest's share) | mention */
		reason: text('reason').notNull(),
		shipSetId: uuid('ship_set_id').references(() => shipSets.id, { onDelete: 'cascade' }),
		domainEventId: uuid('domain_event_id').references(() => domainEvents.id, {
			onDelete: 'set null',
		}),
		line: text('line').notNull(),
		occurredAt: tstz('occurred_at').notNull(),
		createdAt: createdAt(),
		emailedAt: tstz('emailed_at'),
	},
	(t) => [
		check('notification_items_reason_check', sql`${t.reason} in ('follow', 'mention')`),
		index('notification_items_pending_idx')
			.on(t.organizationId, t.email, t.createdAt)
			.where(sql`${t.emailedAt} is null`),
	],
)

/**
 * E-mails an address asked not to get (the one-click unsubscribe): `topic` orders (every
 * order's news) | mentions | digest. One order's news is switched off on its notification
 * preference instead (no_notif).
 */
export const emailOptOuts = pgTable(
	'email_opt_outs',
	{
		id: id(),
		organizationId: organizationId(),
		email: text('email').notNull(),
		topic: text('topic').notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		check('email_opt_outs_topic_check', sql`${t.topic} in ('orders', 'mentions', 'digest')`),
		unique('email_opt_outs_unique').on(t.organizationId, t.email, t.topic),
	],
)

/** The daily digest, once per supply chain and day (UTC): the unique row is the claim. */
export const digestRuns = pgTable(
	'digest_runs',
	{
		id: id(),
		organizationId: organizationId(),
		day: date('day', { mode: 'string' }).notNull(),
		emails: integer('emails').notNull().default(0),
		createdAt: createdAt(),
	},
	(t) => [unique('digest_runs_org_day_unique').on(t.organizationId, t.day)],
)
