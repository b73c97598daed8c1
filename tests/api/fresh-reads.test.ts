import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { AppLoadContext } from 'react-router'
import { ToggleName } from '../../server/toggles/toggles.contract'
import { createApi } from '../../server/api/app'
import { setToggle } from '../../server/toggles/store'
import { carriers, featureToggles, memberships, organizations, tags } from '../../server/db/schema'
import { createScmClient, ScmError } from '~/services/scm.server'
import { loadToggles } from '~/services/toggles.server'
import { requireTrackerEnabled } from '~/routes/tracker/public-tracker.server'
import { createHarness, WEB_API_KEY, type Harness } from './harness'
import { testLoadContext } from '../unit/load-context'

/**
 * "A write is visible to the next read of every process at once": two servers on one database
 * (two API instances, each with the web tier's client over its own fetch handler), a write made
 * through one of them or beside both (SQL, as the command line and another process write), and
 * the next read through the other sees it. Nothing either server keeps may hide it
 * (docs/caching.md).
 */

let h: Harness
/** A page's load context on the first server, and on a second one on the same database (each call: the next page). */
let one: () => AppLoadContext
let two: () => AppLoadContext
let acmeId: string

beforeAll(async () => {
	h = await createHarness()
	const second = createApi({ ...h.deps })
	const web = (api: { fetch: (r: Request) => Response | Promise<Response> }) => ({
		...testLoadContext(async (request) => api.fetch(request), 'http://scm.internal'),
		webApiKey: WEB_API_KEY,
	})
	one = () => web(h.api)
	two = () => web(second)
	const [acme] = await h.db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, 'acme'))
	acmeId = acme!.id
})
afterAll(() => h?.close())

/** A token of its own (two signed in the same second would be the same token, one of them signed out). */
let sessions = 0
const olivia = async () => ({
	accessToken: await h.tokenFor('olivia@acme.test', { claims: { jti: `browser-${++sessions}` } }),
	supplyChain: 'acme',
})

async function status(promise: Promise<unknown>): Promise<number> {
	return promise.then(
		() => 200,
		(error: unknown) => {
			if (error instanceof ScmError) return error.status
			throw error
		},
	)
}

describe('the next read sees the last write, in every process', () => {
	it('refuses a signed-out token at its next call on the other server: the session check and every call for data', async () => {
		const so1001 = await h.orderId('acme', 'SO-1001')
		const auth = await olivia()
		// The other server has answered this token just before.
		expect(await status(createScmClient(two(), auth).account.session())).toBe(200)
		expect(await status(createScmClient(two(), auth).shipSets.timeline(so1001, 3))).toBe(200)
		expect(await status(createScmClient(two(), auth).reference.tags())).toBe(200)

		await createScmClient(one(), auth).account.endSession()

		expect(await status(createScmClient(two(), auth).account.session())).toBe(401)
		expect(await status(createScmClient(two(), auth).shipSets.timeline(so1001, 3))).toBe(401)
		expect(await status(createScmClient(two(), auth).reference.tags())).toBe(401)
		expect(await status(createScmClient(one(), auth).account.session())).toBe(401)
	})

	it('refuses a member whose shell permissions were taken away at the next call, and lets them in again at the next', async () => {
		const auth = await olivia()
		expect(await status(createScmClient(two(), auth).reference.tags())).toBe(200)
		const hers = and(
			eq(memberships.userId, await h.userId('olivia@acme.test')),
			eq(memberships.organizationId, acmeId),
		)
		const [membership] = await h.db
			.select({ permissions: memberships.permissions })
			.from(memberships)
			.where(hers)
		await h.db.update(memberships).set({ permissions: [] }).where(hers)
		try {
			expect(await status(createScmClient(two(), auth).reference.tags())).toBe(403)
		} finally {
			await h.db.update(memberships).set({ permissions: membership!.permissions }).where(hers)
		}
		expect(await status(createScmClient(two(), auth).reference.tags())).toBe(200)
	})

	it('shows a toggle switched from the command line at the next page, the public tracker switch too', async () => {
		const before = await loadToggles(two(), 'acme')
		await setToggle(h.db, ToggleName.tagsCard, !before.tagsCard, 'acme')
		expect((await loadToggles(two(), 'acme')).tagsCard).toBe(!before.tagsCard)

		await expect(requireTrackerEnabled(two(), 'acme')).resolves.toBeUndefined()
		await setToggle(h.db, ToggleName.orderTracker, false, 'acme')
		try {
			await expect(requireTrackerEnabled(two(), 'acme')).rejects.toMatchObject({
				init: { status: 404 },
			})
		} finally {
			await h.db
				.delete(featureToggles)
				.where(
					and(
						eq(featureToggles.name, ToggleName.orderTracker),
						eq(featureToggles.organizationId, acmeId),
					),
				)
		}
		await expect(requireTrackerEnabled(two(), 'acme')).resolves.toBeUndefined()
	})

	it("shows another process's new tag and renamed carrier in a user's next read of the lists", async () => {
		const auth = await olivia()
		const scm = createScmClient(two(), auth)
		const { tags: before } = await scm.reference.tags()
		const all = async () => Object.values((await scm.shipments.carriers()).carriers).flat()
		expect(before.map((t) => t.name)).not.toContain('Kept cold')
		expect((await all()).length).toBeGreaterThan(0)

		await h.db.insert(tags).values({ organizationId: acmeId, name: 'Kept cold' })
		const [carrier] = await h.db
			.select({ id: carriers.id })
			.from(carriers)
			.where(eq(carriers.organizationId, acmeId))
			.limit(1)
		await h.db.update(carriers).set({ name: 'Renamed Carrier' }).where(eq(carriers.id, carrier!.id))

		expect((await scm.reference.tags()).tags.map((t) => t.name)).toContain('Kept cold')
		expect((await all()).find((c) => c.id === carrier!.id)?.name).toBe('Renamed Carrier')
	})
})
