import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TimelineResponse } from '../../server/contracts/timeline'
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
	const res = await h.call(`/api/web/ship_sets/${id}/timeline`, { token: olivia, supplyChain: 'acme' })
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
		for (const path of paths) expect([path, await status(path, olivia, 'acme')]).toEqual([path, 200])
	})
	it('answer Gary of globex 404, as for an unknown order, on every one', async () => {
		for (const path of paths) expect([path, await status(path, gary, 'globex')]).toEqual([path, 404])
	})
	it('give Gary nothing when he names the acme supply chain himself', async () => {
		for (const path of paths) expect([200, 204]).not.toContain(await status(path, gary, 'acme'))
	})
	it('refuse a call without a token with 401', async () => {
		for (const path of paths) expect([path, await status(path, undefined, 'acme')]).toEqual([path, 401])
	})
})
