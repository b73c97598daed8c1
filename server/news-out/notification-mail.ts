import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
	digestRuns,
	emailOptOuts,
	follows,
	notificationItems,
	organizations,
	shipSets,
	users,
} from '../db/schema'
import { escapeHtml, queueEmail } from '../mail/outbox'
import { listUnsubscribeHeaders, unsubscribeUrl, type UnsubscribeClaims } from './unsubscribe'

/**
 * Notification e-mails: a recipient's waiting lines become ONE e-mail once the oldest
 * has waited BATCH_WINDOW_MS, so a burst of 100 events is one e-mail per recipient (and reason:
 * order news and mentions are separate e-mails, each unsubscribed from on its own). Each e-mail
 * links to the order(s) — a member's timeline, a guest's public tracker page — and carries a
 * one-click unsubscribe (./unsubscribe.ts). Written to the outbox in the transaction that marks
 * the lines e-mailed; lines are claimed FOR UPDATE SKIP LOCKED.
 */
export const BATCH_WINDOW_MS = 60_000
/** At most this many lines in one e-mail body (the rest are counted). */
const MAX_LINES = 200

export interface MailContext {
	db: Database
	now: Date
	publicUrl: string
	unsubscribeKey: Buffer
	windowMs?: number
}

type Item = typeof notificationItems.$inferSelect

export async function flushNotifications(ctx: MailContext, maxRecipients = 100): Promise<number> {
	const cutoff = new Date(ctx.now.getTime() - (ctx.windowMs ?? BATCH_WINDOW_MS))
	const due = await ctx.db
		.select({
			organizationId: notificationItems.organizationId,
			email: notificationItems.email,
			reason: notificationItems.reason,
		})
		.from(notificationItems)
		.where(isNull(notificationItems.emailedAt))
		.groupBy(notificationItems.organizationId, notificationItems.email, notificationItems.reason)
		.having(sql`min(${notificationItems.createdAt}) <= ${cutoff.toISOString()}::timestamptz`)
		.limit(maxRecipients)
	let sent = 0
	for (const r of due) {
		const done = await ctx.db.transaction(async (tx) => {
			const items = await tx
				.select()
				.from(notificationItems)
				.where(
					and(
						eq(notificationItems.organizationId, r.organizationId),
						eq(notificationItems.email, r.email),
						eq(notificationItems.reason, r.reason),
						isNull(notificationItems.emailedAt),
					),
				)
				.orderBy(asc(notificationItems.occurredAt), asc(notificationItems.createdAt))
				.for('update', { skipLocked: true })
			if (items.length === 0) return false
			await queueEmail(tx, await composeEmail(tx, ctx, r.organizationId, r.email, r.reason, items))
			await tx
				.update(notificationItems)
				.set({ emailedAt: ctx.now })
				.where(
					inArray(
						notificationItems.id,
						items.map((i) => i.id),
					),
				)
			return true
		})
		if (done) sent++
	}
	return sent
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

async function composeEmail(
	tx: Tx,
	ctx: MailContext,
	organizationId: string,
	email: string,
	reason: string,
	items: Item[],
) {
	const [org] = await tx
		.select({ slug: organizations.slug, name: organizations.name })
		.from(organizations)
		.where(eq(organizations.id, organizationId))
	const orderIds = [...new Set(items.flatMap((i) => (i.shipSetId ? [i.shipSetId] : [])))]
	const orders = new Map(
		orderIds.length
			? (
					await tx
						.select({ id: shipSets.id, name: shipSets.name })
						.from(shipSets)
						.where(inArray(shipSets.id, orderIds))
				).map((o) => [o.id, o.name])
			: [],
	)
	const userId = items.find((i) => i.userId)?.userId ?? null
	const member = userId !== null
	const orderUrl = (id: string) =>
		member
			? `${ctx.publicUrl}/timeline/${id}`
			: `${ctx.publicUrl}/tracking/${encodeURIComponent(org?.slug ?? '')}/${encodeURIComponent(orders.get(id) ?? '')}/${id}`
	const claims = (s: UnsubscribeClaims['s']): UnsubscribeClaims => ({
		o: organizationId,
		e: email,
		u: userId,
		s,
	})
	const mainScope: UnsubscribeClaims['s'] =
		reason === 'mention' ? 'mentions' : orderIds.length === 1 ? `order:${orderIds[0]}` : 'orders'
	const unsubscribe = unsubscribeUrl(ctx.publicUrl, ctx.unsubscribeKey, claims(mainScope))
	const name = (id: string | null) => (id ? (orders.get(id) ?? 'an order') : 'an order')

	// Lines grouped by order, in the order they happened.
	const groups = new Map<string | null, Item[]>()
	for (const i of items) groups.set(i.shipSetId, [...(groups.get(i.shipSetId) ?? []), i])
	const subject =
		reason === 'mention'
			? items.length === 1
				? `You were mentioned on ${name(items[0]!.shipSetId)}`
				: `You were mentioned ${items.length} times`
			: orderIds.length === 1
				? `${name(orderIds[0]!)}: ${items.length === 1 ? items[0]!.line : `${items.length} updates`}`
				: `${items.length} updates on ${orderIds.length} orders`
	const text: string[] = []
	const html: string[] = []
	let shown = 0
	for (const [id, list] of groups) {
		text.push(`${name(id)}${id ? ` — ${orderUrl(id)}` : ''}`)
		html.push(
			`<h2>${id ? `<a href="${escapeHtml(orderUrl(id))}">${escapeHtml(name(id))}</a>` : escapeHtml(name(id))}</h2><ul>`,
		)
		for (const i of list) {
			if (shown++ >= MAX_LINES) continue
			const when = `${i.occurredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
			text.push(`  • ${when}  ${i.line}`)
			html.push(`<li>${escapeHtml(when)} — ${escapeHtml(i.line)}</li>`)
		}
		html.push('</ul>')
		if (reason === 'follow' && id && orderIds.length > 1) {
			const one = unsubscribeUrl(ctx.publicUrl, ctx.unsubscribeKey, claims(`order:${id}`))
			text.push(`  Stop e-mails about ${name(id)}: ${one}`)
			html.push(
				`<p><a href="${escapeHtml(one)}">Stop e-mails about ${escapeHtml(name(id))}</a></p>`,
			)
		}
		text.push('')
	}
	if (shown > MAX_LINES) {
		text.push(`… and ${shown - MAX_LINES} more.`)
		html.push(`<p>… and ${shown - MAX_LINES} more.</p>`)
	}
	const why =
		reason === 'mention'
			? 'you were mentioned in a comment'
			: member
				? 'you follow these orders'
				: 'an order was shared with you and you chose to be notified'
	text.push(
		`You get this e-mail from ${org?.name ?? 'Waymark'} because ${why}.`,
		`Unsubscribe: ${unsubscribe}`,
	)
	html.push(
		`<p>You get this e-mail from ${escapeHtml(org?.name ?? 'Waymark')} because ${why}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
	)
	return {
		organizationId,
		to: email,
		subject,
		text: `${text.join('\n')}\n`,
		html: html.join('\n'),
		headers: listUnsubscribeHeaders(unsubscribe),
	}
}

/** "Orders Without Updates" (001 §2): in transit, last event older than this many days (the widget's default timeframe). */
export const DIGEST_WITHOUT_UPDATES_DAYS = 2
/** The digest goes out with the first run after this hour (UTC) of each day. */
export const DIGEST_HOUR_UTC = 6

/**
 * The daily digest: once per supply chain and UTC day (the digest_runs row is the claim, so two
 * processes never send it twice), every member who follows in-transit orders without updates
 * for DIGEST_WITHOUT_UPDATES_DAYS days (the Orders Without Updates rule, as
 * server/dashboard/widgets.queries.ts reads it) gets one e-mail listing them.
 */
export async function runDailyDigest(ctx: MailContext): Promise<number> {
	if (ctx.now.getUTCHours() < DIGEST_HOUR_UTC) return 0
	const day = ctx.now.toISOString().slice(0, 10)
	const orgs = await ctx.db
		.select({ id: organizations.id, name: organizations.name })
		.from(organizations)
	let emails = 0
	for (const org of orgs) {
		emails += await ctx.db.transaction(async (tx) => {
			const [run] = await tx
				.insert(digestRuns)
				.values({ organizationId: org.id, day })
				.onConflictDoNothing()
				.returning({ id: digestRuns.id })
			if (!run) return 0
			const quiet = await tx
				.select({
					userId: follows.userId,
					email: users.email,
					id: shipSets.id,
					name: shipSets.name,
					lastEventAt: shipSets.lastEventAt,
				})
				.from(follows)
				.innerJoin(shipSets, eq(shipSets.id, follows.shipSetId))
				.innerJoin(users, eq(users.id, follows.userId))
				.where(
					and(
						eq(follows.organizationId, org.id),
						eq(shipSets.status, 'in_transit'),
						sql`${shipSets.lastEventAt} < ${ctx.now.toISOString()}::timestamptz - make_interval(days => ${DIGEST_WITHOUT_UPDATES_DAYS})`,
						sql`not exists (select 1 from ${emailOptOuts} o where o.organization_id = ${org.id} and o.email = ${users.email} and o.topic = 'digest')`,
					),
				)
				.orderBy(asc(shipSets.lastEventAt))
			const byUser = new Map<string, typeof quiet>()
			for (const q of quiet) byUser.set(q.userId, [...(byUser.get(q.userId) ?? []), q])
			for (const [userId, list] of byUser) {
				const email = list[0]!.email
				const unsubscribe = unsubscribeUrl(ctx.publicUrl, ctx.unsubscribeKey, {
					o: org.id,
					e: email,
					u: userId,
					s: 'digest',
				})
				const lines = list
					.slice(0, MAX_LINES)
					.map(
						(o) =>
							`  • ${o.name} — last update ${o.lastEventAt?.toISOString().slice(0, 10) ?? 'never'} — ${ctx.publicUrl}/timeline/${o.id}`,
					)
				if (list.length > MAX_LINES) lines.push(`  … and ${list.length - MAX_LINES} more`)
				await queueEmail(tx, {
					organizationId: org.id,
					to: email,
					subject: `Orders without updates: ${list.length} of the orders you follow`,
					text: [
						`${list.length} of the orders you follow in ${org.name} have been in transit without an update for more than ${DIGEST_WITHOUT_UPDATES_DAYS} days:`,
						'',
						...lines,
						'',
						`Unsubscribe from this daily digest: ${unsubscribe}`,
						'',
					].join('\n'),
					headers: listUnsubscribeHeaders(unsubscribe),
				})
			}
			await tx.update(digestRuns).set({ emails: byUser.size }).where(eq(digestRuns.id, run.id))
			return byUser.size
		})
	}
	return emails
}
