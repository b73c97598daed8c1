import { randomBytes, randomUUID } from 'node:crypto'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '../shared/permissions'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	memberships,
	organizations,
	users,
	webhookAttempts,
	webhookDeliveries,
	webhookSubscriptions,
} from '../db/schema'
import { queueEmail } from '../mail/outbox'
import type { AddressPolicy } from './address-guard'
import { postWebhook, succeeded, type AttemptResult } from './webhook-http'

/**
 * The webhook queue (ADR 0020): a delivery per subscription and domain event, in the
 * database, claimed with FOR UPDATE SKIP LOCKED so several server processes never send one twice.
 * A failed attempt is retried with exponential back-off (RETRY_BASE_MS × 3ⁿ, at most 8 h) while
 * the delivery is younger than a day (RETRY_WINDOW_MS); then it is failed for good. Failed
 * attempts in a row count against the subscription: at WARN_AFTER its administrators get an
 * e-mail saying it will be switched off, at DISABLE_AFTER it is switched off (and they are told).
 * A success sets the count back to 0.
 */

export const RETRY_BASE_MS = 15_000
export const RETRY_MAX_DELAY_MS = 8 * 3600_000
export const RETRY_WINDOW_MS = 24 * 3600_000
export const WARN_AFTER = 10
export const DISABLE_AFTER = 20
/** A claimed delivery is this process's for this long (a process that dies hands it back). */
const LEASE_MS = 2 * 60_000
/** The kind of a 'Send test' delivery. */
export const TEST_KIND = 'webhook.test'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Executor = Database | Tx

/** Wait after the n-th failed attempt (1-based): 15 s, 45 s, 2¼ min, … at most 8 h. */
export function retryDelayMs(attempts: number): number {
	return Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_MS * 3 ** Math.max(0, attempts - 1))
}

/** A Standard Webhooks secret: whsec_ and base64 of 24 random bytes. */
export function newSecret(): string {
	return `whsec_${randomBytes(24).toString('base64')}`
}

/** A webhook-id: unique per message, kept by a replay (receivers deduplicate on it). */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`

/** The body every delivery signs: the Standard Webhooks shape { type, timestamp, data }. */
export function webhookBody(kind: string, occurredAt: Date, data: Record<string, unknown>) {
	return { type: kind, timestamp: occurredAt.toISOString(), data }
}

export interface DeliveryContext {
	db: Database
	policy: AddressPolicy
	/** The clock: tests pass one, the worker passes `new Date()`. */
	now: Date
	/** Links in the administrators' e-mails. */
	publicUrl: string
	timeoutMs?: number
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect
type SubscriptionRow = typeof webhookSubscriptions.$inferSelect

/** Claims due deliveries of enabled subscriptions: attempts + 1 and a lease, atomically. */
async function claimDue(db: Database, now: Date, limit: number): Promise<DeliveryRow[]> {
	const { rows } = await db.execute<{ id: string }>(sql`
		with due as (
			select d.id from webhook_deliveries d
			join webhook_subscriptions s on s.id = d.subscription_id
			where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz and s.enabled
			order by d.next_attempt_at
			limit ${limit}
			for update of d skip locked
		)
		update webhook_deliveries w set attempts = w.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
		from due where w.id = due.id
		returning w.id`)
	if (rows.length === 0) return []
	return db.query.webhookDeliveries.findMany({
		where: (d, { inArray }) =>
			inArray(
				d.id,
				rows.map((r) => r.id),
			),
	})
}

/** Sends every due delivery (a batch at a time); answers how many were attempted. */
export async function deliverDue(ctx: DeliveryContext, batchSize = 20): Promise<number> {
	const claimed = await claimDue(ctx.db, ctx.now, batchSize)
	if (claimed.length === 0) return 0
	const subs = await ctx.db.query.webhookSubscriptions.findMany({
		where: (s, { inArray }) => inArray(s.id, [...new Set(claimed.map((d) => d.subscriptionId))]),
	})
	const byId = new Map(subs.map((s) => [s.id, s]))
	// A subscription deleted since the claim took its deliveries with it (cascade): nothing to send.
	await Promise.all(
		claimed.flatMap((d) =>
			byId.has(d.subscriptionId) ? [attempt(ctx, d, byId.get(d.subscriptionId)!)] : [],
		),
	)
	return claimed.length
}

/** One try of a claimed delivery (attempts already counted), and what follows from its answer. */
export async function attempt(
	ctx: DeliveryContext,
	d: DeliveryRow,
	sub: SubscriptionRow,
): Promise<AttemptResult> {
	const { db, now } = ctx
	const result = await postWebhook(
		ctx.policy,
		{
			url: sub.url,
			secret: sub.secret,
			messageId: d.messageId,
			timestamp: now,
			body: JSON.stringify(d.payload),
		},
		ctx.timeoutMs,
	)
	const ok = succeeded(result)
	const isTest = d.kind === TEST_KIND
	// Give up: the address is refused, a test (one try), or the next try would fall beyond the day.
	const next = new Date(now.getTime() + retryDelayMs(d.attempts))
	const giveUp =
		!ok && (result.refused || isTest || next.getTime() - d.createdAt.getTime() > RETRY_WINDOW_MS)
	await db.transaction(async (tx) => {
		await tx.insert(webhookAttempts).values({
			organizationId: d.organizationId,
			deliveryId: d.id,
			attemptedAt: now,
			statusCode: result.statusCode,
			error: result.error,
			durationMs: result.durationMs,
			responseExcerpt: result.excerpt,
		})
		await tx
			.update(webhookDeliveries)
			.set({
				status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
				lastStatusCode: result.statusCode,
				lastError: ok ? null : (result.error ?? `answered ${result.statusCode}`),
				deliveredAt: ok ? now : null,
				nextAttemptAt: ok || giveUp ? now : next,
			})
			.where(eq(webhookDeliveries.id, d.id))
		if (isTest) return
		if (ok) {
			if (sub.consecutiveFailures !== 0 || sub.warnedAt) {
				await tx
					.update(webhookSubscriptions)
					.set({ consecutiveFailures: 0, warnedAt: null })
					.where(eq(webhookSubscriptions.id, sub.id))
			}
		} else {
			await countFailure(tx, ctx, sub.id)
		}
	})
	return result
}

/** One more failed attempt in a row: the warning at WARN_AFTER, switched off at DISABLE_AFTER. */
async function countFailure(tx: Tx, ctx: DeliveryContext, subscriptionId: string) {
	const [row] = await tx
		.update(webhookSubscriptions)
		.set({ consecutiveFailures: sql`${webhookSubscriptions.consecutiveFailures} + 1` })
		.where(eq(webhookSubscriptions.id, subscriptionId))
		.returning()
	if (!row) return
	const n = row.consecutiveFailures
	const link = `${ctx.publicUrl}/settings/webhooks/${row.id}`
	if (n >= DISABLE_AFTER && row.enabled) {
		const reason = `${n} failed attempts in a row`
		await tx
			.update(webhookSubscriptions)
			.set({ enabled: false, disabledAt: ctx.now, disabledReason: reason })
			.where(eq(webhookSubscriptions.id, row.id))
		await mailAdministrators(tx, row.organizationId, `Webhook switched off: ${row.url}`, [
			`The webhook to ${row.url} has been switched off after ${reason}.`,
			'Its deliveries wait; switch it back on from its settings page once the receiver answers again, and replay what it missed from the delivery log:',
			link,
		])
	} else if (n >= WARN_AFTER && !row.warnedAt) {
		await tx
			.update(webhookSubscriptions)
			.set({ warnedAt: ctx.now })
			.where(eq(webhookSubscriptions.id, row.id))
		await mailAdministrators(tx, row.organizationId, `Webhook failing: ${row.url}`, [
			`The webhook to ${row.url} has failed ${n} times in a row (last: see the delivery log).`,
			`It will be switched off after ${DISABLE_AFTER} failed attempts in a row unless one succeeds before.`,
			link,
		])
	}
}

/** An e-mail to every member of the supply chain who manages its settings. */
export async function mailAdministrators(
	tx: Executor,
	organizationId: string,
	subject: string,
	lines: string[],
) {
	const admins = await tx
		.select({ email: users.email })
		.from(memberships)
		.innerJoin(users, eq(users.id, memberships.userId))
		.where(
			and(
				eq(memberships.organizationId, organizationId),
				sql`${SUPPLY_CHAIN_ADMIN_PERMISSION} = any(${memberships.permissions})`,
			),
		)
	for (const a of admins)
		await queueEmail(tx, { organizationId, to: a.email, subject, text: `${lines.join('\n\n')}\n` })
}

/** Creates a delivery and tries it at once (the 'Send test' button and a replay). */
async function createAndAttempt(
	ctx: DeliveryContext,
	sub: SubscriptionRow,
	values: {
		kind: string
		payload: unknown
		messageId: string
		domainEventId?: string | null
		replayOf?: string | null
	},
) {
	const [d] = await ctx.db
		.insert(webhookDeliveries)
		.values({
			organizationId: sub.organizationId,
			subscriptionId: sub.id,
			kind: values.kind,
			payload: values.payload,
			messageId: values.messageId,
			domainEventId: values.domainEventId ?? null,
			replayOf: values.replayOf ?? null,
			attempts: 1,
			createdAt: ctx.now,
			nextAttemptAt: new Date(ctx.now.getTime() + LEASE_MS),
		})
		.returning()
	const result = await attempt(ctx, d!, sub)
	return { delivery: d!, result }
}

/** 'Send test': a webhook.test message to the subscription now (tried once, not retried). */
export async function sendTest(ctx: DeliveryContext, sub: SubscriptionRow) {
	const [org] = await ctx.db
		.select({ slug: organizations.slug })
		.from(organizations)
		.where(eq(organizations.id, sub.organizationId))
	const payload = webhookBody(TEST_KIND, ctx.now, {
		supply_chain: org?.slug ?? null,
		subscription_id: sub.id,
		message: 'A test delivery from Waymark',
	})
	return createAndAttempt(ctx, sub, { kind: TEST_KIND, payload, messageId: newMessageId() })
}

/** Replay: the same message (same webhook-id and body) again, as a new delivery tried now. */
export async function replay(ctx: DeliveryContext, sub: SubscriptionRow, original: DeliveryRow) {
	return createAndAttempt(ctx, sub, {
		kind: original.kind,
		payload: original.payload,
		messageId: original.messageId,
		domainEventId: original.domainEventId,
		replayOf: original.id,
	})
}
