import { createHash } from 'node:crypto'
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	domainEvents,
	emailOptOuts,
	follows,
	memberships,
	notificationItems,
	notificationPreferences,
	organizations,
	shipSets,
	users,
	webhookDeliveries,
	webhookSubscriptions,
} from '../db/schema'
import { DEFAULT_PREFERENCE, describe, wants, type Preference } from './preferences'
import { newMessageId, webhookBody } from './webhooks'
import { uuidArray } from '../db/params'

/**
 * The dispatcher (ADR 0020): reads the domain events no dispatcher has fanned out yet
 * (`dispatched_at` null, oldest first, claimed FOR UPDATE SKIP LOCKED so two processes split them
 * and never share one) and, in the same transaction that marks them dispatched, writes
 *
 * - a webhook delivery for every enabled subscription of the supply chain naming the event's kind;
 * - a notification line for every follower and guest whose preference wants it (./preferences.ts),
 *   and for every member a comment mentions.
 *
 * Either all of that is written or none of it is: an event is fanned out exactly once.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type EventRow = typeof domainEvents.$inferSelect

/**
 * One piece of news: a domain event as webhooks and e-mails see it. The ingestion records ONE
 * `order.event_added` per order and batch with its new events in `events` (docs/decisions/0019
 * §6: a batch of 1,000 events writes a hundred rows, not a thousand); each of those events is
 * news of its own, as if recorded alone — payload `{ …, event }`, its own time, its own id (the
 * webhook body's `event_id`: derived from the row's id and the event's place in it, so it is the
 * same every time the row is read). Every other row is one piece of news.
 */
interface News {
	row: EventRow
	id: string
	kind: string
	payload: Record<string, unknown>
	occurredAt: Date
}

/** A stable uuid for the n-th news item of a domain event row (RFC 9562 version 8: name-based, our own hash). */
function newsItemId(rowId: string, n: number): string {
	const h = createHash('sha256').update(`${rowId}/${n}`).digest('hex')
	const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** An event as its news carries it: the wire form `wireEvents` reads. */
export type WireEvent = Record<string, unknown> & { event_at: string }

/**
 * The news of a domain event row. The ingestion's `order.event_added` names its new events by id
 * (`event_ids`) and its `order.exception` its event (`event_id`; ADR 0019 §13): each is read from
 * `wired` (wireEvents), as stored when the dispatcher reads it; an event deleted since is no news.
 * A row recorded with the events themselves (`events`, `event`, before that change) is read as it is.
 */
export function newsOf(row: EventRow, wired: ReadonlyMap<string, WireEvent> = new Map()): News[] {
	const payload = row.payload as Record<string, unknown>
	const { events: sent, event_ids: ids, event_id: named, ...rest } = payload
	if (row.kind === 'order.exception' && typeof named === 'string') {
		const event = wired.get(named)
		return event
			? [
					{
						row,
						id: row.id,
						kind: row.kind,
						payload: { ...rest, event },
						occurredAt: row.occurredAt,
					},
				]
			: []
	}
	if (row.kind !== 'order.event_added' || (!Array.isArray(sent) && !Array.isArray(ids)))
		return [{ row, id: row.id, kind: row.kind, payload, occurredAt: row.occurredAt }]
	const events: unknown[] = Array.isArray(sent)
		? sent
		: (ids as unknown[]).map((id) => (typeof id === 'string' ? wired.get(id) : undefined))
	return events.flatMap((event: unknown, n) => {
		if (event === undefined) return []
		const at =
			event && typeof event === 'object'
				? new Date(String((event as Record<string, unknown>).event_at))
				: null
		return [
			{
				row,
				id: newsItemId(row.id, n),
				kind: row.kind,
				payload: { ...rest, event },
				occurredAt: at && !Number.isNaN(+at) ? at : row.occurredAt,
			},
		]
	})
}

/** The ids of the events a row names: `order.event_added`'s `event_ids`, `order.exception`'s `event_id`. */
function namedEvents(row: EventRow): string[] {
	const payload = row.payload as { event_ids?: unknown; event_id?: unknown }
	const ids =
		row.kind === 'order.event_added'
			? payload.event_ids
			: row.kind === 'order.exception'
				? [payload.event_id]
				: undefined
	return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/** The events the rows name (namedEvents), each of its row's supply chain, by id in their wire form. */
export async function wireEvents(
	tx: Pick<Database, 'execute'>,
	rows: readonly EventRow[],
): Promise<Map<string, WireEvent>> {
	const wanted = rows.flatMap((r) => namedEvents(r).map((id) => ({ id, org: r.organizationId })))
	const wired = new Map<string, WireEvent>()
	if (!wanted.length) return wired
	// `final_mile`: an event at a final-mile node or on a final-mile shipment (002 §4 "A 'Final Mile'
	// badge appears when the shipment is final mile"), which the final_mile preference reads.
	const { rows: found } = await tx.execute<WireEvent & { organization_id: string; id: string }>(sql`
		select e.organization_id, e.id, e.external_id, e.title, e.summary, e.event_type,
			to_char(e.event_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as event_at, e.timezone_name as timezone,
			e.stale_at is not null as stale, n.building_type, coalesce(n.final_mile, false) or coalesce(sh.final_mile, false) as final_mile,
			e.node_id, e.shipment_id, e.location_at as location, st.name as issue_type
		from events e
		left join nodes n on n.id = e.node_id
		left join shipments sh on sh.id = e.shipment_id
		left join substatus_types st on st.id = e.substatus_type_id
		where e.id = any(${uuidArray([...new Set(wanted.map((w) => w.id))])}) and e.organization_id = any(${uuidArray([...new Set(wanted.map((w) => w.org))])})`)
	const orgOf = new Map(wanted.map((w) => [w.id, w.org]))
	for (const { organization_id, ...event } of found)
		if (orgOf.get(event.id) === organization_id) wired.set(event.id, event)
	return wired
}

export async function dispatchDomainEvents(
	db: Database,
	now: Date,
	batchSize = 500,
): Promise<number> {
	return db.transaction(async (tx) => {
		const events = await tx
			.select()
			.from(domainEvents)
			.where(isNull(domainEvents.dispatchedAt))
			.orderBy(domainEvents.seq)
			.limit(batchSize)
			.for('update', { skipLocked: true })
		if (events.length === 0) return 0
		const wired = await wireEvents(tx, events)
		const news = events.flatMap((row) => newsOf(row, wired))
		await fanOutWebhooks(tx, news)
		await fanOutNotifications(tx, news, now)
		await tx
			.update(domainEvents)
			.set({ dispatchedAt: now })
			.where(
				inArray(
					domainEvents.id,
					events.map((e) => e.id),
				),
			)
		return events.length
	})
}

/** The orders an event concerns: its own, or the ones a breach names. */
function ordersOf(e: News): string[] {
	const named = e.payload.ship_set_ids
	const list = Array.isArray(named) ? named.filter((v): v is string => typeof v === 'string') : []
	return [...new Set([...(e.row.shipSetId ? [e.row.shipSetId] : []), ...list])]
}

async function fanOutWebhooks(tx: Tx, events: News[]) {
	const orgIds = [...new Set(events.map((e) => e.row.organizationId))]
	const subs = await tx
		.select({
			id: webhookSubscriptions.id,
			organizationId: webhookSubscriptions.organizationId,
			kinds: webhookSubscriptions.eventKinds,
		})
		.from(webhookSubscriptions)
		.where(
			and(
				inArray(webhookSubscriptions.organizationId, orgIds),
				eq(webhookSubscriptions.enabled, true),
			),
		)
	if (subs.length === 0) return
	const slugs = new Map(
		(
			await tx
				.select({ id: organizations.id, slug: organizations.slug })
				.from(organizations)
				.where(inArray(organizations.id, orgIds))
		).map((o) => [o.id, o.slug]),
	)
	const rows = events.flatMap((e) =>
		subs
			.filter((s) => s.organizationId === e.row.organizationId && s.kinds.includes(e.kind))
			.map((s) => ({
				organizationId: e.row.organizationId,
				subscriptionId: s.id,
				domainEventId: e.row.id,
				messageId: newMessageId(),
				kind: e.kind,
				payload: webhookBody(e.kind, e.occurredAt, {
					...e.payload,
					event_id: e.id,
					supply_chain: slugs.get(e.row.organizationId) ?? null,
					ship_set_id: e.row.shipSetId,
				}),
				nextAttemptAt: e.row.createdAt,
			})),
	)
	for (let i = 0; i < rows.length; i += 1000)
		await tx.insert(webhookDeliveries).values(rows.slice(i, i + 1000))
}

interface Recipient {
	shipSetId: string
	email: string
	userId: string | null
	pref: Preference
}

async function fanOutNotifications(tx: Tx, events: News[], now: Date) {
	const orderIds = [...new Set(events.flatMap(ordersOf))]
	const orgIds = [...new Set(events.map((e) => e.row.organizationId))]
	const items: (typeof notificationItems.$inferInsert)[] = []
	const prefCols = {
		notifType: notificationPreferences.notifType,
		nodes: notificationPreferences.nodes,
		comments: notificationPreferences.comments,
		promiseDate: notificationPreferences.promiseDate,
	}
	const recipients: Recipient[] = []
	if (orderIds.length) {
		// Followers (a member's preference row, or the defaults) ...
		const followers = await tx
			.select({ shipSetId: follows.shipSetId, userId: users.id, email: users.email, ...prefCols })
			.from(follows)
			.innerJoin(users, eq(users.id, follows.userId))
			.innerJoin(
				memberships,
				and(
					eq(memberships.userId, follows.userId),
					eq(memberships.organizationId, follows.organizationId),
				),
			)
			.leftJoin(
				notificationPreferences,
				and(
					eq(notificationPreferences.shipSetId, follows.shipSetId),
					eq(notificationPreferences.userId, follows.userId),
				),
			)
			.where(inArray(follows.shipSetId, orderIds))
		for (const f of followers) {
			recipients.push({
				shipSetId: f.shipSetId,
				email: f.email,
				userId: f.userId,
				pref: f.notifType
					? {
							notifType: f.notifType,
							nodes: f.nodes ?? [],
							comments: !!f.comments,
							promiseDate: !!f.promiseDate,
						}
					: DEFAULT_PREFERENCE,
			})
		}
		// ... and guests whose share is still good and who set a preference.
		const guests = await tx
			.select({
				shipSetId: notificationPreferences.shipSetId,
				email: notificationPreferences.guestEmail,
				...prefCols,
			})
			.from(notificationPreferences)
			.where(
				and(
					inArray(notificationPreferences.shipSetId, orderIds),
					isNotNull(notificationPreferences.guestEmail),
					sql`exists (select 1 from share_recipients r where r.ship_set_id = ${notificationPreferences.shipSetId}
						and lower(r.email) = lower(${notificationPreferences.guestEmail}) and r.revoked_at is null
						and (r.expires_at is null or r.expires_at > ${now.toISOString()}::timestamptz))`,
				),
			)
		for (const g of guests)
			recipients.push({
				shipSetId: g.shipSetId,
				email: g.email!.toLowerCase(),
				userId: null,
				pref: g,
			})
	}
	const optOuts = await tx
		.select({
			organizationId: emailOptOuts.organizationId,
			email: emailOptOuts.email,
			topic: emailOptOuts.topic,
		})
		.from(emailOptOuts)
		.where(inArray(emailOptOuts.organizationId, orgIds))
	const optedOut = new Set(optOuts.map((o) => `${o.organizationId}|${o.email}|${o.topic}`))

	for (const e of events) {
		const { payload } = e
		const { organizationId, shipSetId } = e.row
		const news = { kind: e.kind, payload }
		const author = typeof payload.author_user_id === 'string' ? payload.author_user_id : null
		const line = describe(news)
		const mentioned = new Set(
			e.kind === 'comment.added' && Array.isArray(payload.mentioned_user_ids)
				? payload.mentioned_user_ids.filter(
						(v): v is string => typeof v === 'string' && v !== author,
					)
				: [],
		)
		const targets = new Set(ordersOf(e))
		const seen = new Set<string>()
		for (const r of recipients) {
			if (
				!targets.has(r.shipSetId) ||
				(r.userId && (r.userId === author || mentioned.has(r.userId)))
			)
				continue
			if (optedOut.has(`${organizationId}|${r.email}|orders`) || !wants(r.pref, news)) continue
			const key = `${r.email}|${r.shipSetId}`
			if (seen.has(key)) continue
			seen.add(key)
			items.push({
				organizationId,
				email: r.email,
				userId: r.userId,
				reason: 'follow',
				shipSetId: r.shipSetId,
				domainEventId: e.row.id,
				line,
				occurredAt: e.occurredAt,
				createdAt: now,
			})
		}
		if (mentioned.size) {
			const people = await tx
				.select({ id: users.id, email: users.email })
				.from(users)
				.innerJoin(
					memberships,
					and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)),
				)
				.where(inArray(users.id, [...mentioned]))
			for (const p of people) {
				if (optedOut.has(`${organizationId}|${p.email}|mentions`)) continue
				items.push({
					organizationId,
					email: p.email,
					userId: p.id,
					reason: 'mention',
					shipSetId,
					domainEventId: e.row.id,
					line,
					occurredAt: e.occurredAt,
					createdAt: now,
				})
			}
		}
	}
	// Keep only orders that still exist (a deleted order's news has no page to link to).
	if (items.length) {
		const alive = new Set(
			(
				await tx
					.select({ id: shipSets.id })
					.from(shipSets)
					.where(
						inArray(shipSets.id, [
							...new Set(items.flatMap((i) => (i.shipSetId ? [i.shipSetId] : []))),
						]),
					)
			).map((s) => s.id),
		)
		const kept = items.filter((i) => !i.shipSetId || alive.has(i.shipSetId))
		for (let i = 0; i < kept.length; i += 1000)
			await tx.insert(notificationItems).values(kept.slice(i, i + 1000))
	}
}
