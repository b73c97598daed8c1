import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createApiKey } from '../../server/auth/machine-keys'
import {
	FollowingResponse,
	LiveFeedResponse,
	RecentlyViewedResponse,
} from '../../server/dashboard/dashboard.contract'
import { ProfileResponse } from '../../server/auth/profile.contract'
import { createHarness, type Harness } from './harness'

let h: Harness
let olivia: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
})
afterAll(async () => {
	await h?.close()
})

const orderId = (slug: string, name: string) => h.orderId(slug, name)

describe('profile', () => {
	it('answers the caller and its memberships without a supply chain header', async () => {
		const res = await h.call('/api/web/profile', { token: olivia })
		expect(res.status).toBe(200)
		const profile = ProfileResponse.parse(res.body)
		expect(profile.user).toMatchObject({ email: 'olivia@acme.test', given_name: 'Olivia' })
		expect(profile.memberships).toEqual([
			expect.objectContaining({
				account: 'acme',
				account_name: 'Acme Devices',
				permissions: expect.arrayContaining([
					'DASHBOARD.DEFAULT',
					'CORE.ANALYTICS',
					'TRACKER.DEFAULT',
				]),
				subscribed_services: ['CORE', 'DASHBOARD', 'TRACKER'],
			}),
		])
		const victor = ProfileResponse.parse(
			(await h.call('/api/web/profile', { token: await h.tokenFor('victor@acme.test') })).body,
		)
		expect(victor.user.given_name).toBeNull()
		expect(victor.memberships[0]?.permissions).toEqual(['CORE.DEFAULT'])
	})
	it('needs a token', async () => {
		expect((await h.call('/api/web/profile')).status).toBe(401)
	})
})

describe('tabbed dashboard lists', () => {
	it("lists Olivia's followed orders with their last status", async () => {
		const res = await h.call('/api/web/dashboard/following', { token: olivia, supplyChain: 'acme' })
		expect(res.status).toBe(200)
		const body = FollowingResponse.parse(res.body)
		expect(body.total_count).toBe(2)
		expect(body.following.map((f) => f.ship_set.name).sort()).toEqual(['SO-1001', 'SO-1003'])
		const so1001 = body.following.find((f) => f.ship_set.name === 'SO-1001')!.ship_set
		expect(so1001.reference_number).toBe('PO-7781')
		expect(so1001.last_status?.title).toBeTruthy()
	})

	it('lists recently viewed orders, most recent first, and pages by offset', async () => {
		const all = RecentlyViewedResponse.parse(
			(await h.call('/api/web/dashboard/recently_viewed', { token: olivia, supplyChain: 'acme' }))
				.body,
		)
		expect(all.total_count).toBe(3)
		expect(all.viewed.map((v) => v.ship_set.name).sort()).toEqual(['SO-1001', 'SO-1002', 'SO-1007'])
		const second = RecentlyViewedResponse.parse(
			(
				await h.call('/api/web/dashboard/recently_viewed?offset=1&limit=1', {
					token: olivia,
					supplyChain: 'acme',
				})
			).body,
		)
		expect(second.viewed).toHaveLength(1)
		expect(second.viewed[0]!.ship_set.name).toBe(all.viewed[1]!.ship_set.name)
	})

	it('pages the live feed by its latest event and never shows another tenant', async () => {
		const first = LiveFeedResponse.parse(
			(await h.call('/api/web/dashboard/live_feed', { token: olivia, supplyChain: 'acme' })).body,
		)
		expect(first.live_feed).toHaveLength(10)
		expect(first.total_count).toBeGreaterThan(10)
		const times = first.live_feed.map((r) => r.last_event_at!)
		expect(times).toEqual([...times].sort().reverse())
		const gary = LiveFeedResponse.parse(
			(
				await h.call('/api/web/dashboard/live_feed?limit=50', {
					token: await h.tokenFor('gary@globex.test'),
					supplyChain: 'globex',
				})
			).body,
		)
		const acmeNames = new Set(first.live_feed.map((r) => r.ship_set.id))
		expect(gary.live_feed.some((r) => acmeNames.has(r.ship_set.id))).toBe(false)
	})

	it("counts every order with an event in its total, and a write shows in the next read's total", async () => {
		const total = async () =>
			LiveFeedResponse.parse(
				(await h.call('/api/web/dashboard/live_feed', { token: olivia, supplyChain: 'acme' })).body,
			).total_count
		const counted = async () =>
			(
				await h.db.execute<{ n: number }>(
					sql`select count(*)::int as n from ship_sets s join organizations o on o.id = s.organization_id where o.slug = 'acme' and s.last_event_at is not null`,
				)
			).rows[0]!.n
		const before = await total()
		expect(before).toBe(await counted())
		const key = (await createApiKey(h.db, 'acme', 'feed-total', ['orders:write', 'events:write']))
			.key
		const post = async (body: unknown) =>
			expect(
				(
					await h.call('/api/ingest/1.0/batches', {
						method: 'POST',
						headers: { Authorization: `Bearer ${key}` },
						body,
					})
				).status,
			).toBe(200)
		// An order without an event is not in the feed; its first event puts it there, a second adds nothing.
		await post({ orders: [{ order_number: 'FEED-1', reference_number: 'FEED-1' }] })
		expect(await total()).toBe(before)
		const event = (n: number) => ({
			external_id: `FEED-1-EV${n}`,
			order_number: 'FEED-1',
			title: 'Made',
			type: 'info',
			event_at: `2026-11-0${n}T10:00:00Z`,
			timezone: 'UTC',
			node: { building_type: 'Factory' },
		})
		await post({ events: [event(1)] })
		expect(await total()).toBe(before + 1)
		await post({ events: [event(2)] })
		expect(await total()).toBe(before + 1)
		// Another writer (plain SQL) is counted too: its events gone, then the order itself.
		await h.db.execute(
			sql`update ship_sets set first_event_at = null, last_event_at = null where name = 'FEED-1'`,
		)
		expect(await total()).toBe(before)
		await h.db.execute(
			sql`update ship_sets set first_event_at = now(), last_event_at = now() where name = 'FEED-1'`,
		)
		expect(await total()).toBe(before + 1)
		await h.db.execute(sql`delete from ship_sets where name = 'FEED-1'`)
		expect(await total()).toBe(before)
		expect(await total()).toBe(await counted())
		// A bulk load's rebuild gives the same count.
		await h.db.execute(
			sql`select rebuild_dashboard_rollups(id) from organizations where slug = 'acme'`,
		)
		expect(await total()).toBe(before)
	})

	it('answers 400 naming the field for a bad offset or limit', async () => {
		const bad = await h.call('/api/web/dashboard/following?limit=500', {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(bad.status).toBe(400)
		expect(bad.body?.error).toMatch(/^limit: /)
		const neg = await h.call('/api/web/dashboard/following?offset=-1', {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(neg.body?.error).toMatch(/^offset: /)
	})
})

describe('unfollow', () => {
	it('stops following, and refuses another tenant’s order as unknown', async () => {
		const so1003 = await orderId('acme', 'SO-1003')
		const res = await h.call(`/api/web/ship_sets/${so1003}/follows`, {
			token: olivia,
			supplyChain: 'acme',
			method: 'DELETE',
		})
		expect(res.status).toBe(200)
		const after = FollowingResponse.parse(
			(await h.call('/api/web/dashboard/following', { token: olivia, supplyChain: 'acme' })).body,
		)
		expect(after.following.map((f) => f.ship_set.name)).toEqual(['SO-1001'])

		const gary = await h.tokenFor('gary@globex.test')
		const cross = await h.call(`/api/web/ship_sets/${await orderId('acme', 'SO-1001')}/follows`, {
			token: gary,
			supplyChain: 'globex',
			method: 'DELETE',
		})
		expect(cross.status).toBe(404)
		const still = FollowingResponse.parse(
			(await h.call('/api/web/dashboard/following', { token: olivia, supplyChain: 'acme' })).body,
		)
		expect(still.total_count).toBe(1)
	})
	it('answers 400 for a malformed id', async () => {
		const res = await h.call('/api/web/ship_sets/not-a-uuid/follows', {
			token: olivia,
			supplyChain: 'acme',
			method: 'DELETE',
		})
		expect(res.status).toBe(400)
		expect(res.body?.error).toMatch(/^id: /)
	})
})
