import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import type { z } from '@hono/zod-openapi'
import type { Database } from '../db/client'
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from '../db/schema'
import type { Delivery, Subscription, SubscriptionBody } from './webhooks.contract'
import { refusalOf, type AddressPolicy } from './address-guard'
import { newSecret } from './webhooks'
import { invalid, notFound } from '../errors'

/**
 * The webhook subscriptions of a supply chain and their delivery log, every query
 * scoped by the caller's organization. The secret leaves the database once: in create's answer.
 */

type SubscriptionRow = typeof webhookSubscriptions.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toWireSubscription(s: SubscriptionRow): z.infer<typeof Subscription> {
	return {
		id: s.id,
		url: s.url,
		description: s.description,
		event_kinds: s.eventKinds,
		enabled: s.enabled,
		consecutive_failures: s.consecutiveFailures,
		disabled_at: iso(s.disabledAt),
		disabled_reason: s.disabledReason,
		created_at: s.createdAt.toISOString(),
	}
}

export async function listSubscriptions(db: Database, organizationId: string) {
	const rows = await db
		.select()
		.from(webhookSubscriptions)
		.where(eq(webhookSubscriptions.organizationId, organizationId))
		.orderBy(desc(webhookSubscriptions.createdAt))
	return rows.map(toWireSubscription)
}

export async function requireSubscription(
	db: Database,
	organizationId: string,
	id: string,
): Promise<SubscriptionRow> {
	const [row] = await db
		.select()
		.from(webhookSubscriptions)
		.where(
			and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.organizationId, organizationId)),
		)
	if (!row) throw notFound('Webhook')
	return row
}

/**
 * Refuses (400, naming `url`) a URL whose host is or resolves to an address the policy refuses.
 * Deliveries check again when they connect (the name may resolve elsewhere by then); a host that
 * does not resolve now is accepted, its deliveries will say why they fail.
 */
export async function checkDestination(policy: AddressPolicy, url: string): Promise<void> {
	const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
	let addresses: string[]
	if (isIP(host)) addresses = [host]
	else {
		try {
			addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
		} catch {
			return
		}
	}
	for (const a of addresses) {
		const why = refusalOf(policy, a)
		if (why) throw invalid('url', `Deliveries to this host are refused: it is ${why}`)
	}
}

type Body = z.output<typeof SubscriptionBody>

export async function createSubscription(
	db: Database,
	policy: AddressPolicy,
	organizationId: string,
	userId: string,
	body: Body,
) {
	await checkDestination(policy, body.url)
	const secret = newSecret()
	const [row] = await db
		.insert(webhookSubscriptions)
		.values({
			organizationId,
			url: body.url,
			description: body.description,
			eventKinds: body.event_kinds,
			secret,
			createdByUserId: userId,
		})
		.returning()
	return { subscription: toWireSubscription(row!), secret }
}

export async function updateSubscription(
	db: Database,
	policy: AddressPolicy,
	organizationId: string,
	id: string,
	body: Body,
) {
	const current = await requireSubscription(db, organizationId, id)
	if (body.url !== current.url) await checkDestination(policy, body.url)
	const enabled = body.enabled ?? current.enabled
	const reEnabled = enabled && !current.enabled
	const [row] = await db
		.update(webhookSubscriptions)
		.set({
			url: body.url,
			description: body.description,
			eventKinds: body.event_kinds,
			enabled,
			...(reEnabled
				? { consecutiveFailures: 0, warnedAt: null, disabledAt: null, disabledReason: null }
				: {}),
			...(!enabled && current.enabled
				? { disabledAt: new Date(), disabledReason: 'switched off by a person' }
				: {}),
		})
		.where(
			and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.organizationId, organizationId)),
		)
		.returning()
	return toWireSubscription(row!)
}

export async function deleteSubscription(db: Database, organizationId: string, id: string) {
	await requireSubscription(db, organizationId, id)
	await db
		.delete(webhookSubscriptions)
		.where(
			and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.organizationId, organizationId)),
		)
}

export async function toWireDeliveries(
	db: Database,
	rows: DeliveryRow[],
): Promise<z.infer<typeof Delivery>[]> {
	const attempts = rows.length
		? await db
				.select()
				.from(webhookAttempts)
				.where(
					inArray(
						webhookAttempts.deliveryId,
						rows.map((r) => r.id),
					),
				)
				.orderBy(webhookAttempts.attemptedAt)
		: []
	return rows.map((d) => ({
		id: d.id,
		message_id: d.messageId,
		kind: d.kind,
		status: d.status as 'pending' | 'delivered' | 'failed',
		attempts: d.attempts,
		last_status_code: d.lastStatusCode,
		last_error: d.lastError,
		created_at: d.createdAt.toISOString(),
		delivered_at: iso(d.deliveredAt),
		next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
		replay_of: d.replayOf,
		attempt_log: attempts
			.filter((a) => a.deliveryId === d.id)
			.map((a) => ({
				attempted_at: a.attemptedAt.toISOString(),
				status_code: a.statusCode,
				error: a.error,
				duration_ms: a.durationMs,
			})),
	}))
}

export async function deliveryPage(
	db: Database,
	organizationId: string,
	subscriptionId: string,
	offset: number,
	limit: number,
) {
	await requireSubscription(db, organizationId, subscriptionId)
	const scope = and(
		eq(webhookDeliveries.subscriptionId, subscriptionId),
		eq(webhookDeliveries.organizationId, organizationId),
	)
	const [rows, [total]] = await Promise.all([
		db
			.select()
			.from(webhookDeliveries)
			.where(scope)
			.orderBy(desc(webhookDeliveries.createdAt), desc(sql`${webhookDeliveries.id}`))
			.offset(offset)
			.limit(limit),
		db.select({ n: count() }).from(webhookDeliveries).where(scope),
	])
	return { deliveries: await toWireDeliveries(db, rows), total: total?.n ?? 0, offset }
}

export async function requireDelivery(
	db: Database,
	organizationId: string,
	subscriptionId: string,
	id: string,
): Promise<DeliveryRow> {
	const [row] = await db
		.select()
		.from(webhookDeliveries)
		.where(
			and(
				eq(webhookDeliveries.id, id),
				eq(webhookDeliveries.subscriptionId, subscriptionId),
				eq(webhookDeliveries.organizationId, organizationId),
			),
		)
	if (!row) throw notFound('Delivery')
	return row
}
