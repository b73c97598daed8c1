import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import {
	CarriersResponse,
	RelatedShipSetsResponse,
	ShipmentsResponse,
} from '../../server/shipments/shipments.contract'
import {
	CustomAttributesResponse,
	NodeResponse,
	NodesResponse,
	ShipSetTagsResponse,
} from '../../server/timeline/details.contract'
import {
	historicalLogs,
	organizations,
	relatedShipSets,
	shipmentReferences,
	shipSets,
	shipments,
} from '../../server/db/schema'
import { issueGuestToken } from '../../server/sharing/guest-tokens'
import { createHarness, GUEST_LINK_SECRET, type Harness } from './harness'

/**
 * Shipments, related orders and order details (002 §4 "Shipment statuses and actions", §5, §7, §9):
 * tenant walls, the field messages, the action rules, and nothing half-written after a refusal.
 */

let h: Harness
let olivia: string
let gary: string
let so1001: string
let so1007: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	so1001 = await h.orderId('acme', 'SO-1001')
	so1007 = await h.orderId('acme', 'SO-1007')
})
afterAll(async () => {
	await h?.close()
})

const asOlivia = (path: string, init: { method?: string; body?: unknown } = {}) =>
	h.call(path, { token: olivia, supplyChain: 'acme', ...init })
const asGary = (path: string, init: { method?: string; body?: unknown } = {}) =>
	h.call(path, { token: gary, supplyChain: 'globex', ...init })

/** What a refused request must leave untouched. */
async function snapshot() {
	const [[s], [r], [rel], [logs]] = await Promise.all([
		h.db.select({ n: count() }).from(shipments),
		h.db.select({ n: count() }).from(shipmentReferences),
		h.db.select({ n: count() }).from(relatedShipSets),
		h.db.select({ n: count() }).from(historicalLogs),
	])
	const statuses = await h.db
		.select({ id: shipments.id, status: shipments.status })
		.from(shipments)
		.orderBy(shipments.id)
	return { shipments: s!.n, references: r!.n, related: rel!.n, logs: logs!.n, statuses }
}

async function list(id: string, query = '') {
	const res = await asOlivia(`/api/web/ship_sets/${id}/shipments${query}`)
	expect(res.status).toBe(200)
	return ShipmentsResponse.parse(res.body)
}

async function carrierId(name: string) {
	const res = await asOlivia('/api/web/carriers')
	const { carriers } = CarriersResponse.parse(res.body)
	const found = [...carriers.air, ...carriers.ground, ...carriers.ocean].find(
		(c) => c.name === name,
	)
	if (!found) throw new Error(`no carrier ${name}`)
	return found.id
}

async function logLines(shipSetId: string) {
	const rows = await h.db
		.select({ message: historicalLogs.message })
		.from(historicalLogs)
		.where(eq(historicalLogs.shipSetId, shipSetId))
	return rows.map((r) => r.message)
}

describe('GET shipments, carriers, nodes, custom attributes, tags', () => {
	it("pages SO-1001's shipments (limit 5 by default) and answers 404 to another tenant", async () => {
		const page = await list(so1001)
		expect(page.total_count).toBe(2)
		expect(page.shipments.map((s) => s.tracking_number).sort()).toEqual([
			'1Z999AA10123456784',
			'9400111899223197428490',
		])
		expect((await list(so1001, '?offset=1&limit=1')).shipments).toHaveLength(1)
		expect((await asGary(`/api/web/ship_sets/${so1001}/shipments`)).status).toBe(404)
		expect((await asOlivia(`/api/web/ship_sets/${so1001}/shipments?limit=0`)).status).toBe(400)
	})

	it('groups carriers into air, ground and ocean, each sorted by name, per tenant', async () => {
		const { carriers } = CarriersResponse.parse((await asOlivia('/api/web/carriers')).body)
		for (const group of [carriers.air, carriers.ground, carriers.ocean]) {
			const names = group.map((c) => c.name.toLowerCase())
			expect(names).toEqual([...names].sort())
		}
		expect(carriers.ocean.map((c) => c.name)).toContain('Maersk')
		const filtered = CarriersResponse.parse(
			(await asOlivia('/api/web/carriers?filter=maer')).body,
		).carriers
		expect([...filtered.air, ...filtered.ground, ...filtered.ocean].map((c) => c.name)).toEqual([
			'Maersk',
		])
		const globex = CarriersResponse.parse((await asGary('/api/web/carriers')).body).carriers
		const acmeIds = new Set(
			[...carriers.air, ...carriers.ground, ...carriers.ocean].map((c) => c.id),
		)
		expect([...globex.air, ...globex.ground, ...globex.ocean].some((c) => acmeIds.has(c.id))).toBe(
			false,
		)
	})

	it('answers nodes with their events, custom attributes and tags, and 404 to another tenant', async () => {
		const all = NodesResponse.parse(
			(await asOlivia(`/api/web/ship_sets/${so1001}/nodes`)).body,
		).nodes
		expect(all.map((n) => n.building_type)).toEqual([
			'Factory',
			'Transit',
			'Transit',
			'DC',
			'Customer',
		])
		const some = NodesResponse.parse(
			(await asOlivia(`/api/web/ship_sets/${so1001}/nodes?node_ids=${all[1]!.id},${all[3]!.id}`))
				.body,
		).nodes
		expect(some.map((n) => n.id)).toEqual([all[1]!.id, all[3]!.id])
		const one = NodeResponse.parse(
			(await asOlivia(`/api/web/ship_sets/${so1001}/nodes/${all[1]!.id}`)).body,
		).node
		expect(one.events.length).toBeGreaterThan(0)
		expect(one.events.every((e) => e.node_id === one.id)).toBe(true)
		expect((await asOlivia(`/api/web/ship_sets/${so1007}/nodes/${all[1]!.id}`)).status).toBe(404)
		expect((await asOlivia(`/api/web/ship_sets/${so1001}/nodes?node_ids=nope`)).status).toBe(400)
		const attrs = CustomAttributesResponse.parse(
			(await asOlivia(`/api/web/ship_sets/${so1001}/custom_attributes`)).body,
		)
		expect(attrs.custom_attributes.length).toBeGreaterThan(0)
		const tags = ShipSetTagsResponse.parse(
			(await asOlivia(`/api/web/ship_sets/${so1001}/tags`)).body,
		)
		expect(tags.tags.length).toBeGreaterThan(0)
		for (const path of ['nodes', `nodes/${all[0]!.id}`, 'custom_attributes', 'tags']) {
			expect((await asGary(`/api/web/ship_sets/${so1001}/${path}`)).status).toBe(404)
		}
	})
})

describe('POST /api/web/ship_sets/{id}/shipments', () => {
	it('adds a manually created Pending shipment with its references and a log line', async () => {
		const ups = await carrierId('UPS')
		const res = await asOlivia(`/api/web/ship_sets/${so1001}/shipments`, {
			method: 'POST',
			body: {
				shipment: {
					carrier_id: ups,
					tracking_number: ' 1ZAPITEST0001 ',
					final_mile: true,
					references: [
						{ reference_type: 'DeliveryID', value: 'DLV-1' },
						{ reference_type: 'DeliveryID', value: '' },
					],
				},
			},
		})
		expect(res.status).toBe(201)
		const added = (res.body as { shipment: { id: string } }).shipment
		expect(res.body).toMatchObject({
			shipment: {
				tracking_number: '1ZAPITEST0001',
				status: 'pending',
				manually_created: true,
				final_mile: true,
			},
		})
		const refs = await h.db
			.select()
			.from(shipmentReferences)
			.where(eq(shipmentReferences.shipmentId, added.id))
		expect(refs.map((r) => [r.referenceType, r.value])).toEqual([['DeliveryID', 'DLV-1']])
		expect(await logLines(so1001)).toContain('Added shipment 1ZAPITEST0001')
		expect((await list(so1001)).total_count).toBe(3)

		// …and it can be removed again (manual, Pending, no events).
		const del = await asOlivia(`/api/web/ship_sets/${so1001}/shipments/${added.id}`, {
			method: 'DELETE',
		})
		expect(del.status).toBe(200)
		expect(del.body).toEqual({ success: true, tracking_number: '1ZAPITEST0001' })
		expect(await logLines(so1001)).toContain('Removed shipment 1ZAPITEST0001')
		expect((await list(so1001)).total_count).toBe(2)
	})

	it("refuses missing fields with the spec's messages, other tenants' carriers and orders, guest tokens; writes nothing", async () => {
		const ups = await carrierId('UPS')
		const before = await snapshot()
		const post = (body: unknown, id = so1001, call = asOlivia) =>
			call(`/api/web/ship_sets/${id}/shipments`, { method: 'POST', body })
		const noTracking = await post({ shipment: { carrier_id: ups, tracking_number: '   ' } })
		expect(noTracking.status).toBe(400)
		expect(noTracking.body!.error).toContain('Tracking number is required')
		const noCarrier = await post({ shipment: { tracking_number: 'X1' } })
		expect(noCarrier.status).toBe(400)
		expect(noCarrier.body!.error).toContain('Carrier is required')
		const { carriers: theirs } = CarriersResponse.parse((await asGary('/api/web/carriers')).body)
		const foreignCarrier = await post({
			shipment: { carrier_id: theirs.ground[0]!.id, tracking_number: 'X1' },
		})
		expect(foreignCarrier.status).toBe(400)
		expect(foreignCarrier.body!.error).toContain('Carrier is required')
		expect(
			(await post({ shipment: { carrier_id: ups, tracking_number: 'X1' } }, so1001, asGary)).status,
		).toBe(404)
		expect(
			(await post({ shipment: { carrier_id: ups, tracking_number: 'x'.repeat(101) } })).status,
		).toBe(400)
		// A tracking number the order already has (SO-1001's USPS parcel), in any case, is refused.
		const again = await post({
			shipment: { carrier_id: ups, tracking_number: ' 9400111899223197428490 ' },
		})
		expect(again.status).toBe(400)
		expect(again.body).toMatchObject({
			issues: [
				{
					path: 'shipment.tracking_number',
					message: 'This order already has a shipment with this tracking number',
				},
			],
		})
		const guestJwt = await h.tokenFor('olivia@acme.test', { claims: { typ: 'guest' } })
		for (const token of [guestJwt, issueGuestToken(GUEST_LINK_SECRET).token]) {
			const res = await h.call(`/api/web/ship_sets/${so1001}/shipments`, {
				token,
				supplyChain: 'acme',
				method: 'POST',
				body: { shipment: { carrier_id: ups, tracking_number: 'G1' } },
			})
			expect(res.status).toBe(401)
		}
		expect(await snapshot()).toEqual(before)
	})
})

describe('one tracking number per order', () => {
	it('the database holds one manually created shipment per tracking number (any case) on an order; the feed is not held to it', async () => {
		const [order] = await h.db
			.select({ organizationId: shipSets.organizationId })
			.from(shipSets)
			.where(eq(shipSets.id, so1007))
		const row = (trackingNumber: string, manuallyCreated: boolean) => ({
			organizationId: order!.organizationId,
			shipSetId: so1007,
			trackingNumber,
			manuallyCreated,
		})
		const [first] = await h.db
			.insert(shipments)
			.values(row('DB-UNIQUE-1', true))
			.returning({ id: shipments.id })
		const second = await h.db
			.insert(shipments)
			.values(row('db-unique-1', true))
			.catch((e: unknown) => e)
		expect(uniqueViolation(second)).toBe('shipments_org_order_manual_tracking_unique')
		// What the carriers' feed sends is stored as sent (the ingestion API is the system of record).
		const fed = await h.db
			.insert(shipments)
			.values([row('DB-UNIQUE-1', false), row('DB-UNIQUE-1', false)])
			.returning({ id: shipments.id })
		await h.db.delete(shipments).where(inArray(shipments.id, [first!.id, ...fed.map((f) => f.id)]))
	})

	it("a concurrent Add Shipment that stored the number first: the unique violation answers the check's message, nothing written", async () => {
		const ups = await carrierId('UPS')
		const before = await snapshot()
		// The other request's row, committed between this request's check and its insert: a trigger
		// stores it just before this request's row, as PostgreSQL would see it once the other commits.
		await h.db.execute(sql`
			create function test_concurrent_shipment() returns trigger language plpgsql as $$
			begin
				if new.tracking_number = 'RACE-1' then
					insert into shipments (organization_id, ship_set_id, carrier_id, tracking_number, manually_created)
					values (new.organization_id, new.ship_set_id, new.carrier_id, 'race-1', true);
				end if;
				return new;
			end $$`)
		await h.db.execute(
			sql`create trigger test_concurrent_shipment before insert on shipments for each row execute function test_concurrent_shipment()`,
		)
		try {
			const res = await asOlivia(`/api/web/ship_sets/${so1007}/shipments`, {
				method: 'POST',
				body: { shipment: { carrier_id: ups, tracking_number: 'RACE-1' } },
			})
			expect(res.status).toBe(400)
			expect(res.body).toMatchObject({
				issues: [
					{
						path: 'shipment.tracking_number',
						message: 'This order already has a shipment with this tracking number',
					},
				],
			})
		} finally {
			await h.db.execute(sql`drop trigger test_concurrent_shipment on shipments`)
			await h.db.execute(sql`drop function test_concurrent_shipment()`)
		}
		expect(await snapshot()).toEqual(before)
	})
})

/** The constraint of PostgreSQL's unique violation that `error` is or wraps (Drizzle's query error keeps it as its cause). */
function uniqueViolation(error: unknown): string | null {
	for (
		let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
		e;
		e = e.cause as typeof e
	)
		if (e.code === '23505') return e.constraint ?? null
	return null
}

describe('PUT …/shipments/{id}/{close|cancel} and DELETE …/shipments/{id}', () => {
	it("refuses another tenant's order, a shipment of another order, and a bad action; writes nothing", async () => {
		const [ship] = (await list(so1001)).shipments
		const before = await snapshot()
		expect(
			(await asGary(`/api/web/ship_sets/${so1001}/shipments/${ship!.id}/close`, { method: 'PUT' }))
				.status,
		).toBe(404)
		expect(
			(await asGary(`/api/web/ship_sets/${so1001}/shipments/${ship!.id}`, { method: 'DELETE' }))
				.status,
		).toBe(404)
		expect(
			(
				await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${ship!.id}/close`, {
					method: 'PUT',
				})
			).status,
		).toBe(404)
		expect(
			(
				await asOlivia(`/api/web/ship_sets/${so1001}/shipments/${ship!.id}/archive`, {
					method: 'PUT',
				})
			).status,
		).toBe(400)
		expect(await snapshot()).toEqual(before)
	})

	it("refuses to remove SO-1001's tracked shipments, and removes SO-1007's manual Pending one", async () => {
		const before = await snapshot()
		for (const s of (await list(so1001)).shipments) {
			const res = await asOlivia(`/api/web/ship_sets/${so1001}/shipments/${s.id}`, {
				method: 'DELETE',
			})
			expect(res.status).toBe(409)
			expect(res.body!.error).toBe('Only manually created Pending shipments can be removed.')
		}
		expect(await snapshot()).toEqual(before)
		const manual = (await list(so1007)).shipments.find(
			(s) => s.manually_created && s.status === 'pending',
		)!
		expect(manual.tracking_number).toBe('612999107001')
		expect(
			(await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${manual.id}`, { method: 'DELETE' }))
				.status,
		).toBe(200)
		expect((await list(so1007)).shipments.map((s) => s.id)).not.toContain(manual.id)
		expect(await logLines(so1007)).toContain('Removed shipment 612999107001')
	})

	it('closes and cancels, then refuses both for Closed, Cancelled and Delivered shipments', async () => {
		const ups = await carrierId('UPS')
		const ids: string[] = []
		for (const n of [1, 2]) {
			const res = await asOlivia(`/api/web/ship_sets/${so1007}/shipments`, {
				method: 'POST',
				body: { shipment: { carrier_id: ups, tracking_number: `CC-${n}` } },
			})
			ids.push((res.body as { shipment: { id: string } }).shipment.id)
		}
		const closed = await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${ids[0]}/close`, {
			method: 'PUT',
		})
		expect(closed.status).toBe(200)
		expect(closed.body).toMatchObject({
			success: true,
			error_message: null,
			shipment: { status: 'closed' },
		})
		const cancelled = await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${ids[1]}/cancel`, {
			method: 'PUT',
		})
		expect(cancelled.body).toMatchObject({ success: true, shipment: { status: 'cancelled' } })
		expect(await logLines(so1007)).toEqual(
			expect.arrayContaining([
				'Marked shipment CC-1 as closed',
				'Marked shipment CC-2 as canceled',
			]),
		)

		await h.db
			.update(shipments)
			.set({ status: 'delivered' })
			.where(and(eq(shipments.shipSetId, so1007), eq(shipments.trackingNumber, 'MAEU9991007')))
		const delivered = (await list(so1007)).shipments.find(
			(s) => s.tracking_number === 'MAEU9991007',
		)!
		const before = await snapshot()
		for (const [id, label] of [
			[ids[0]!, 'Closed'],
			[ids[1]!, 'Canceled'],
			[delivered.id, 'Delivered'],
		] as const) {
			for (const action of ['close', 'cancel']) {
				const res = await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${id}/${action}`, {
					method: 'PUT',
				})
				expect(res.status).toBe(409)
				expect(res.body).toMatchObject({
					success: false,
					error_message: `A ${label} shipment cannot be closed or canceled.`,
				})
			}
			// Closed and cancelled shipments are no longer Pending: not removable either.
			expect(
				(await asOlivia(`/api/web/ship_sets/${so1007}/shipments/${id}`, { method: 'DELETE' }))
					.status,
			).toBe(409)
		}
		expect(await snapshot()).toEqual(before)
	})
})

describe('related orders', () => {
	const path = (id: string) => `/api/web/ship_sets/${id}/related_ship_sets`
	const names = async (id: string) =>
		RelatedShipSetsResponse.parse((await asOlivia(path(id))).body).related_ship_sets.map(
			(r) => r.ship_set_name,
		)

	it('relates SO-1003 to SO-1001 (seen from both ends), then removes it, with log lines on both', async () => {
		const so1003 = await h.orderId('acme', 'SO-1003')
		const added = await asOlivia(path(so1001), {
			method: 'POST',
			body: { related_ship_set: { ship_set_name: ' SO-1003 ' } },
		})
		expect(added.status).toBe(201)
		expect(added.body).toMatchObject({
			related_ship_set: { ship_set_id: so1003, ship_set_name: 'SO-1003' },
		})
		expect(await names(so1001)).toEqual(['SO-1002', 'SO-1003'])
		expect(await names(so1003)).toContain('SO-1001')
		expect(await logLines(so1001)).toContain('SO-1003 is now related to this order')
		expect(await logLines(so1003)).toContain('SO-1001 is now related to this order')
		const twice = await asOlivia(path(so1003), {
			method: 'POST',
			body: { related_ship_set: { ship_set_name: 'SO-1001' } },
		})
		expect(twice.status).toBe(422)
		expect(twice.body!.error).toBe('SO-1001 is already related to this order.')

		const id = (added.body as { related_ship_set: { id: string } }).related_ship_set.id
		expect((await asGary(`${path(so1001)}/${id}`, { method: 'DELETE' })).status).toBe(404)
		const removed = await asOlivia(`${path(so1001)}/${id}`, { method: 'DELETE' })
		expect(removed.body).toEqual({ success: true, ship_set_name: 'SO-1003' })
		expect(await names(so1001)).toEqual(['SO-1002'])
		expect(await logLines(so1003)).toContain('SO-1001 is no longer related to this order')
		expect((await asOlivia(`${path(so1001)}/${id}`, { method: 'DELETE' })).status).toBe(404)
	})

	it('pages by 5 (offset, limit) and counts both directions', async () => {
		const body = RelatedShipSetsResponse.parse((await asOlivia(`${path(so1001)}?offset=0`)).body)
		expect(body.total_count).toBe(1)
		expect((await asOlivia(`${path(so1001)}?limit=101`)).status).toBe(400)
	})

	it("refuses a missing, unknown or other tenant's order number with one message; another tenant's order; writes nothing", async () => {
		const before = await snapshot()
		const post = (name: unknown, id = so1001, call = asOlivia) =>
			call(path(id), { method: 'POST', body: { related_ship_set: { ship_set_name: name } } })
		const empty = await post('  ')
		expect(empty.status).toBe(400)
		expect(empty.body!.error).toContain('Order number is required')
		expect((await post(undefined)).body!.error).toContain('Order number is required')
		// A globex order number and a number nobody has answer alike.
		const [theirs] = await h.db
			.select({ name: shipSets.name })
			.from(shipSets)
			.innerJoin(organizations, eq(organizations.id, shipSets.organizationId))
			.where(eq(organizations.slug, 'globex'))
			.limit(1)
		for (const name of ['SO-9999999', theirs!.name]) {
			const res = await post(name)
			expect(res.status).toBe(422)
			expect(res.body).toEqual({ error: `Order ${name} was not found.` })
		}
		expect((await post('SO-1001')).body!.error).toBe('An order cannot be related to itself.')
		expect((await post('SO-1003', so1001, asGary)).status).toBe(404)
		expect(await snapshot()).toEqual(before)
	})
})
