import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { ShareResponse } from '../../server/sharing/share.contract'
import {
	AcceptInvitationResponse,
	INVITATION_INVALID,
	InvitationResponse,
} from '../../server/sharing/invitations.contract'
import {
	memberships,
	organizations,
	outboxEmails,
	shareRecipients,
	users,
} from '../../server/db/schema'
import { verifyPassword } from '../../server/db/password'
import { findGuestGrant } from '../../server/sharing/guest-tokens'
import { createHarness, GUEST_LINK_SECRET, WEB_API_KEY, type Harness } from './harness'

// 002 §4 "Share flow": "If some are not [in the supply chain], a second step lists them (marked NEW)
// and asks for a view type (Restricted View = customer, default; or Supply Chain View), then SHARE."
// ADR 0025: Supply Chain View invites the person into the supply chain (their own sign-in,
// the full timeline); Restricted View sends the restricted guest page.

let h: Harness
let olivia: string
let so1002: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	so1002 = await h.orderId('acme', 'SO-1002')
})
afterAll(async () => {
	await h?.close()
})

const share = (emails: string[], viewType: 'customer' | 'supply_chain') =>
	h.call(`/api/web/ship_sets/${so1002}/shares`, {
		method: 'POST',
		token: olivia,
		supplyChain: 'acme',
		body: { share: { not_auth_list: emails, view_type: viewType } },
	})
const key = { 'X-Api-Key': WEB_API_KEY }
const show = (token: string, email: string, headers = key) =>
	h.call(
		`/api/web/invitations?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
		{ headers },
	)
const accept = (body: Record<string, unknown>, headers = key) =>
	h.call('/api/web/invitations/accept', { method: 'POST', headers, body })

async function linkTo(email: string) {
	const [row] = await h.db
		.select()
		.from(outboxEmails)
		.where(eq(outboxEmails.to, email))
		.orderBy(sql`created_at desc`)
	return { text: row!.text, url: new URL(row!.text.match(/https?:\/\/\S+/)![0]) }
}

describe('Supply Chain View versus Restricted View', () => {
	it('Restricted View sends the restricted guest page; Supply Chain View an invitation into the supply chain', async () => {
		expect((await share(['restricted.one@example.com'], 'customer')).status).toBe(201)
		const restricted = await linkTo('restricted.one@example.com')
		expect(restricted.url.pathname).toBe(`/guest/${so1002}/timeline`)
		expect(restricted.url.searchParams.get('type')).toBe('restricted')

		const res = await share(['scv.one@example.com', 'gary@globex.test'], 'supply_chain')
		expect(res.status).toBe(201)
		// Gary has an account (in globex): he cannot switch supply chains, so he gets the Restricted View link.
		expect(
			ShareResponse.parse(res.body).share.recipients.map((r) => [r.email, r.kind, r.view_type]),
		).toEqual([
			['scv.one@example.com', 'guest', 'supply_chain'],
			['gary@globex.test', 'guest', 'customer'],
		])
		const invited = await linkTo('scv.one@example.com')
		expect(invited.url.pathname).toBe('/invitations')
		expect(invited.text).toContain("You are invited to join Acme Devices's supply chain on Waymark")
		expect((await linkTo('gary@globex.test')).url.pathname).toBe(`/guest/${so1002}/timeline`)
	})

	it('shows the invitation to the web tier only, for its e-mail only', async () => {
		const { url } = await linkTo('scv.one@example.com')
		const token = url.searchParams.get('token')!
		const res = await show(token, 'SCV.one@example.com')
		expect(res.status).toBe(200)
		expect(InvitationResponse.parse(res.body).invitation).toMatchObject({
			email: 'scv.one@example.com',
			order_name: 'SO-1002',
			ship_set_id: so1002,
		})
		expect((await show(token, 'other@example.com')).body).toEqual({ error: INVITATION_INVALID })
		expect((await show(`${token.slice(0, -2)}xx`, 'scv.one@example.com')).status).toBe(404)
		expect((await show(token, 'scv.one@example.com', {} as typeof key)).status).toBe(401)
		// A Restricted View token is no invitation.
		const restricted = (await linkTo('restricted.one@example.com')).url.searchParams.get('token')!
		expect((await show(restricted, 'restricted.one@example.com')).status).toBe(404)
	})

	it('accepting creates the member (CORE.DEFAULT) with the chosen password, once', async () => {
		const { url } = await linkTo('scv.one@example.com')
		const link = { token: url.searchParams.get('token')!, email: 'scv.one@example.com' }
		const short = await accept({ ...link, given_name: 'Sam', password: 'short' })
		expect(short.status).toBe(400)
		expect(short.body).toMatchObject({
			issues: [{ path: 'password', message: 'Password must be at least 12 characters' }],
		})
		expect(await h.db.select().from(users).where(eq(users.email, 'scv.one@example.com'))).toEqual(
			[],
		)

		const res = await accept({
			...link,
			given_name: 'Sam',
			family_name: 'Vale',
			password: 'a long enough password',
		})
		expect(res.status).toBe(201)
		expect(AcceptInvitationResponse.parse(res.body).accepted).toEqual({
			email: 'scv.one@example.com',
			organization: 'acme',
			ship_set_id: so1002,
		})
		const [user] = await h.db.select().from(users).where(eq(users.email, 'scv.one@example.com'))
		expect(user).toMatchObject({ givenName: 'Sam', familyName: 'Vale' })
		expect(await verifyPassword('a long enough password', user!.passwordHash)).toBe(true)
		const [membership] = await h.db
			.select({ permissions: memberships.permissions, services: memberships.subscribedServices })
			.from(memberships)
			.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
			.where(and(eq(memberships.userId, user!.id), eq(organizations.slug, 'acme')))
		expect(membership).toEqual({ permissions: ['CORE.DEFAULT'], services: ['CORE'] })
		const [row] = await h.db
			.select()
			.from(shareRecipients)
			.where(eq(shareRecipients.email, 'scv.one@example.com'))
		expect(row!.userId).toBe(user!.id)

		// Once: the link is used up, as an invitation and as a guest link.
		expect(
			(await accept({ ...link, given_name: 'Sam', password: 'another long password' })).status,
		).toBe(404)
		expect(await findGuestGrant(h.db, GUEST_LINK_SECRET, { ...link, shipSetId: so1002 })).toBeNull()
		// The new member reads the order on the signed-in timeline.
		const token = await h.tokenFor('scv.one@example.com')
		expect(
			(await h.call(`/api/web/ship_sets/${so1002}/timeline`, { token, supplyChain: 'acme' }))
				.status,
		).toBe(200)
	})
})
