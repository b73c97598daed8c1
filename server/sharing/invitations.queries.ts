import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { memberships, organizations, shareRecipients, shares, shipSets, users } from '../db/schema'
import { hashPassword } from '../db/password'
import { displayName } from '../shared/mentions'
import { INVITED_MEMBER } from './invitations.contract'
import { guestTokenHash, isSignedGuestToken } from './guest-tokens'
import { ApiError } from '../errors'
import { recordHistoricalLog } from '../orders/history'
import { iso } from '../timeline/wire'

/**
 * Supply Chain View invitations (ADR 0025; contracts in ./invitations.contract.ts). An
 * invitation is a share_recipients row with view_type supply_chain, a token (signed like a
 * guest link's, only its hash stored), an expiry, and no user yet; accepting it creates the
 * user and the membership and sets user_id and revoked_at, so the link works once.
 */

type Link = { token: string; email: string }

/** The pending invitation a link names (signed token, this e-mail, not used, not expired), or null. */
export async function findInvitation(
	db: Pick<Database, 'select'>,
	secret: string | readonly string[],
	link: Link,
	now = new Date(),
) {
	if (!isSignedGuestToken(link.token, secret)) return null
	const [row] = await db
		.select({
			id: shareRecipients.id,
			organizationId: shareRecipients.organizationId,
			organizationSlug: organizations.slug,
			organizationName: organizations.name,
			shipSetId: shareRecipients.shipSetId,
			orderName: shipSets.name,
			email: shareRecipients.email,
			expiresAt: shareRecipients.expiresAt,
			sharedBy: { email: users.email, firstName: users.givenName, lastName: users.familyName },
		})
		.from(shareRecipients)
		.innerJoin(organizations, eq(organizations.id, shareRecipients.organizationId))
		.innerJoin(
			shipSets,
			and(
				eq(shipSets.id, shareRecipients.shipSetId),
				eq(shipSets.organizationId, shareRecipients.organizationId),
			),
		)
		.innerJoin(shares, eq(shares.id, shareRecipients.shareId))
		.leftJoin(users, eq(users.id, shares.createdByUserId))
		.where(
			and(
				eq(shareRecipients.tokenHash, guestTokenHash(link.token)),
				sql`lower(${shareRecipients.email}) = lower(${link.email})`,
				eq(shareRecipients.viewType, 'supply_chain'),
				isNull(shareRecipients.userId),
				isNull(shareRecipients.revokedAt),
				gt(shareRecipients.expiresAt, now),
			),
		)
	return row ?? null
}

/** The invitation as the page shows it. */
export function invitationOut(row: NonNullable<Awaited<ReturnType<typeof findInvitation>>>) {
	return {
		email: row.email,
		organization_name: row.organizationName,
		order_name: row.orderName,
		ship_set_id: row.shipSetId,
		shared_by: row.sharedBy?.email ? displayName(row.sharedBy) : 'A Waymark user',
		expires_at: iso(row.expiresAt),
	}
}

export const ACCOUNT_EXISTS =
	'An account with this e-mail already exists: sign in with it, or ask the sender for a Restricted View link.'

/**
 * Accepts an invitation in one transaction: the user (this e-mail, the chosen name and password),
 * its membership of the inviting supply chain (INVITED_MEMBER), the link ended, a historical-log
 * line. Null when the link is not a pending invitation; 409 when the e-mail already has an account.
 */
export async function acceptInvitation(
	db: Database,
	secret: string | readonly string[],
	input: Link & { givenName: string; familyName: string | null; password: string },
	now = new Date(),
) {
	const passwordHash = await hashPassword(input.password)
	return db.transaction(async (tx) => {
		const invitation = await findInvitation(tx, secret, input, now)
		if (!invitation) return null
		// Locks the row: two accepts of one link cannot both pass.
		const [locked] = await tx
			.select({ id: shareRecipients.id })
			.from(shareRecipients)
			.where(
				and(
					eq(shareRecipients.id, invitation.id),
					isNull(shareRecipients.userId),
					isNull(shareRecipients.revokedAt),
				),
			)
			.for('update')
		if (!locked) return null
		const email = invitation.email.toLowerCase()
		const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
		if (existing) throw new ApiError(409, ACCOUNT_EXISTS)
		const [user] = await tx
			.insert(users)
			.values({ email, givenName: input.givenName, familyName: input.familyName, passwordHash })
			.returning({ id: users.id })
		await tx.insert(memberships).values({
			userId: user!.id,
			organizationId: invitation.organizationId,
			permissions: [...INVITED_MEMBER.permissions],
			subscribedServices: [...INVITED_MEMBER.subscribedServices],
		})
		await tx
			.update(shareRecipients)
			.set({ userId: user!.id, revokedAt: now, lastUsedAt: now })
			.where(eq(shareRecipients.id, invitation.id))
		await recordHistoricalLog(tx, {
			organizationId: invitation.organizationId,
			shipSetId: invitation.shipSetId,
			userId: user!.id,
			message: `${email} accepted the invitation to the supply chain (Supply Chain View)`,
		})
		return { email, organization: invitation.organizationSlug, ship_set_id: invitation.shipSetId }
	})
}
