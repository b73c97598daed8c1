import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHELL_FORBIDDEN } from '../../server/shared/permissions'
import { createHarness, takesBearer, type Harness } from './harness'

/**
 * 000 §6: "Users without DASHBOARD.DEFAULT or CORE.DEFAULT are sent to /403", and the API
 * holds the same line (Nadia, with no permissions, could post comments, follow,
 * upload, cancel shipments and share through the API). Every signed-in operation of the
 * OpenAPI document refuses her with 403 and writes nothing; only her own profile and session
 * answer, since sign-in needs them to send her to /403.
 */

let h: Harness
beforeAll(async () => {
	h = await createHarness()
})
afterAll(async () => {
	await h?.close()
})

const NIL = '00000000-0000-4000-8000-000000000000'
const OWN_SESSION = ['/api/web/profile', '/api/web/session']

describe('a member without CORE.DEFAULT or DASHBOARD.DEFAULT', () => {
	it('is refused (403) by every signed-in operation, and nothing is written', async () => {
		const nadia = await h.tokenFor('nadia@acme.test')
		const so1001 = await h.orderId('acme', 'SO-1001')
		const before = await h.rowCounts()
		let checked = 0
		for (const { method, path } of (await h.operations()).filter(takesBearer)) {
			if (OWN_SESSION.includes(path)) continue
			const url = path.replace(/\{(\w+)\}/g, (_, key: string) => (key === 'id' ? so1001 : NIL))
			const body =
				method === 'GET' || method === 'DELETE'
					? undefined
					: { body: 'hello', commentBody: 'hello', shipSetId: so1001 }
			const res = await h.call(
				`${url}?ship_set_id=${so1001}&organization=acme&qs_query_string=SO-1001`,
				{ method, token: nadia, supplyChain: 'acme', body },
			)
			expect(res.status, `${method} ${path}`).toBe(403)
			expect(res.body, `${method} ${path}`).toEqual({ error: SHELL_FORBIDDEN })
			checked++
		}
		expect(checked).toBeGreaterThan(50)
		expect(await h.rowCounts()).toEqual(before)
		// Sign-in still completes for her: the web app reads her profile, then shows /403.
		expect((await h.call('/api/web/profile', { token: nadia })).status).toBe(200)
	})

	it('lets a member through with either permission (Victor has CORE.DEFAULT only)', async () => {
		const victor = await h.tokenFor('victor@acme.test')
		const so1001 = await h.orderId('acme', 'SO-1001')
		expect(
			(
				await h.call(`/api/web/ship_sets/${so1001}/timeline`, {
					token: victor,
					supplyChain: 'acme',
				})
			).status,
		).toBe(200)
	})
})
