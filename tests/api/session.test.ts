import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { revokedTokens } from '../../server/db/schema'
import { createApi } from '../../server/api/app'
import { createHarness, type Harness } from './harness'

/**
 * "Sign-out ends the session on the server": once the web tier ends a session
 * (DELETE /api/web/session on sign-out), its token is refused by every operation, though
 * the JWT itself is still signed and unexpired, and a copied cookie holding it is worth nothing.
 */

let h: Harness
beforeAll(async () => {
	h = await createHarness()
})
afterAll(async () => {
	await h?.close()
})

describe('/api/web/session', () => {
	it('answers an open session, and after sign-out refuses that token everywhere, and only that one', async () => {
		const so1001 = await h.orderId('acme', 'SO-1001')
		const token = await h.tokenFor('olivia@acme.test')
		const other = await h.tokenFor('olivia@acme.test', { claims: { jti: 'another-browser' } })
		const session = await h.call('/api/web/session', { token })
		expect(session.status).toBe(200)
		expect(session.body).toEqual({
			active: true,
			expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		})

		expect(await h.call('/api/web/session', { token, method: 'DELETE' })).toMatchObject({
			status: 200,
			body: { ended: true },
		})

		for (const [path, supplyChain] of [
			['/api/web/session', undefined],
			['/api/web/profile', undefined],
			[`/api/web/ship_sets/${so1001}/timeline`, 'acme'],
		] as const) {
			expect((await h.call(path, { token, supplyChain })).status, path).toBe(401)
		}
		const replayedPost = await h.call(`/api/web/ship_sets/${so1001}/comments`, {
			token,
			supplyChain: 'acme',
			method: 'POST',
			body: { body: 'still here?' },
		})
		expect(replayedPost.status).toBe(401)
		// Her session in another browser is another token: it stays open.
		expect(
			(await h.call(`/api/web/ship_sets/${so1001}/timeline`, { token: other, supplyChain: 'acme' }))
				.status,
		).toBe(200)
		// Ending an ended session is refused like any dead token.
		expect((await h.call('/api/web/session', { token, method: 'DELETE' })).status).toBe(401)
	})

	it('a token ended on one process is refused at once by another on the same database (issue 45, door 4)', async () => {
		const so1001 = await h.orderId('acme', 'SO-1001')
		const token = await h.tokenFor('olivia@acme.test', { claims: { jti: 'two-processes' } })
		const other = createApi({ ...h.deps })
		const onOther = (method = 'GET', body?: unknown) =>
			other.fetch(
				new Request(`http://scm.internal/api/web/ship_sets/${so1001}/comments`, {
					method,
					headers: {
						Authorization: `Bearer ${token}`,
						'X-Supply-Chain': 'acme',
						'Content-Type': 'application/json',
					},
					body: body === undefined ? undefined : JSON.stringify(body),
				}),
			)
		// The other process has used the token (anything it kept would be warm now).
		expect((await onOther()).status).toBe(200)
		expect((await h.call('/api/web/session', { token, method: 'DELETE' })).status).toBe(200)
		expect((await onOther('POST', { body: 'after sign-out' })).status).toBe(401)
		expect((await onOther()).status).toBe(401)
	})

	it('keeps a revoked token only until it would have expired anyway', async () => {
		await h.db
			.insert(revokedTokens)
			.values({ tokenHash: 'long-gone', expiresAt: new Date(Date.now() - 60_000) })
		const token = await h.tokenFor('victor@acme.test')
		expect((await h.call('/api/web/session', { token, method: 'DELETE' })).status).toBe(200)
		const rows = await h.db
			.select({ hash: revokedTokens.tokenHash, expiresAt: revokedTokens.expiresAt })
			.from(revokedTokens)
		expect(rows.map((r) => r.hash)).not.toContain('long-gone')
		// Each kept until its token's own expiry (tokenFor's 10 minutes), not longer.
		expect(rows.length).toBeGreaterThan(0)
		for (const row of rows) {
			expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now())
			expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000)
		}
	})
})
