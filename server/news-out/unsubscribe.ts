import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client'
import { emailOptOuts, notificationPreferences } from '../db/schema'

/**
 * One-click unsubscribe (RFC 8058): every notification e-mail carries a signed link
 * `${PUBLIC_URL}/unsubscribe?token=…` in its body and in `List-Unsubscribe`, with
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The token says who (supply chain,
 * address, the member's user id) and from what: one order's news, every order's news, mentions
 * or the daily digest. It is an HMAC-SHA256 over its JSON with a key derived from the guest-link
 * secret (no new secret to configure), so nobody can unsubscribe somebody else.
 */

export const UnsubscribeScope = z.union([
	z.string().regex(/^order:[0-9a-f-]{36}$/),
	z.enum(['orders', 'mentions', 'digest']),
])
const Claims = z.object({
	o: z.string().uuid(),
	e: z.string().min(3),
	u: z.string().uuid().nullable(),
	s: UnsubscribeScope,
})
export type UnsubscribeClaims = z.infer<typeof Claims>

export function unsubscribeKey(guestLinkSecret: string): Buffer {
	return createHmac('sha256', guestLinkSecret).update('waymark one-click unsubscribe v1').digest()
}

const mac = (key: Buffer, body: string) =>
	createHmac('sha256', key).update(body).digest('base64url')

export function signUnsubscribe(key: Buffer, claims: UnsubscribeClaims): string {
	const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
	return `${body}.${mac(key, body)}`
}

/**
 * The claims of a token this server signed, or null. Several keys: the current one and those of
 * guest-link secrets being rotated out (a digest sent before the rotation still unsubscribes).
 */
export function verifyUnsubscribe(
	key: Buffer | readonly Buffer[],
	token: string,
): UnsubscribeClaims | null {
	const [body, sig, extra] = token.split('.')
	if (!body || !sig || extra !== undefined) return null
	const given = Buffer.from(sig)
	const signed = (Buffer.isBuffer(key) ? [key] : (key as readonly Buffer[])).some((k) => {
		const expected = Buffer.from(mac(k, body))
		return expected.length === given.length && timingSafeEqual(expected, given)
	})
	if (!signed) return null
	try {
		const parsed = Claims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

export function unsubscribeUrl(publicUrl: string, key: Buffer, claims: UnsubscribeClaims): string {
	return `${publicUrl}/unsubscribe?token=${encodeURIComponent(signUnsubscribe(key, claims))}`
}

/** The headers RFC 8058 asks for, on an e-mail whose unsubscribe link is `url`. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
	return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

/** What an unsubscribe stops, in words for the page that confirms it. */
export function scopeText(scope: UnsubscribeClaims['s'], orderName?: string | null): string {
	if (scope === 'orders') return 'e-mails about the orders you follow'
	if (scope === 'mentions') return 'e-mails when someone mentions you'
	if (scope === 'digest') return 'the daily digest of orders without updates'
	return `e-mails about order ${orderName ?? ''}`.trim()
}

/**
 * Applies a verified unsubscribe; doing it twice changes nothing. One order: its notification
 * preference becomes no_notif with no comment or promise-date e-mails (created when there was
 * none, for a member or a guest). A topic: an email_opt_outs row.
 */
export async function applyUnsubscribe(db: Database, claims: UnsubscribeClaims): Promise<void> {
	const email = claims.e.toLowerCase()
	if (claims.s.startsWith('order:')) {
		const shipSetId = claims.s.slice('order:'.length)
		const off = {
			notifType: 'no_notif',
			nodes: [] as string[],
			comments: false,
			promiseDate: false,
			updatedAt: new Date(),
		}
		const owner = claims.u
			? eq(notificationPreferences.userId, claims.u)
			: sql`lower(${notificationPreferences.guestEmail}) = ${email}`
		const updated = await db
			.update(notificationPreferences)
			.set(off)
			.where(
				and(
					eq(notificationPreferences.organizationId, claims.o),
					eq(notificationPreferences.shipSetId, shipSetId),
					owner,
				),
			)
			.returning({ id: notificationPreferences.id })
		if (updated.length === 0) {
			await db
				.insert(notificationPreferences)
				.values({
					organizationId: claims.o,
					shipSetId,
					userId: claims.u,
					guestEmail: claims.u ? null : email,
					viewType: claims.u ? 'user' : 'customer',
					...off,
				})
				.onConflictDoNothing()
		}
		return
	}
	await db
		.insert(emailOptOuts)
		.values({ organizationId: claims.o, email, topic: claims.s })
		.onConflictDoNothing()
}
