import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { shareRecipients } from '../db/schema'

/**
 * Guest links (spec 000 §2 "Guest timeline", 002 §4 share flow): sharing an
 * order with an outside e-mail creates a share_recipients row and a link
 * `/guest/{shipSetId}/timeline?type=restricted&token=…&email=…&supply_chain=…`.
 *
 * The token is `<random>.<signature>`: 24 random bytes and an HMAC-SHA256 of
 * them under GUEST_LINK_SECRET (cut to 16 bytes), both base64url. The
 * signature lets a forged or mangled token be refused before any query; the
 * row stores only the token's SHA-256, with its expiry and revocation, so a
 * database leak yields no usable link and revoking is one update.
 */
export const GUEST_LINK_TTL_DAYS = 30

function sign(random: string, secret: string): string {
	return createHmac('sha256', secret).update(random).digest().subarray(0, 16).toString('base64url')
}

export function guestTokenHash(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

/** A new token, its hash for share_recipients.token_hash, and when it expires. */
export function issueGuestToken(
	secret: string,
	now = new Date(),
): { token: string; tokenHash: string; expiresAt: Date } {
	const random = randomBytes(24).toString('base64url')
	const token = `${random}.${sign(random, secret)}`
	return {
		token,
		tokenHash: guestTokenHash(token),
		expiresAt: new Date(now.getTime() + GUEST_LINK_TTL_DAYS * 86_400_000),
	}
}

/**
 * True when the token has our shape and a signature under the secret, or under any of the
 * secrets given (the current one and those being rotated out, GUEST_LINK_SECRET_PREVIOUS: a link
 * sent before a rotation still opens). No database access.
 */
export function isSignedGuestToken(token: string, secret: string | readonly string[]): boolean {
	const [random, signature, extra] = token.split('.')
	if (!random || !signature || extra !== undefined) return false
	const given = Buffer.from(signature)
	return (typeof secret === 'string' ? [secret] : secret).some((s) => {
		const expected = Buffer.from(sign(random, s))
		return expected.length === given.length && timingSafeEqual(expected, given)
	})
}

export interface GuestGrant {
	recipientId: string
	organizationId: string
	shipSetId: string
	email: string
	viewType: string
}

/**
 * The grant a guest link carries, or null when the token is unsigned, unknown,
 * expired or revoked, or names another order or e-mail. The one place a guest
 * token is accepted; no other endpoint looks at it.
 */
export async function findGuestGrant(
	db: Database,
	secret: string | readonly string[],
	link: { token: string; shipSetId: string; email: string },
	now = new Date(),
): Promise<GuestGrant | null> {
	if (!isSignedGuestToken(link.token, secret)) return null
	const [row] = await db
		.select({
			recipientId: shareRecipients.id,
			organizationId: shareRecipients.organizationId,
			shipSetId: shareRecipients.shipSetId,
			email: shareRecipients.email,
			viewType: shareRecipients.viewType,
		})
		.from(shareRecipients)
		.where(
			and(
				eq(shareRecipients.tokenHash, guestTokenHash(link.token)),
				eq(shareRecipients.shipSetId, link.shipSetId),
				sql`lower(${shareRecipients.email}) = lower(${link.email})`,
				isNull(shareRecipients.revokedAt),
				gt(shareRecipients.expiresAt, now),
			),
		)
	return row ?? null
}

/** A Supply Chain View invitation's link (ADR 0025): the page where the person joins the supply chain. */
export function invitationLink(publicUrl: string, link: { token: string; email: string }): string {
	const url = new URL('/invitations', publicUrl)
	url.searchParams.set('token', link.token)
	url.searchParams.set('email', link.email)
	return url.toString()
}

/** The link a share e-mail carries: query parameters only, no fragment, so it survives mail clients. */
export function guestLink(
	publicUrl: string,
	link: { shipSetId: string; token: string; email: string; supplyChain: string },
): string {
	const url = new URL(`/guest/${encodeURIComponent(link.shipSetId)}/timeline`, publicUrl)
	url.searchParams.set('type', 'restricted')
	url.searchParams.set('token', link.token)
	url.searchParams.set('email', link.email)
	url.searchParams.set('supply_chain', link.supplyChain)
	return url.toString()
}
