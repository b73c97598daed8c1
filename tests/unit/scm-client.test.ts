import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { http, HttpResponse } from 'msw'
import { createScmClient, NO_DATA, ScmError } from '~/services/scm.server'
import { requireTrackerEnabled } from '~/routes/tracker/public-tracker.server'
import { SCM_URL, scmFailures, scmHappy } from '../mocks/scm-api'
import { testLoadContext } from './load-context'

const server = setupServer(...scmHappy)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const seen: Request[] = []
const context = testLoadContext((request: Request) => {
	seen.push(request.clone())
	return fetch(request)
}, SCM_URL)
const auth = { accessToken: 'tok', supplyChain: 'acme' }

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(ScmError)
	return error as ScmError
}

describe('SCM API client over HTTP (SCM_API_URL)', () => {
	it("sends the spec's headers and parses the contract", async () => {
		const { tags } = await createScmClient(context, auth).reference.tags()
		expect(tags).toEqual([{ id: 't1', name: 'Fragile' }])
		const sent = seen.at(-1)!
		expect(sent.headers.get('authorization')).toBe('Bearer tok')
		expect(sent.headers.get('x-supply-chain')).toBe('acme')
		expect(sent.headers.get('x-account')).toBe('acme')
		expect(sent.headers.get('x-request-id')).toBe('req-1')
	})

	it('sends toggles with the API key and without the account and auth headers', async () => {
		const toggles = await createScmClient(context, auth).account.toggles(['a', 'b'])
		expect(toggles).toEqual([
			{ name: 'a', enabled: true },
			{ name: 'b', enabled: true },
		])
		const sent = seen.at(-1)!
		expect(sent.headers.get('x-api-key')).toBe('key-123')
		expect(sent.headers.get('authorization')).toBeNull()
		expect(sent.headers.get('x-account')).toBeNull()
	})

	it("treats an empty body as 'No API response data'", async () => {
		server.use(scmFailures.empty)
		const error = await failure(createScmClient(context, auth).reference.tags())
		expect(error.message).toBe(NO_DATA)
	})

	it("carries the API's status and error message", async () => {
		server.use(scmFailures.unavailable)
		const error = await failure(createScmClient(context, auth).reference.tags())
		expect([error.status, error.message]).toEqual([503, 'Service Unavailable'])
		server.use(scmFailures.badGateway)
		expect((await failure(createScmClient(context, auth).reference.tags())).status).toBe(502)
	})

	it('refuses a response that does not match its contract', async () => {
		server.use(scmFailures.offContract)
		const error = await failure(createScmClient(context, auth).reference.tags())
		expect(error.message).toMatch(/contract/)
	})

	it('treats an empty toggle list as an error', async () => {
		server.use(scmFailures.emptyToggles)
		await failure(createScmClient(context).account.toggles(['x']))
	})

	it('turns an unreachable API into a 503', async () => {
		server.use(scmFailures.networkError)
		expect((await failure(createScmClient(context, auth).reference.tags())).status).toBe(503)
	})

	it('answers 400 for a header value that cannot be sent (a supply chain from the URL with a line break or a non-Latin letter), sending nothing', async () => {
		const before = seen.length
		for (const supplyChain of ['ac\nme', '日本']) {
			expect(
				(await failure(createScmClient(context, { ...auth, supplyChain }).reference.tags())).status,
			).toBe(400)
			expect(
				(await failure(createScmClient(context).account.toggles(['x'], supplyChain))).status,
			).toBe(400)
		}
		expect(seen.length).toBe(before)
		// The public tracker's organization comes from the URL: such a one is unknown, not a 500.
		await expect(requireTrackerEnabled(context, '日本')).resolves.toBeUndefined()
		expect(seen.at(-1)!.headers.get('x-supply-chain')).toBeNull()
	})

	it("asks the API for the public tracker's switch on every page: switched off, the next page is the 404 page", async () => {
		const togglesAsked = () =>
			seen.filter((r) => new URL(r.url).pathname === '/api/web/toggles').length
		const before = togglesAsked()
		await requireTrackerEnabled(context, 'switch-a')
		await requireTrackerEnabled(context, ' Switch-A ')
		expect(togglesAsked()).toBe(before + 2)
		expect(seen.at(-1)!.headers.get('x-supply-chain')).toBe('switch-a')
		server.use(
			http.get(`${SCM_URL}/api/web/toggles`, () =>
				HttpResponse.json({ toggles: [{ name: 'web.ui.orderTracker', enabled: false }] }),
			),
		)
		const refused = await requireTrackerEnabled(context, 'switch-a').then(
			() => null,
			(e: unknown) => e,
		)
		expect(togglesAsked()).toBe(before + 3)
		expect(refused).toMatchObject({ init: { status: 404 } })
	})

	it('passes a 401 through for the shell to restart sign-in', async () => {
		const error = await failure(createScmClient(context).reference.tags())
		expect(error.status).toBe(401)
	})
})
