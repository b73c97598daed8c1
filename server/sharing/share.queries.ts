import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { memberships, organizations, shareRecipients, shares, users } from '../db/schema'
import { VIEW_TYPE_LABELS, type ShareRecipient } from './share.contract'
import { displayName } from '../shared/mentions'
import { guestLink, invitationLink, issueGuestToken } from './guest-tokens'
import { shareEmail } from '../mail/messages'
import { queueEmail } from '../mail/outbox'
import { recordHistoricalLog } from '../orders/history'
import { requireOrder } from '../orders/scope'
import type { z } from '@hono/zod-openapi'
import { iso } from '../timeline/wire'

/**
 * The share flow of the signed-in timeline (002 §4 "Share flow", §7). Every query is scoped by the caller's organization; every change runs
 * in one transaction with its historical-log line and its outbox e-mails.
 */

type ViewType = 'customer' | 'supply_chain'
type Recipient = z.infer<typeof ShareRecipient>
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

const activeGuestLink = (now: Date) =>
	and(
		isNotNull(shareRecipients.tokenHash),
		isNull(shareRecipients.revokedAt),
		gt(shareRecipients.expiresAt, now),
	)

/**
 * generate_mailing_lists (002 §4, §7): which addresses belong to members of the supply chain
 * (auth_list), which are outside and would get a new guest link (not_auth_list, the NEW
 * marker), and which are outside but already hold an active guest link to this order
 * (subscribed_list). Each input address lands in exactly one list, in input order.
 */
export async function mailingLists(
	db: Pick<Database, 'select' | 'selectDistinct'>,
	organizationId: string,
	shipSetId: string,
	emails: string[],
	now = new Date(),
) {
	const lower = emails.map((e) => e.toLowerCase())
	const members = lower.length
		? await db
				.select({ id: users.id, email: users.email })
				.from(users)
				.innerJoin(
					memberships,
					and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)),
				)
				.where(inArray(users.email, lower))
		: []
	const memberIds = new Map(members.map((m) => [m.email, m.id]))
	const outside = lower.filter((e) => !memberIds.has(e))
	const subscribed = outside.length
		? await db
				.selectDistinct({ email: sql<string>`lower(${shareRecipients.email})` })
				.from(shareRecipients)
				.where(
					and(
						eq(shareRecipients.organizationId, organizationId),
						eq(shareRecipients.shipSetId, shipSetId),
						inArray(sql`lower(${shareRecipients.email})`, outside),
						activeGuestLink(now),
					),
				)
		: []
	const subscribedSet = new Set(subscribed.map((s) => s.email))
	return {
		memberIds,
		auth_list: lower.filter((e) => memberIds.has(e)),
		not_auth_list: outside.filter((e) => !subscribedSet.has(e)),
		subscribed_list: outside.filter((e) => subscribedSet.has(e)),
	}
}

function recipientOut(row: {
	id: string
	email: string
	userId: string | null
	viewType: string
	createdAt: Date
	expiresAt: Date | null
	revokedAt: Date | null
}): Recipient {
	return {
		id: row.id,
		email: row.email,
		kind: row.userId ? 'member' : 'guest',
		view_type: row.viewType as ViewType,
		created_at: row.createdAt.toISOString(),
		expires_at: iso(row.expiresAt),
		revoked_at: iso(row.revokedAt),
	}
}

const recipientColumns = {
	id: shareRecipients.id,
	email: shareRecipients.email,
	userId: shareRecipients.userId,
	viewType: shareRecipients.viewType,
	createdAt: shareRecipients.createdAt,
	expiresAt: shareRecipients.expiresAt,
	revokedAt: shareRecipients.revokedAt,
}

/** How the sender is named in the e-mail: the product's display name (given and family name, else the e-mail). */
async function senderName(db: Pick<Database, 'select'>, userId: string) {
	const [u] = await db
		.select({ email: users.email, firstName: users.givenName, lastName: users.familyName })
		.from(users)
		.where(eq(users.id, userId))
	return u ? displayName(u) : 'A Waymark user'
}

export interface ShareInput {
	organizationId: string
	organizationSlug: string
	userId: string
	shipSetId: string
	emails: string[]
	viewType: ViewType
	message: string | null
	/** Signs guest tokens (GUEST_LINK_SECRET). */
	secret: string
	/** The web app's public URL, which the e-mailed links point at. */
	publicUrl: string
	now?: Date
}

/**
 * POST /shares (002 §4 "Share flow", §7): one shares row, one share_recipients row per
 * address, one outbox e-mail per address. Members (auth_list) get the timeline link;
 * every outside address gets a new guest link (token hashed in the row, the token only
 * in the e-mail) with the share's view type; an outside address that already held an
 * active link to this order has that one revoked, so each address has one live link.
 * The lists the client sends are only the addresses: the server classifies them itself.
 * Another tenant's order throws the same 404 as an unknown one.
 */
export async function createShare(db: Database, input: ShareInput) {
	const now = input.now ?? new Date()
	return db.transaction(async (tx) => {
		const order = await requireOrder(tx, input.organizationId, input.shipSetId)
		const lists = await mailingLists(tx, input.organizationId, order.id, input.emails, now)
		const [org] = await tx
			.select({ name: organizations.name })
			.from(organizations)
			.where(eq(organizations.id, input.organizationId))
		const sharedBy = await senderName(tx, input.userId)
		const [share] = await tx
			.insert(shares)
			.values({
				organizationId: input.organizationId,
				shipSetId: order.id,
				createdByUserId: input.userId,
				viewType: input.viewType,
				message: input.message,
			})
			.returning({ id: shares.id })
		const common = {
			organizationId: input.organizationId,
			shareId: share!.id,
			shipSetId: order.id,
			viewType: input.viewType,
		}
		const mail = (
			to: string,
			kind: 'member' | 'guest' | 'invitation',
			link: string,
			expiresAt: Date | null,
		) =>
			queueEmail(tx, {
				organizationId: input.organizationId,
				to,
				...shareEmail({
					orderName: order.name,
					organizationName: org?.name ?? input.organizationSlug,
					sharedBy,
					link,
					kind,
					message: input.message,
					expiresAt,
				}),
			})

		const recipients: Recipient[] = []
		for (const email of lists.auth_list) {
			const [row] = await tx
				.insert(shareRecipients)
				.values({ ...common, email, userId: lists.memberIds.get(email)! })
				.returning(recipientColumns)
			recipients.push(recipientOut(row!))
			await mail(
				email,
				'member',
				new URL(`/timeline/${order.id}`, input.publicUrl).toString(),
				null,
			)
		}
		const outside = [...lists.not_auth_list, ...lists.subscribed_list]
		// Supply Chain View (ADR 0025): an outside address without an account is invited into the
		// supply chain; one that has an account elsewhere cannot switch supply chains here, so it
		// gets the Restricted View link, and its row says so.
		const accounts =
			input.viewType === 'supply_chain' && outside.length
				? new Set(
						(
							await tx
								.select({ email: users.email })
								.from(users)
								.where(inArray(users.email, outside))
						).map((u) => u.email),
					)
				: new Set<string>()
		if (lists.subscribed_list.length) {
			await tx
				.update(shareRecipients)
				.set({ revokedAt: now })
				.where(
					and(
						eq(shareRecipients.organizationId, input.organizationId),
						eq(shareRecipients.shipSetId, order.id),
						inArray(sql`lower(${shareRecipients.email})`, lists.subscribed_list),
						activeGuestLink(now),
					),
				)
		}
		for (const email of outside) {
			const { token, tokenHash, expiresAt } = issueGuestToken(input.secret, now)
			const invited = input.viewType === 'supply_chain' && !accounts.has(email)
			const [row] = await tx
				.insert(shareRecipients)
				.values({
					...common,
					viewType: invited ? 'supply_chain' : 'customer',
					email,
					tokenHash,
					expiresAt,
				})
				.returning(recipientColumns)
			recipients.push(recipientOut(row!))
			const link = invited
				? invitationLink(input.publicUrl, { token, email })
				: guestLink(input.publicUrl, {
						shipSetId: order.id,
						token,
						email,
						supplyChain: input.organizationSlug,
					})
			await mail(email, invited ? 'invitation' : 'guest', link, expiresAt)
		}
		await recordHistoricalLog(tx, {
			organizationId: input.organizationId,
			shipSetId: order.id,
			userId: input.userId,
			message: `Shared order with ${[...lists.auth_list, ...outside].join(', ')} (${VIEW_TYPE_LABELS[input.viewType]})`,
		})
		return { id: share!.id, view_type: input.viewType, message: input.message, recipients }
	})
}

/** The order's guest links that still open (not revoked, not expired), newest first. */
export async function listGuestLinks(
	db: Database,
	organizationId: string,
	shipSetId: string,
	now = new Date(),
) {
	const rows = await db
		.select(recipientColumns)
		.from(shareRecipients)
		.where(
			and(
				eq(shareRecipients.organizationId, organizationId),
				eq(shareRecipients.shipSetId, shipSetId),
				activeGuestLink(now),
			),
		)
		.orderBy(desc(shareRecipients.createdAt), shareRecipients.email)
	return rows.map(recipientOut)
}

/**
 * Revokes one guest link (share_recipients.revoked_at = now): the link stops opening at once
 * (findGuestGrant refuses it). Revoking a link already revoked answers it unchanged and logs
 * nothing. Null when no guest link of this order and organization has that id.
 */
export async function revokeGuestLink(
	db: Database,
	input: {
		organizationId: string
		shipSetId: string
		recipientId: string
		userId: string
		now?: Date
	},
) {
	return db.transaction(async (tx: Tx) => {
		const [row] = await tx
			.select(recipientColumns)
			.from(shareRecipients)
			.where(
				and(
					eq(shareRecipients.id, input.recipientId),
					eq(shareRecipients.organizationId, input.organizationId),
					eq(shareRecipients.shipSetId, input.shipSetId),
					isNotNull(shareRecipients.tokenHash),
				),
			)
			.for('update')
		if (!row) return null
		if (row.revokedAt) return recipientOut(row)
		const [updated] = await tx
			.update(shareRecipients)
			.set({ revokedAt: input.now ?? new Date() })
			.where(eq(shareRecipients.id, row.id))
			.returning(recipientColumns)
		await recordHistoricalLog(tx, {
			organizationId: input.organizationId,
			shipSetId: input.shipSetId,
			userId: input.userId,
			message: `Revoked the guest link of ${row.email}`,
		})
		return recipientOut(updated!)
	})
}
