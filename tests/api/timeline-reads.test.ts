import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TimelineResponse } from '../../server/timeline/timeline.contract'
import { createHarness, type Harness } from './harness'

/**
 * 002 §7 "The calls it makes": every GET call of one ship set answers its owner and answers
 * another tenant exactly like an unknown order (tenant isolation, COMMON quality bar).
 */
let h: Harness
let olivia: string
let gary: string
let paths: string[]
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	const id = await h.orderId('acme', 'SO-1001')
	const res = await h.call(`/api/web/ship_sets/${id}/timeline`, {
		token: olivia,
		supplyChain: 'acme',
	})
	const { ship_set: s } = TimelineResponse.parse(res.body)
	const base = `/api/web/ship_sets/${id}`
	paths = [
		`${base}/timeline`,
		`${base}/nodes/${s.nodes[0]!.id}`,
		`${base}/nodes?node_ids=${s.nodes.map((n) => n.id).join(',')}`,
		`${base}/comments?offset=0&limit=20`,
		`${base}/custom_attributes`,
		`${base}/tags`,
		`${base}/follows`,
		`${base}/logs`,
		`${base}/documents?offset=0&limit=5`,
		`${base}/documents/${s.documents.files[0]!.id}/download`,
		`${base}/photos?offset=0&limit=30`,
		`${base}/shipments?offset=0&limit=5`,
		`${base}/shipments/${s.shipments[0]!.id}`,
		`${base}/related_ship_sets?offset=0&limit=5`,
	]
})
/** The status alone (a download answers a file, not JSON). */
async function status(path: string, token?: string, supplyChain?: string) {
	const headers = new Headers()
	if (token) headers.set('Authorization', `Bearer ${token}`)
	if (supplyChain) headers.set('X-Supply-Chain', supplyChain)
	const res = await h.api.fetch(new Request(new URL(path, 'http://scm.internal'), { headers }))
	await res.arrayBuffer()
	return res.status
}
afterAll(async () => {
	await h?.close()
})

describe('002 §7 GET calls of one ship set', () => {
	it('answer the order’s own tenant', async () => {
		for (const path of paths)
			expect([path, await status(path, olivia, 'acme')]).toEqual([path, 200])
	})
	it('answer Gary of globex 404, as for an unknown order, on every one', async () => {
		for (const path of paths)
			expect([path, await status(path, gary, 'globex')]).toEqual([path, 404])
	})
	it('give Gary nothing when he names the acme supply chain himself', async () => {
		for (const path of paths) expect([200, 204]).not.toContain(await status(path, gary, 'acme'))
	})
	it('refuse a call without a token with 401', async () => {
		for (const path of paths)
			expect([path, await status(path, undefined, 'acme')]).toEqual([path, 401])
	})
})

describe('one shape of a node and an event', () => {
	// The timeline (waymark_timeline) and the per-node reads (server/timeline/details.queries.ts) both
	// select waymark_node and waymark_event (migration 0028): they must answer the same node and event.
	it('the per-node read answers every node and event exactly as the timeline does', async () => {
		for (const order of ['SO-1001', 'SO-1003', 'SO-1005']) {
			const id = await h.orderId('acme', order)
			const base = `/api/web/ship_sets/${id}`
			const { ship_set: s } = TimelineResponse.parse(
				(await h.call(`${base}/timeline`, { token: olivia, supplyChain: 'acme' })).body,
			)
			const res = await h.call(`${base}/nodes?node_ids=${s.nodes.map((n) => n.id).join(',')}`, {
				token: olivia,
				supplyChain: 'acme',
			})
			expect(res.status).toBe(200)
			const nodes = (
				res.body as {
					nodes: (TimelineResponse['ship_set']['nodes'][number] & {
						events: TimelineResponse['ship_set']['events']
					})[]
				}
			).nodes
			expect(
				nodes.map(({ events: _events, ...node }) => node),
				order,
			).toEqual(s.nodes)
			const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
			expect(nodes.flatMap((n) => n.events).sort(byId), order).toEqual(
				s.events.filter((e) => e.node_id !== null).sort(byId),
			)
		}
	})
})
