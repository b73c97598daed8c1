import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
	breachedOrders,
	carriers,
	comments,
	customAttributeTypes,
	documents,
	documentTypes,
	locations,
	memberships,
	nodes,
	orderTypes,
	organizations,
	photos,
	shareRecipients,
	shares,
	shipments,
	shipSets,
	tags,
	trackingGroups,
} from '../../server/db/schema'
import { createHarness, takesBearer, type ApiOperation, type Harness } from './harness'

/**
 * docs/architecture.md rule 3, "Every tenant is walled off": every bearer endpoint of the
 * OpenAPI document, called by Gary (globex) with Acme's ids in the path and the query
 * (SO-1001, its shipment, document, photo, node, a related order, its tracking group, a
 * guest link), answers no 2xx; and no answer of any endpoint, with those ids or with his
 * own order's id, carries the id of a row that belongs to Acme. A new endpoint that forgets
 * the organization filter fails here.
 */

let h: Harness
beforeAll(async () => {
	h = await createHarness()
})
afterAll(async () => {
	await h?.close()
})

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

describe('tenant isolation across the API', () => {
	it("never answers Acme's rows to a Globex user, whatever ids he sends", async () => {
		const orgId = async (slug: string) =>
			(
				await h.db
					.select({ id: organizations.id })
					.from(organizations)
					.where(eq(organizations.slug, slug))
			)[0]!.id
		const acme = await orgId('acme')
		const globex = await orgId('globex')
		const so1001 = await h.orderId('acme', 'SO-1001')
		const first = async (rows: Promise<{ id: string }[]>) => (await rows)[0]!.id
		const [ownOrder] = await h.db
			.select({ id: shipSets.id })
			.from(shipSets)
			.where(eq(shipSets.organizationId, globex))
			.limit(1)
		const [share] = await h.db
			.insert(shares)
			.values({ organizationId: acme, shipSetId: so1001, viewType: 'customer' })
			.returning({ id: shares.id })
		const acmeIds: Record<string, string> = {
			shipmentId: await first(
				h.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipSetId, so1001)),
			),
			documentId: await first(
				h.db.select({ id: documents.id }).from(documents).where(eq(documents.shipSetId, so1001)),
			),
			photoId: await first(
				h.db.select({ id: photos.id }).from(photos).where(eq(photos.shipSetId, so1001)),
			),
			node: await first(
				h.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.shipSetId, so1001)),
			),
			relatedShipSetId: await h.orderId('acme', 'SO-1002'),
			trackingGroup: await first(
				h.db
					.select({ id: trackingGroups.id })
					.from(trackingGroups)
					.where(eq(trackingGroups.organizationId, acme)),
			),
			breachedOrder: await first(
				h.db
					.select({ id: breachedOrders.id })
					.from(breachedOrders)
					.where(eq(breachedOrders.organizationId, acme)),
			),
			recipientId: await first(
				h.db
					.insert(shareRecipients)
					.values({
						organizationId: acme,
						shareId: share!.id,
						shipSetId: so1001,
						email: 'outside@example.com',
						viewType: 'customer',
						tokenHash: 'x',
						expiresAt: new Date(Date.now() + 86_400_000),
					})
					.returning({ id: shareRecipients.id }),
			),
		}

		// Every id of a row that belongs to Acme.
		const owned = new Set<string>()
		for (const table of [
			carriers,
			tags,
			orderTypes,
			locations,
			documentTypes,
			customAttributeTypes,
			shipSets,
			shipments,
			documents,
			photos,
			comments,
			nodes,
			trackingGroups,
			breachedOrders,
		] as const) {
			const t = table as typeof tags
			for (const row of await h.db.select({ id: t.id }).from(t).where(eq(t.organizationId, acme)))
				owned.add(row.id)
		}
		for (const m of await h.db
			.select({ id: memberships.userId })
			.from(memberships)
			.where(eq(memberships.organizationId, acme)))
			owned.add(m.id)

		const gary = await h.tokenFor('gary@globex.test')
		const bodies: Record<string, unknown> = {
			'POST /api/web/ship_sets/{id}/comments': { body: 'hi' },
			'POST /api/comments/comment/post': {
				shipSetId: so1001,
				commentBody: 'hi',
			},
			'POST /api/web/ship_sets/{id}/related_ship_sets': {
				related_ship_set: { ship_set_name: 'SO-1002' },
			},
			'POST /api/web/ship_sets/{id}/shares': {
				share: {
					auth_list: [],
					not_auth_list: ['a@example.com'],
					subscribed_list: [],
					view_type: 'customer',
				},
			},
			'POST /api/web/ship_sets/{id}/notifications': {
				notification: {
					view_type: 'user',
					notif_type: 'all_status',
					nodes: [],
					comments: false,
					promise_date: false,
				},
			},
			'PUT /api/web/ship_sets/{id}/photos/{photoId}': { notes: 'x' },
		}
		const query = new URLSearchParams({
			shipsetId: so1001,
			ship_set_id: so1001,
			node_ids: acmeIds.node!,
			organization: 'acme',
			qs_query_string: 'SO-1001',
			emails: 'olivia@acme.test',
		})
		let checked = 0
		// Ending the session would end his token for the calls after it (tests/api/session.test.ts has it).
		const endsSession = (op: ApiOperation) =>
			op.method === 'DELETE' && op.path === '/api/web/session'
		for (const { method: M, path } of (await h.operations()).filter(
			(op) => takesBearer(op) && !endsSession(op),
		)) {
			for (const own of path.includes('{id}') ? [false, true] : [false]) {
				const url = path.replace(/\{(\w+)\}/g, (_, key: string) => {
					if (key !== 'id') return acmeIds[key] ?? 'x'
					if (path.includes('tracking_groups')) return acmeIds.trackingGroup!
					if (path.includes('breached_order/')) return acmeIds.breachedOrder!
					return own ? ownOrder!.id : so1001
				})
				const body = bodies[`${M} ${path}`] ?? (M === 'GET' || M === 'DELETE' ? undefined : {})
				const res = await h.call(`${url}?${query}`, {
					method: M,
					token: gary,
					supplyChain: 'globex',
					body,
				})
				const what = `${M} ${path}${own ? ' (his own order)' : ''}`
				if (!own && /\{id\}/.test(path)) expect(res.status, what).toBeGreaterThanOrEqual(400)
				const leaked = (JSON.stringify(res.body).match(UUID) ?? []).filter(
					(id) => owned.has(id) && id !== so1001,
				)
				expect(leaked, what).toEqual([])
				checked++
			}
		}
		expect(checked).toBeGreaterThan(60)
	})
})
