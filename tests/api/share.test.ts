import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, sql } from 'drizzle-orm'
import {
	GuestLinksResponse,
	MailingListsResponse,
	NotificationResponse,
	ShareResponse,
} from '../../server/sharing/share.contract'
import { OutboxResponse } from '../../server/mail/outbox.contract'
import {
	historicalLogs,
	notificationPreferences,
	outboxEmails,
	shareRecipients,
	shares,
} from '../../server/db/schema'
import { findGuestGrant, guestTokenHash } from '../../server/sharing/guest-tokens'
import { TimelineResponse } from '../../server/timeline/timeline.contract'
import { createHarness, GUEST_LINK_SECRET, PUBLIC_URL, type Harness } from './harness'

/** 002 §4 "Share flow", "Notifications"; §5; §7 (shares, generate_mailing_lists, notifications). */
let h: Harness
let olivia: string
let victor: string
let gary: string
let so1001: string
let so1002: string
let gx: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	victor = await h.tokenFor('victor@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	so1001 = await h.orderId('acme', 'SO-1001')
	so1002 = await h.orderId('acme', 'SO-1002')
	const [row] = await h.db
		.execute<{ id: string }>(
			sql`select s.id from ship_sets s join organizations o on o.id = s.organization_id where o.slug = 'globex' limit 1`,
		)
		.then((r) => r.rows)
	gx = row!.id
})
afterAll(async () => {
	await h?.close()
})

const lists = (id: string, emails: string, token = olivia, supplyChain = 'acme') =>
	h.call(
		`/api/web/ship_sets/${id}/shares/generate_mailing_lists?emails=${encodeURIComponent(emails)}`,
		{ token, supplyChain },
	)
const share = (id: string, body: unknown, token = olivia, supplyChain = 'acme') =>
	h.call(`/api/web/ship_sets/${id}/shares`, { method: 'POST', token, supplyChain, body })
const guestLinks = (id: string, token = olivia, supplyChain = 'acme') =>
	h.call(`/api/web/ship_sets/${id}/shares/guest_links`, { token, supplyChain })

async function counts() {
	const n = async (
		table: typeof shares | typeof shareRecipients | typeof outboxEmails | typeof historicalLogs,
	) => (await h.db.select({ n: count() }).from(table))[0]!.n
	return {
		shares: await n(shares),
		recipients: await n(shareRecipients),
		outbox: await n(outboxEmails),
		logs: await n(historicalLogs),
	}
}

/** The link in the newest outbox e-mail to an address. */
async function linkTo(email: string) {
	const rows = await h.db
		.select()
		.from(outboxEmails)
		.where(eq(outboxEmails.to, email))
		.orderBy(sql`created_at desc`)
	const match = rows[0]?.text.match(/https?:\/\/\S+/)
	return { row: rows[0], url: match ? new URL(match[0]) : null }
}

describe('GET /shares/generate_mailing_lists', () => {
	it('splits members of the supply chain from new outside addresses, in input order', async () => {
		const res = await lists(so1001, 'Nadia@acme.test, new.buyer@example.com,gary@globex.test')
		expect(res.status).toBe(200)
		expect(MailingListsResponse.parse(res.body)).toEqual({
			auth_list: ['nadia@acme.test'],
			// Gary is a member of another supply chain: for acme he is outside.
			not_auth_list: ['new.buyer@example.com', 'gary@globex.test'],
			subscribed_list: [],
		})
	})

	it('refuses an invalid address, an empty list, another tenant’s order and a guest-less caller', async () => {
		expect((await lists(so1001, 'nadia@acme.test, not-an-email')).body).toEqual({
			error: 'emails: not-an-email is not a valid e-mail address',
			issues: [{ path: 'emails', message: 'not-an-email is not a valid e-mail address' }],
		})
		expect((await lists(so1001, ' , ')).body).toEqual({
			error: 'emails: At least one e-mail is required',
			issues: [{ path: 'emails', message: 'At least one e-mail is required' }],
		})
		expect((await lists(gx, 'a@example.com')).status).toBe(404)
		expect((await lists(so1001, 'a@example.com', gary, 'acme')).status).toBe(403)
		expect(
			(
				await h.call(
					`/api/web/ship_sets/${so1001}/shares/generate_mailing_lists?emails=a@example.com`,
					{ supplyChain: 'acme' },
				)
			).status,
		).toBe(401)
	})
})

describe('POST /shares', () => {
	it('creates a guest link for a new address: a hash in the row, the token only in the outbox e-mail', async () => {
		const before = await counts()
		const res = await share(so1001, {
			share: {
				auth_list: ['victor@acme.test'],
				not_auth_list: ['Guest.One@Example.com'],
				subscribed_list: [],
				message: 'Please track this',
			},
		})
		expect(res.status).toBe(201)
		const body = ShareResponse.parse(res.body)
		expect(body.share.view_type).toBe('customer') // 002 §9 "Share default view: customer"
		expect(body.share.recipients.map((r) => [r.email, r.kind])).toEqual([
			['victor@acme.test', 'member'],
			['guest.one@example.com', 'guest'],
		])
		expect(await counts()).toEqual({
			shares: before.shares + 1,
			recipients: before.recipients + 2,
			outbox: before.outbox + 2,
			logs: before.logs + 1,
		})

		const { row, url } = await linkTo('guest.one@example.com')
		expect(row!.subject).toBe('Olivia shared order SO-1001 with you')
		expect(row!.text).toContain('Please track this')
		expect(url!.origin).toBe(PUBLIC_URL)
		expect(url!.pathname).toBe(`/guest/${so1001}/timeline`)
		expect(url!.hash).toBe('')
		expect(Object.fromEntries(url!.searchParams)).toMatchObject({
			type: 'restricted',
			email: 'guest.one@example.com',
			supply_chain: 'acme',
		})
		const token = url!.searchParams.get('token')!

		const [recipient] = await h.db
			.select()
			.from(shareRecipients)
			.where(eq(shareRecipients.email, 'guest.one@example.com'))
		expect(recipient!.tokenHash).toBe(guestTokenHash(token))
		expect(recipient!.tokenHash).not.toContain(token)
		expect(recipient!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
		const dump = JSON.stringify(await h.db.select().from(shareRecipients))
		expect(dump).not.toContain(token)

		const grant = await findGuestGrant(h.db, GUEST_LINK_SECRET, {
			token,
			shipSetId: so1001,
			email: 'guest.one@example.com',
		})
		expect(grant).toMatchObject({
			shipSetId: so1001,
			email: 'guest.one@example.com',
			viewType: 'customer',
		})

		// The member gets the timeline link, no token.
		const member = await linkTo('victor@acme.test')
		expect(member.url!.toString()).toBe(`${PUBLIC_URL}/timeline/${so1001}`)
		const [victorRow] = await h.db
			.select()
			.from(shareRecipients)
			.where(eq(shareRecipients.email, 'victor@acme.test'))
		expect(victorRow!.tokenHash).toBeNull()
		expect(victorRow!.userId).toBe(await h.userId('victor@acme.test'))

		const [log] = await h.db
			.select()
			.from(historicalLogs)
			.where(and(eq(historicalLogs.shipSetId, so1001), sql`message like 'Shared order%'`))
		expect(log!.message).toBe(
			'Shared order with victor@acme.test, guest.one@example.com (Restricted View)',
		)
	})

	it('classifies on the server: a member sent as not_auth gets no guest link; Supply Chain View is kept', async () => {
		const res = await share(so1002, {
			share: { not_auth_list: ['nadia@acme.test', 'scv@example.com'], view_type: 'supply_chain' },
		})
		expect(res.status).toBe(201)
		const { share: s } = ShareResponse.parse(res.body)
		expect(s.recipients.map((r) => [r.email, r.kind, r.view_type])).toEqual([
			['nadia@acme.test', 'member', 'supply_chain'],
			['scv@example.com', 'guest', 'supply_chain'],
		])
	})

	it('an address with an active link is subscribed; sharing again replaces its link', async () => {
		expect(
			MailingListsResponse.parse((await lists(so1001, 'guest.one@example.com')).body)
				.subscribed_list,
		).toEqual(['guest.one@example.com'])
		const old = (await linkTo('guest.one@example.com')).url!.searchParams.get('token')!
		expect(
			(await share(so1001, { share: { subscribed_list: ['guest.one@example.com'] } })).status,
		).toBe(201)
		const fresh = (await linkTo('guest.one@example.com')).url!.searchParams.get('token')!
		expect(fresh).not.toBe(old)
		const grant = (token: string) =>
			findGuestGrant(h.db, GUEST_LINK_SECRET, {
				token,
				shipSetId: so1001,
				email: 'guest.one@example.com',
			})
		expect(await grant(old)).toBeNull()
		expect(await grant(fresh)).not.toBeNull()
		const active = GuestLinksResponse.parse((await guestLinks(so1001)).body).guest_links
		expect(active.filter((l) => l.email === 'guest.one@example.com')).toHaveLength(1)
	})

	it('refuses invalid input, another tenant’s order and other callers, writing nothing', async () => {
		const before = await counts()
		const bad = [
			[{ share: { not_auth_list: ['nope'] } }, 'share.emails: nope is not a valid e-mail address'],
			[{ share: {} }, 'share.emails: At least one e-mail is required'],
			[
				{ share: { not_auth_list: ['a@example.com'], view_type: 'everyone' } },
				/^share\.view_type: /,
			],
			[
				{ share: { not_auth_list: ['a@example.com'], message: 'x'.repeat(1001) } },
				'share.message: Message must be at most 1000 characters',
			],
			[{}, /^share: /],
		] as const
		for (const [body, error] of bad) {
			const res = await share(so1001, body)
			expect(res.status).toBe(400)
			expect(String(res.body!.error)).toMatch(error)
		}
		const ok = { share: { not_auth_list: ['x@example.com'] } }
		expect((await share(gx, ok)).status).toBe(404)
		expect((await share(so1001, ok, gary, 'acme')).status).toBe(403)
		expect((await share(gx, ok, gary, 'globex')).status).toBe(201) // Gary's own order works…
		const afterGary = await counts()
		expect(afterGary.shares).toBe(before.shares + 1) // …and only that one was written
		expect(
			(
				await h.call(`/api/web/ship_sets/${so1001}/shares`, {
					method: 'POST',
					supplyChain: 'acme',
					body: ok,
				})
			).status,
		).toBe(401)
		// A guest token is not a bearer JWT: refused.
		const token = (await linkTo('guest.one@example.com')).url!.searchParams.get('token')!
		expect((await share(so1001, ok, token)).status).toBe(401)
		expect(await counts()).toEqual(afterGary)
	})
})

describe('guest links: list and revoke', () => {
	it('lists active links and revokes one: findGuestGrant refuses it afterwards', async () => {
		await share(so1001, { share: { not_auth_list: ['revoke.me@example.com'] } })
		const { url } = await linkTo('revoke.me@example.com')
		const token = url!.searchParams.get('token')!
		const link = GuestLinksResponse.parse((await guestLinks(so1001)).body).guest_links.find(
			(l) => l.email === 'revoke.me@example.com',
		)!
		expect(link).toMatchObject({ kind: 'guest', revoked_at: null })

		const path = `/api/web/ship_sets/${so1001}/shares/guest_links/${link.id}`
		expect(
			(
				await h.call(`/api/web/ship_sets/${so1002}/shares/guest_links/${link.id}`, {
					method: 'DELETE',
					token: olivia,
					supplyChain: 'acme',
				})
			).status,
		).toBe(404)
		expect(
			(await h.call(path, { method: 'DELETE', token: gary, supplyChain: 'globex' })).status,
		).toBe(404)
		expect(
			await findGuestGrant(h.db, GUEST_LINK_SECRET, {
				token,
				shipSetId: so1001,
				email: 'revoke.me@example.com',
			}),
		).not.toBeNull()

		const logsBefore = (await counts()).logs
		// Gary of globex: the order is unknown to him, exactly like an unknown order; nothing is revoked.
		const other = await h.call(path, { method: 'DELETE', token: gary, supplyChain: 'globex' })
		expect(other).toMatchObject({ status: 404, body: { error: 'Order not found' } })
		expect(
			await findGuestGrant(h.db, GUEST_LINK_SECRET, {
				token,
				shipSetId: so1001,
				email: 'revoke.me@example.com',
			}),
		).not.toBeNull()
		const res = await h.call(path, { method: 'DELETE', token: victor, supplyChain: 'acme' })
		expect(res.status).toBe(200)
		expect(res.body).toMatchObject({ guest_link: { email: 'revoke.me@example.com' } })
		expect(
			await findGuestGrant(h.db, GUEST_LINK_SECRET, {
				token,
				shipSetId: so1001,
				email: 'revoke.me@example.com',
			}),
		).toBeNull()
		expect(
			GuestLinksResponse.parse((await guestLinks(so1001)).body).guest_links.map((l) => l.email),
		).not.toContain('revoke.me@example.com')
		expect((await counts()).logs).toBe(logsBefore + 1)
		// Again: unchanged, no second log line.
		expect(
			(await h.call(path, { method: 'DELETE', token: victor, supplyChain: 'acme' })).status,
		).toBe(200)
		expect((await counts()).logs).toBe(logsBefore + 1)
		expect((await guestLinks(gx)).status).toBe(404)
		expect(
			(
				await h.call(`/api/web/ship_sets/${so1001}/shares/guest_links/not-a-uuid`, {
					method: 'DELETE',
					token: olivia,
					supplyChain: 'acme',
				})
			).status,
		).toBe(400)
	})
})

describe('notification settings', () => {
	const path = (id: string) => `/api/web/ship_sets/${id}/notifications`
	const save = (id: string, notification: unknown, token = olivia, supplyChain = 'acme') =>
		h.call(path(id), { method: 'POST', token, supplyChain, body: { notification } })

	it("come with the order's timeline, the caller's own: the same as GET …/notifications answers, before and after a save", async () => {
		const timelineOf = async (id: string, token: string) =>
			TimelineResponse.parse(
				(await h.call(`/api/web/ship_sets/${id}/timeline`, { token, supplyChain: 'acme' })).body,
			).ship_set.notification
		const alone = async (id: string, token: string) =>
			NotificationResponse.parse((await h.call(path(id), { token, supplyChain: 'acme' })).body)
				.notification
		const so1004 = await h.orderId('acme', 'SO-1004')
		expect(await timelineOf(so1004, victor)).toEqual({
			view_type: 'user',
			notif_type: 'all_status',
			nodes: [],
			comments: false,
			promise_date: false,
			saved: false,
		})
		expect(await timelineOf(so1004, victor)).toEqual(await alone(so1004, victor))
		expect(
			(
				await save(
					so1004,
					{
						notif_type: 'nodes',
						nodes: ['Customer', 'Transit'],
						comments: true,
						promise_date: false,
					},
					victor,
				)
			).status,
		).toBe(200)
		expect(await timelineOf(so1004, victor)).toEqual({
			view_type: 'user',
			notif_type: 'nodes',
			nodes: ['Customer', 'Transit'],
			comments: true,
			promise_date: false,
			saved: true,
		})
		expect(await timelineOf(so1004, victor)).toEqual(await alone(so1004, victor))
		// Another user's timeline of the same order shows theirs, not Victor's.
		expect(await timelineOf(so1004, olivia)).toEqual(await alone(so1004, olivia))
		expect((await timelineOf(so1004, olivia)).notif_type).not.toBe('nodes')
	})

	it('answers the defaults, then round-trips what was saved, per user and order', async () => {
		const initial = NotificationResponse.parse(
			(await h.call(path(so1002), { token: olivia, supplyChain: 'acme' })).body,
		)
		expect(initial.notification).toEqual({
			view_type: 'user',
			notif_type: 'all_status',
			nodes: [],
			comments: false,
			promise_date: false,
			saved: false,
		})
		// The demo data has Olivia's settings for SO-1001.
		const seeded = NotificationResponse.parse(
			(await h.call(path(so1001), { token: olivia, supplyChain: 'acme' })).body,
		)
		expect(seeded.notification).toMatchObject({
			notif_type: 'all_status',
			comments: true,
			promise_date: true,
			saved: true,
		})

		const res = await save(so1001, {
			view_type: 'user',
			notif_type: 'nodes',
			nodes: ['Factory', 'DC', 'DC'],
			comments: true,
			promise_date: true,
		})
		expect(res.status).toBe(200)
		const saved = {
			view_type: 'user',
			notif_type: 'nodes',
			nodes: ['Factory', 'DC'],
			comments: true,
			promise_date: true,
			saved: true,
		}
		expect(res.body).toEqual({ notification: saved })
		expect((await h.call(path(so1001), { token: olivia, supplyChain: 'acme' })).body).toEqual({
			notification: saved,
		})
		// Victor's and another order's stay default.
		expect(
			NotificationResponse.parse(
				(await h.call(path(so1001), { token: victor, supplyChain: 'acme' })).body,
			).notification.saved,
		).toBe(false)
		expect(
			NotificationResponse.parse(
				(await h.call(path(so1002), { token: olivia, supplyChain: 'acme' })).body,
			).notification.saved,
		).toBe(false)

		// Another type drops the nodes; one row per user and order.
		expect((await save(so1001, { notif_type: 'delivered', nodes: ['Factory'] })).body).toEqual({
			notification: {
				view_type: 'user',
				notif_type: 'delivered',
				nodes: [],
				comments: false,
				promise_date: false,
				saved: true,
			},
		})
		const rows = await h.db
			.select()
			.from(notificationPreferences)
			.where(eq(notificationPreferences.shipSetId, so1001))
		const oliviaId = await h.userId('olivia@acme.test')
		expect(rows.filter((r) => r.userId === oliviaId)).toHaveLength(1)
		const [log] = await h.db
			.select()
			.from(historicalLogs)
			.where(
				and(eq(historicalLogs.shipSetId, so1001), sql`message = 'Set notification: delivered'`),
			)
		expect(log).toBeTruthy()
	})

	it('refuses bad values, another tenant’s order and strangers, writing nothing', async () => {
		const before = await h.db.select().from(notificationPreferences)
		const logs = (await counts()).logs
		const bad = [
			[
				{ notif_type: 'sometimes' },
				'notification.notif_type: Choose one of the notification options',
			],
			[{ notif_type: 'nodes', nodes: [] }, 'notification.nodes: Select at least one node'],
			[{ notif_type: 'nodes', nodes: ['Warehouse'] }, /^notification\.nodes\.0: /],
			[{ notif_type: 'all_status', view_type: 'customer' }, /^notification\.view_type: /],
			[{ notif_type: 'all_status', comments: 'yes' }, /^notification\.comments: /],
		] as const
		for (const [body, error] of bad) {
			const res = await save(so1002, body)
			expect(res.status).toBe(400)
			expect(String(res.body!.error)).toMatch(error)
		}
		expect((await save(gx, { notif_type: 'delivered' })).status).toBe(404)
		expect((await save(so1002, { notif_type: 'delivered' }, gary, 'acme')).status).toBe(403)
		expect((await h.call(path(gx), { token: olivia, supplyChain: 'acme' })).status).toBe(404)
		expect(await h.db.select().from(notificationPreferences)).toEqual(before)
		expect((await counts()).logs).toBe(logs)
	})
})

describe('GET /outbox_emails', () => {
	it('lists the supply chain’s e-mails to its administrators only', async () => {
		const res = await h.call('/api/web/outbox_emails?limit=100', {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(res.status).toBe(200)
		const page = OutboxResponse.parse(res.body)
		expect(page.emails.map((e) => e.to)).toContain('guest.one@example.com')
		expect(page.emails.every((e) => e.sent_at === null)).toBe(true)
		expect(page.total_count).toBe(page.emails.length)
		// Gary's share to x@example.com belongs to globex, not to acme's outbox.
		expect(page.emails.map((e) => e.to)).not.toContain('x@example.com')
		const [gx] = await h.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'x@example.com'))
		expect(gx).toBeTruthy()
		// Neither Victor nor Gary administers a supply chain.
		expect(
			(await h.call('/api/web/outbox_emails', { token: victor, supplyChain: 'acme' })).status,
		).toBe(403)
		expect(
			(await h.call('/api/web/outbox_emails', { token: gary, supplyChain: 'globex' })).status,
		).toBe(403)
	})
})
