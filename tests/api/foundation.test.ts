import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKeyPair } from 'jose'
import {
	CarrierNamesResponse,
	LocationsResponse,
	TagsResponse,
} from '../../server/reference/reference.contract'
import { TogglesResponse } from '../../server/toggles/toggles.contract'
import { featureToggles, organizations } from '../../server/db/schema'
import { eq } from 'drizzle-orm'
import { createHarness, WEB_API_KEY, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
	h = await createHarness()
})
afterAll(async () => {
	await h?.close()
})

describe('bearer tokens', () => {
	it('answers 401 without a token', async () => {
		const res = await h.call('/api/web/tags', { supplyChain: 'acme' })
		expect(res.status).toBe(401)
		expect(res.body).toEqual({ error: 'Unauthorized' })
	})

	it('answers 401 for a token of another issuer, another audience, an expired or a tampered one', async () => {
		const other = await generateKeyPair('RS256')
		const bad = [
			await h.tokenFor('olivia@acme.test', { issuer: 'https://evil.test' }),
			await h.tokenFor('olivia@acme.test', { audience: 'someone-else' }),
			await h.tokenFor('olivia@acme.test', { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
			await h.tokenFor('olivia@acme.test', { key: other.privateKey }),
		]
		const good = await h.tokenFor('olivia@acme.test')
		const [head, , sig] = good.split('.')
		const forgedPayload = Buffer.from(
			JSON.stringify({ sub: 'x', email: 'gary@globex.test' }),
		).toString('base64url')
		bad.push(`${head}.${forgedPayload}.${sig}`)
		bad.push('not-a-jwt')
		for (const token of bad) {
			const res = await h.call('/api/web/tags', { token, supplyChain: 'acme' })
			expect(res.status, token.slice(0, 20)).toBe(401)
		}
	})

	it('refuses a guest token on signed-in endpoints', async () => {
		const token = await h.tokenFor('olivia@acme.test', { claims: { typ: 'guest' } })
		expect((await h.call('/api/web/tags', { token, supplyChain: 'acme' })).status).toBe(401)
	})

	it('accepts a valid token for the supply chain the user belongs to', async () => {
		const token = await h.tokenFor('olivia@acme.test')
		const res = await h.call('/api/web/tags', { token, supplyChain: 'acme' })
		expect(res.status).toBe(200)
		expect(TagsResponse.parse(res.body).tags.length).toBeGreaterThan(0)
	})

	it('answers 400 naming the header when X-Supply-Chain is missing', async () => {
		const token = await h.tokenFor('olivia@acme.test')
		const res = await h.call('/api/web/tags', { token })
		expect(res.status).toBe(400)
		expect(res.body?.error).toContain('X-Supply-Chain')
	})
})

describe('tenant wall', () => {
	it('answers 403 to a valid token naming a supply chain the user does not belong to, known or not', async () => {
		const gary = await h.tokenFor('gary@globex.test')
		for (const path of [
			'/api/web/tags',
			'/api/web/carriers/names',
			'/api/web/order_types',
			'/api/web/locations',
		]) {
			const res = await h.call(path, { token: gary, supplyChain: 'acme' })
			expect(res.status, path).toBe(403)
			expect(res.body).toEqual({ error: 'Forbidden' })
		}
		const unknown = await h.call('/api/web/tags', { token: gary, supplyChain: 'no-such-org' })
		expect(unknown.status).toBe(403)
		expect(unknown.body).toEqual({ error: 'Forbidden' })
	})

	it('refuses an X-Account that differs from the supply chain', async () => {
		const olivia = await h.tokenFor('olivia@acme.test')
		const res = await h.call('/api/web/tags', {
			token: olivia,
			supplyChain: 'acme',
			headers: { 'X-Account': 'globex' },
		})
		expect(res.status).toBe(403)
	})

	it('shows each supply chain only its own rows', async () => {
		const olivia = await h.tokenFor('olivia@acme.test')
		const gary = await h.tokenFor('gary@globex.test')
		for (const path of ['/api/web/tags', '/api/web/carriers/names', '/api/web/order_types']) {
			const a = await h.call(path, { token: olivia, supplyChain: 'acme' })
			const g = await h.call(path, { token: gary, supplyChain: 'globex' })
			expect(a.status).toBe(200)
			expect(g.status).toBe(200)
			const ids = (body: unknown) =>
				(Object.values(body as Record<string, { id: string }[]>)[0] ?? []).map((r) => r.id)
			const acmeIds = ids(a.body)
			const globexIds = ids(g.body)
			expect(acmeIds.length, path).toBeGreaterThan(0)
			expect(globexIds.length, path).toBeGreaterThan(0)
			expect(
				acmeIds.filter((id) => globexIds.includes(id)),
				path,
			).toEqual([])
		}
	})
})

describe('reference lists', () => {
	it('sorts carrier names, conveyance types and tags by name', async () => {
		const token = await h.tokenFor('olivia@acme.test')
		const carriers = CarrierNamesResponse.parse(
			(await h.call('/api/web/carriers/names', { token, supplyChain: 'acme' })).body,
		).carrier_names.map((c) => c.name)
		expect(carriers).toEqual([...carriers].sort((a, b) => a.localeCompare(b)))
		const conveyance = (
			await h.call('/api/web/carriers/conveyance_types', { token, supplyChain: 'acme' })
		).body as {
			conveyance_types: { name: string }[]
		}
		expect(conveyance.conveyance_types.map((c) => c.name)).toEqual(['Air', 'Ground', 'Ocean'])
	})

	it('returns a country → state → city tree with a type per level', async () => {
		const token = await h.tokenFor('olivia@acme.test')
		for (const level of ['order', 'shipment']) {
			const res = await h.call(`/api/web/locations?level=${level}`, { token, supplyChain: 'acme' })
			expect(res.status).toBe(200)
			const { locations } = LocationsResponse.parse(res.body)
			expect(locations.length).toBeGreaterThan(1)
			expect(locations.every((c) => c.type === 'country')).toBe(true)
			const state = locations.flatMap((c) => c.children)[0]
			expect(state?.type).toBe('state')
			expect(state?.children[0]?.type).toBe('city')
		}
	})

	it('answers 400 naming the field for a malformed parameter, never 500', async () => {
		const token = await h.tokenFor('olivia@acme.test')
		const res = await h.call('/api/web/locations?level=planet', { token, supplyChain: 'acme' })
		expect(res.status).toBe(400)
		expect(res.body?.error).toMatch(/^level: /)
	})
})

describe('feature toggles', () => {
	it('needs the web API key', async () => {
		expect((await h.call('/api/web/toggles')).status).toBe(401)
		expect((await h.call('/api/web/toggles', { headers: { 'X-Api-Key': 'wrong' } })).status).toBe(
			401,
		)
	})

	it('lists the seeded toggles, answering every requested name', async () => {
		const res = await h.call('/api/web/toggles?names=web.ui.orderTracker,no.such.toggle', {
			headers: { 'X-Api-Key': WEB_API_KEY },
		})
		expect(res.status).toBe(200)
		expect(TogglesResponse.parse(res.body).toggles).toEqual([
			{ name: 'no.such.toggle', enabled: false },
			{ name: 'web.ui.orderTracker', enabled: true },
		])
	})

	it("applies the supply chain's own value over the global default", async () => {
		const [globex] = await h.db.select().from(organizations).where(eq(organizations.slug, 'globex'))
		await h.db
			.insert(featureToggles)
			.values({ name: 'test.only.toggle', organizationId: null, enabled: false })
		await h.db
			.insert(featureToggles)
			.values({ name: 'test.only.toggle', organizationId: globex!.id, enabled: true })
		const get = async (supplyChain?: string) =>
			TogglesResponse.parse(
				(
					await h.call('/api/web/toggles?names=test.only.toggle', {
						supplyChain,
						headers: { 'X-Api-Key': WEB_API_KEY },
					})
				).body,
			).toggles[0]?.enabled
		expect(await get()).toBe(false)
		expect(await get('acme')).toBe(false)
		expect(await get('globex')).toBe(true)
	})
})

describe('switching toggles (admin, `npm run toggle`)', () => {
	const put = (name: string, body: unknown, key = WEB_API_KEY) =>
		h.call(`/api/web/toggles/${name}`, { method: 'PUT', body, headers: { 'X-Api-Key': key } })
	const read = async (supplyChain?: string) =>
		TogglesResponse.parse(
			(
				await h.call('/api/web/toggles?names=web.ui.timeline.tagsCard', {
					supplyChain,
					headers: { 'X-Api-Key': WEB_API_KEY },
				})
			).body,
		).toggles[0]?.enabled

	it('switches one supply chain, then the global default, and the reads follow', async () => {
		expect(await read('acme')).toBe(true)
		expect(
			(await put('web.ui.timeline.tagsCard', { enabled: false, organization: 'acme' })).status,
		).toBe(200)
		expect(await read('acme')).toBe(false)
		expect(await read('globex')).toBe(true)
		expect((await put('web.ui.timeline.tagsCard', { enabled: false })).status).toBe(200)
		expect(await read('globex')).toBe(false)
		expect(
			(await put('web.ui.timeline.tagsCard', { enabled: true, organization: 'acme' })).status,
		).toBe(200)
		expect(await read('acme')).toBe(true)
	})
	it('needs the key, a boolean and a known supply chain', async () => {
		expect((await put('web.ui.timeline.tagsCard', { enabled: true }, 'wrong')).status).toBe(401)
		const bad = await put('web.ui.timeline.tagsCard', { enabled: 'yes' })
		expect(bad.status).toBe(400)
		expect(bad.body?.error).toMatch(/^enabled: /)
		const unknown = await put('web.ui.timeline.tagsCard', { enabled: true, organization: 'nope' })
		expect(unknown.status).toBe(404)
	})
})

describe('OpenAPI document', () => {
	it('lists the endpoints built so far', async () => {
		const res = await h.call('/api/docs/openapi.json')
		expect(res.status).toBe(200)
		const paths = Object.keys((res.body as { paths: Record<string, unknown> }).paths)
		expect(paths).toEqual(
			expect.arrayContaining([
				'/api/web/toggles',
				'/api/web/carriers/names',
				'/api/web/carriers/conveyance_types',
				'/api/web/tags',
				'/api/web/order_types',
				'/api/web/locations',
			]),
		)
	})

	it('answers unknown API paths with a JSON 404', async () => {
		const res = await h.call('/api/web/nope')
		expect(res.status).toBe(404)
		expect(res.body).toEqual({ error: 'Not found' })
	})
})

describe('Cache-Control', () => {
	it('answers no-store unless the route names a policy of its own', async () => {
		const token = await h.tokenFor('olivia@acme.test')
		const answers = [
			await h.call('/api/web/tags', { token, supplyChain: 'acme' }),
			await h.call('/api/web/tags', { supplyChain: 'acme' }),
			await h.call('/api/web/nope'),
			await h.call('/api/web/tags', { token }),
		]
		expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400])
		for (const a of answers) expect(a.headers.get('Cache-Control')).toBe('no-store')
		// The API documentation's assets never change while a version runs: a day, publicly.
		const asset = await h.api.fetch(new Request('http://api.test/api/docs/assets/swagger-ui.css'))
		expect(asset.status).toBe(200)
		expect(asset.headers.get('Cache-Control')).toBe('public, max-age=86400')
	})
})
