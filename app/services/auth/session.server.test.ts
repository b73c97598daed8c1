import { describe, expect, it } from 'vitest'
import { ScmError } from '../scm.server'
import { testLoadContext } from '../../../tests/unit/load-context'
import { requireScm, sessionStorage, userScm, type SessionUser } from './session.server'

const user: SessionUser = {
	accessToken: 'ended-token',
	expiresAt: Date.now() + 3600_000,
	profile: {
		email: 'olivia@acme.test',
		given_name: 'Olivia',
		account: 'acme',
		account_name: 'Acme',
		account_alias: null,
		permissions: ['DASHBOARD.DEFAULT'],
		subscribed_services: [],
	},
}

/** An API that refuses every token, as it does one that sign-out ended; it counts the calls. */
function refusingApi() {
	const calls: string[] = []
	const context = testLoadContext(async (request) => {
		calls.push(new URL(request.url).pathname)
		return Response.json({ error: 'Unauthorized', issues: [] }, { status: 401 })
	}, 'http://scm.internal')
	return { calls, context }
}

async function signedIn(context: ReturnType<typeof refusingApi>['context'], path: string) {
	const storage = sessionStorage(context)
	const session = await storage.getSession(null)
	session.set('user', user)
	const cookie = (await storage.commitSession(session)).split(';')[0]!
	return new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } })
}

describe('the signed-in guard and an ended session', () => {
	it('asks the API nothing itself; the page’s first call refused with 401 signs in again, back to the page', async () => {
		const { calls, context } = refusingApi()
		const { scm } = await requireScm(await signedIn(context, '/dashboard?tab=following'), context)
		expect(calls).toEqual([])

		const thrown = await scm.reference.tags().then(
			() => null,
			(e: unknown) => e,
		)
		expect(thrown).toBeInstanceOf(Response)
		const response = thrown as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(
			'/login?redirectTo=%2Fdashboard%3Ftab%3Dfollowing',
		)
		const cookies = response.headers.getSetCookie()
		expect(cookies.some((c) => /^wm_session=;/.test(c))).toBe(true)
		expect(cookies.some((c) => c.startsWith('logged_in=N'))).toBe(true)
		expect(calls).toEqual(['/api/web/tags'])
	})

	it('leaves the 401 an ScmError for a client given no page to return to (sign-out, the beacon)', async () => {
		const { context } = refusingApi()
		const thrown = await userScm(context, user)
			.reference.tags()
			.then(
				() => null,
				(e: unknown) => e,
			)
		expect(thrown).toBeInstanceOf(ScmError)
		expect((thrown as ScmError).status).toBe(401)
	})
})
