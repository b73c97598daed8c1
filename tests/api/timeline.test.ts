import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq, sql } from 'drizzle-orm'
import { ShipmentDetailsResponse, TimelineResponse } from '../../server/timeline/timeline.contract'
import { CommentsPage } from '../../server/comments/comments.contract'
import { organizations, recentlyViewed, relatedShipSets, shipSets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'

let h: Harness
let olivia: string
let gary: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	gary = await h.tokenFor('gary@globex.test')
})
afterAll(async () => {
	await h?.close()
})

const orderId = (slug: string, name: string) => h.orderId(slug, name)

const timeline = (id: string, token = olivia, supplyChain = 'acme') =>
	h.call(`/api/web/ship_sets/${id}/timeline`, { token, supplyChain })

describe('GET /api/web/ship_sets/{id}/timeline', () => {
	it("answers SO-1001's header, nodes in order, the grouped Transit nodes and both tracking numbers", async () => {
		const res = await timeline(await orderId('acme', 'SO-1001'))
		expect(res.status).toBe(200)
		const { ship_set: s } = TimelineResponse.parse(res.body)
		expect(s).toMatchObject({
			name: 'SO-1001',
			reference_number: 'PO-7781',
			status: 'in_transit',
			following: true,
		})
		expect(s.location?.name).toBeTruthy()
		expect(s.promise_date).toBeTruthy()
		expect(s.nodes.map((n) => n.building_type)).toEqual([
			'Factory',
			'Transit',
			'Transit',
			'DC',
			'Customer',
		])
		const transit = s.nodes.filter((n) => n.building_type === 'Transit')
		expect(transit.map((n) => [n.position, n.position_in_group])).toEqual([
			[1, 0],
			[1, 1],
		])
		expect(transit.filter((n) => n.final_mile)).toHaveLength(1)
		const tracking = s.shipments.map((x) => x.tracking_number).sort()
		expect(tracking).toEqual(['1Z999AA10123456784', '9400111899223197428490'])
		expect(s.shipments.some((x) => x.shipper && x.consignee)).toBe(true)
		for (const node of transit) expect(s.shipments.map((x) => x.id)).toContain(node.connectable_id)
		expect(s.events.length).toBeGreaterThan(0)
		expect(s.events.some((e) => e.stale_at)).toBe(true)
		expect(s.events.some((e) => e.event_type === 'exception')).toBe(true)
		expect(s.events.some((e) => e.blockchain_verified)).toBe(true)
		expect(s.tags.length).toBeGreaterThan(0)
		expect(s.custom_attributes.length).toBeGreaterThan(0)
		expect(s.documents.total_count).toBe(2)
		expect(s.photos.total_count).toBe(2)
		expect(s.documents.files).toHaveLength(2)
		expect(s.photos.files).toHaveLength(2)
		expect(s.comments.total_count).toBeGreaterThan(0)
		expect(s.related_ship_sets.total_count).toBeGreaterThanOrEqual(1)
		expect(s.related_ship_sets.items.map((r) => r.ship_set_name)).toContain('SO-1002')
		const { ship_set: so1002 } = TimelineResponse.parse(
			(await timeline(await orderId('acme', 'SO-1002'))).body,
		)
		expect(so1002.related_ship_sets.items.map((r) => r.ship_set_name)).toContain('SO-1001')
	})

	it('answers SO-1004 with no events', async () => {
		const { ship_set: s } = TimelineResponse.parse(
			(await timeline(await orderId('acme', 'SO-1004'))).body,
		)
		expect(s.name).toBe('SO-1004')
		expect(s.events).toEqual([])
	})

	it('answers 404 to Gary of globex for every acme order, exactly like an unknown id', async () => {
		const rows = await h.db
			.select({ id: shipSets.id })
			.from(shipSets)
			.innerJoin(organizations, eq(organizations.id, shipSets.organizationId))
			.where(eq(organizations.slug, 'acme'))
			.limit(25)
		const unknown = await timeline('00000000-0000-4000-8000-000000000000', gary, 'globex')
		expect(unknown.status).toBe(404)
		for (const { id } of [{ id: await orderId('acme', 'SO-1001') }, ...rows]) {
			const res = await timeline(id, gary, 'globex')
			expect(res.status).toBe(404)
			expect(res.body).toEqual(unknown.body)
		}
	})

	it('answers the newest comments beside the order when asked, as the first page of GET …/comments with that limit', async () => {
		const id = await orderId('acme', 'SO-1001')
		// Not asked: no comments, only their count in the order.
		const plain = TimelineResponse.parse((await timeline(id)).body)
		expect(plain.comments).toBeUndefined()
		for (const limit of [1, 3, 20]) {
			const res = await h.call(`/api/web/ship_sets/${id}/timeline?comments=${limit}`, {
				token: olivia,
				supplyChain: 'acme',
			})
			expect(res.status).toBe(200)
			const { ship_set, comments } = TimelineResponse.parse(res.body)
			const page = CommentsPage.parse(
				(
					await h.call(`/api/web/ship_sets/${id}/comments?offset=0&limit=${limit}`, {
						token: olivia,
						supplyChain: 'acme',
					})
				).body,
			)
			expect(comments).toEqual(page)
			expect(comments!.comments.length).toBe(Math.min(limit, ship_set.comments.total_count))
			expect(comments!.total_count).toBe(ship_set.comments.total_count)
		}
		// SO-1001 has a comment that mentions a member: the page names them, as the list does.
		const twenty = TimelineResponse.parse(
			(
				await h.call(`/api/web/ship_sets/${id}/timeline?comments=20`, {
					token: olivia,
					supplyChain: 'acme',
				})
			).body,
		)
		expect(twenty.comments!.comments.some((c) => c.mentioned_users.length > 0)).toBe(true)
		// Bounded like the list's page (002 §9 page size 20); another tenant's order is a 404 as without it.
		for (const bad of ['21', '-1', 'x']) {
			const res = await h.call(`/api/web/ship_sets/${id}/timeline?comments=${bad}`, {
				token: olivia,
				supplyChain: 'acme',
			})
			expect(res.status, bad).toBe(400)
			expect(JSON.stringify(res.body)).toContain('comments')
		}
		expect(
			(
				await h.call(`/api/web/ship_sets/${id}/timeline?comments=3`, {
					token: gary,
					supplyChain: 'globex',
				})
			).status,
		).toBe(404)
	})

	it('answers 400 naming id for a malformed id, and 401 without a token', async () => {
		const res = await timeline('not-a-uuid')
		expect(res.status).toBe(400)
		expect(JSON.stringify(res.body)).toContain('id')
		expect(
			(await h.call(`/api/web/ship_sets/${await orderId('acme', 'SO-1001')}/timeline`)).status,
		).toBe(401)
	})

	it('only reads: opening the timeline records no visit', async () => {
		const id = await orderId('acme', 'SO-1005')
		const userId = await h.userId('olivia@acme.test')
		expect((await timeline(id)).status).toBe(200)
		const rows = await h.db
			.select({ at: recentlyViewed.viewedAt })
			.from(recentlyViewed)
			.where(and(eq(recentlyViewed.userId, userId), eq(recentlyViewed.shipSetId, id)))
		expect(rows).toHaveLength(0)
	})
})

describe("an order's related orders in its timeline (002 §4)", () => {
	it('counts its relations in both directions and lists the first five by name, each naming the other order', async () => {
		const [acme] = await h.db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, 'acme'))
		// Eight acme orders with no relation yet: the first relates to three of them, four relate to it.
		const free = await h.db
			.select({ id: shipSets.id, name: shipSets.name })
			.from(shipSets)
			.where(
				and(
					eq(shipSets.organizationId, acme!.id),
					sql`not exists (select 1 from ${relatedShipSets} r where ${shipSets.id} in (r.ship_set_id, r.related_ship_set_id))`,
				),
			)
			.orderBy(desc(shipSets.name))
			.limit(8)
		const [order, ...others] = free
		expect(others).toHaveLength(7)
		await h.db
			.insert(relatedShipSets)
			.values([
				...others
					.slice(0, 3)
					.map((o) => ({ organizationId: acme!.id, shipSetId: order!.id, relatedShipSetId: o.id })),
				...others
					.slice(3)
					.map((o) => ({ organizationId: acme!.id, shipSetId: o.id, relatedShipSetId: order!.id })),
			])
		const { ship_set: s } = TimelineResponse.parse((await timeline(order!.id)).body)
		expect(s.related_ship_sets.total_count).toBe(7)
		const firstFive = others
			.map((o) => ({ ship_set_id: o.id, ship_set_name: o.name }))
			.sort((a, b) => (a.ship_set_name < b.ship_set_name ? -1 : 1))
			.slice(0, 5)
		expect(
			s.related_ship_sets.items.map(({ ship_set_id, ship_set_name }) => ({
				ship_set_id,
				ship_set_name,
			})),
		).toEqual(firstFive)
		// Each item is the relation itself, whichever side the order is on.
		const rows = await h.db
			.select({ id: relatedShipSets.id })
			.from(relatedShipSets)
			.where(
				sql`${order!.id} in (${relatedShipSets.shipSetId}, ${relatedShipSets.relatedShipSetId})`,
			)
		for (const item of s.related_ship_sets.items) expect(rows.map((r) => r.id)).toContain(item.id)
		// From each side of one relation of either kind: the order it relates to.
		for (const other of [others[0]!, others[6]!]) {
			const { ship_set: o } = TimelineResponse.parse((await timeline(other.id)).body)
			expect(o.related_ship_sets.total_count).toBe(1)
			expect(o.related_ship_sets.items).toMatchObject([
				{ ship_set_id: order!.id, ship_set_name: order!.name },
			])
		}
	})
})

describe('POST /api/web/ship_sets/{id}/views', () => {
	const view = async (id: string) =>
		h.call(`/api/web/ship_sets/${id}/views`, { method: 'POST', token: olivia, supplyChain: 'acme' })

	it('records the order as recently viewed by the caller', async () => {
		const id = await orderId('acme', 'SO-1004')
		const userId = await h.userId('olivia@acme.test')
		const before = Date.now()
		expect((await view(id)).status).toBe(200)
		const [row] = await h.db
			.select({ at: recentlyViewed.viewedAt })
			.from(recentlyViewed)
			.where(and(eq(recentlyViewed.userId, userId), eq(recentlyViewed.shipSetId, id)))
		expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 1000)
		const again = await h.call('/api/web/dashboard/recently_viewed?limit=1', {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(
			(again.body as { viewed: { ship_set: { name: string } }[] }).viewed[0]!.ship_set.name,
		).toBe('SO-1004')
	})

	it('answers 404 to Gary of globex for an acme order, like an unknown id, and writes nothing', async () => {
		const acme = await orderId('acme', 'SO-1001')
		const garyId = await h.userId('gary@globex.test')
		const post = (id: string) =>
			h.call(`/api/web/ship_sets/${id}/views`, {
				method: 'POST',
				token: gary,
				supplyChain: 'globex',
			})
		const unknown = await post('00000000-0000-4000-8000-000000000000')
		const res = await post(acme)
		expect(res.status).toBe(404)
		expect(res.body).toEqual(unknown.body)
		const rows = await h.db
			.select({ id: recentlyViewed.id })
			.from(recentlyViewed)
			.where(and(eq(recentlyViewed.userId, garyId), eq(recentlyViewed.shipSetId, acme)))
		expect(rows).toHaveLength(0)
	})

	it('writes every view it is sent, each moving the order to the top of Recently Viewed (the web app decides what a visit is)', async () => {
		const [a, b] = [await orderId('acme', 'SO-1005'), await orderId('acme', 'SO-1006')]
		const userId = await h.userId('olivia@acme.test')
		const viewedAt = async (id: string) =>
			(
				await h.db
					.select({ at: recentlyViewed.viewedAt })
					.from(recentlyViewed)
					.where(and(eq(recentlyViewed.userId, userId), eq(recentlyViewed.shipSetId, id)))
			)[0]!.at.getTime()
		expect((await view(a)).status).toBe(200)
		const first = await viewedAt(a)
		await new Promise((r) => setTimeout(r, 20))
		// The same order again: written again (a reload's skipping is the web app's: recent-views.server.ts).
		expect((await view(a)).status).toBe(200)
		const second = await viewedAt(a)
		expect(second).toBeGreaterThan(first)
		// Another order, then the first again: both written, the first on top.
		expect((await view(b)).status).toBe(200)
		await new Promise((r) => setTimeout(r, 20))
		expect((await view(a)).status).toBe(200)
		expect(await viewedAt(a)).toBeGreaterThan(second)
		const top = await h.call('/api/web/dashboard/recently_viewed?limit=2', {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(
			(top.body as { viewed: { ship_set: { name: string } }[] }).viewed.map((v) => v.ship_set.name),
		).toEqual(['SO-1005', 'SO-1006'])
	})
})

describe('GET /api/web/ship_sets/{id}/shipments/{shipmentId}', () => {
	it("answers a shipment's details, and 404 to another tenant or another order", async () => {
		const id = await orderId('acme', 'SO-1001')
		const { ship_set: s } = TimelineResponse.parse((await timeline(id)).body)
		const ups = s.shipments.find((x) => x.tracking_number === '1Z999AA10123456784')!
		const res = await h.call(`/api/web/ship_sets/${id}/shipments/${ups.id}`, {
			token: olivia,
			supplyChain: 'acme',
		})
		expect(res.status).toBe(200)
		const { shipment } = ShipmentDetailsResponse.parse(res.body)
		expect(shipment).toMatchObject({
			tracking_number: '1Z999AA10123456784',
			carrier: { name: expect.any(String) },
		})
		expect(shipment.shipper?.name).toBeTruthy()
		expect(
			(
				await h.call(`/api/web/ship_sets/${id}/shipments/${ups.id}`, {
					token: gary,
					supplyChain: 'globex',
				})
			).status,
		).toBe(404)
		const other = await orderId('acme', 'SO-1002')
		expect(
			(
				await h.call(`/api/web/ship_sets/${other}/shipments/${ups.id}`, {
					token: olivia,
					supplyChain: 'acme',
				})
			).status,
		).toBe(404)
	})
})

describe('has_sensor_data (002 §4: the Tracker tab is "hidden when no tracking group is selected or no data exists")', () => {
	it('is true on a node whose tracking group has readings, false on one whose group has none, and without a group', async () => {
		const so1001 = TimelineResponse.parse(
			(await timeline(await orderId('acme', 'SO-1001'))).body,
		).ship_set
		const tracked = so1001.nodes.filter((n) => n.tracking_group_id)
		expect(tracked.length).toBeGreaterThan(0)
		expect(tracked.every((n) => n.has_sensor_data)).toBe(true)
		expect(so1001.nodes.filter((n) => !n.tracking_group_id).every((n) => !n.has_sensor_data)).toBe(
			true,
		)
		// A tracking group without a single reading on SO-1007's first node.
		const id = await orderId('acme', 'SO-1007')
		await h.db.execute(sql`
			with g as (
				insert into tracking_groups (organization_id, name) select organization_id, 'TG-EMPTY' from ship_sets where id = ${id} returning id
			)
			update nodes set tracking_group_id = (select id from g) where id = (select id from nodes where ship_set_id = ${id} order by position limit 1)`)
		const so1007 = TimelineResponse.parse((await timeline(id)).body).ship_set
		const empty = so1007.nodes.find((n) => n.tracking_group_id)!
		expect(empty.has_sensor_data).toBe(false)
	})
})

describe('002 §2 "The stream view has filters for event, measurement type and tracking group": the nodes say what they measure', () => {
	it("SO-1001's tracked UPS node lists its tracking group's measurement types (temperature, humidity), by name; untracked nodes none", async () => {
		const { ship_set: s } = TimelineResponse.parse(
			(await timeline(await orderId('acme', 'SO-1001'))).body,
		)
		const tracked = s.nodes.filter((n) => n.tracking_group_id)
		expect(tracked).toHaveLength(1)
		expect(tracked[0]!.measurement_types.map((t) => t.code).sort()).toEqual([
			'humidity',
			'temperature',
		])
		expect(tracked[0]!.measurement_types.map((t) => t.name)).toEqual(
			[...tracked[0]!.measurement_types.map((t) => t.name)].sort(),
		)
		for (const n of s.nodes.filter((x) => !x.tracking_group_id))
			expect(n.measurement_types).toEqual([])
	})
})
