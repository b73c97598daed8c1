import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
	ANALYTICS_EVENT_NAMES,
	ANONYMOUS_EVENTS_PER_MINUTE,
	ReportResponse,
} from '../../server/analytics/events.contract'
import { setToggle } from '../../server/toggles/store'
import { ANONYMOUS_BODY_BYTES } from '../../server/api/app'
import { createHarness, WEB_API_KEY, type Harness } from './harness'

/**
 * 000 §6 "Feature toggles gate: … analytics events (public tracker, timeline, dashboard, guest
 * timeline) … Analytics events named: click_to_node, return_to_search_results,
 * navigate_via_breadcrumbs, show_all_events, collapse_events": recorded first-party, refused while
 * a surface's toggle is off, anonymous ones rate limited, counted per event and day for administrators.
 */
let h: Harness
let olivia: string
let victor: string
let gary: string
beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	victor = await h.tokenFor('victor@acme.test')
	gary = await h.tokenFor('gary@globex.test')
})
afterAll(async () => {
	await h?.close()
})

const record = (body: unknown, token = olivia, supplyChain = 'acme') =>
	h.call('/api/web/analytics_events', { method: 'POST', token, supplyChain, body })
const recordAnonymous = (body: unknown, supplyChain = 'acme', address = '203.0.113.7') =>
	h.call('/api/web/public/analytics_events', {
		method: 'POST',
		body,
		headers: {
			'X-Supply-Chain': supplyChain,
			'X-Api-Key': WEB_API_KEY,
			'X-Client-Address': address,
		},
	})
const report = async (token = olivia, supplyChain = 'acme') => {
	const res = await h.call('/api/web/analytics_events/report?days=7', { token, supplyChain })
	return { status: res.status, report: res.status === 200 ? ReportResponse.parse(res.body) : null }
}
const countOf = (r: z.infer<typeof ReportResponse> | null, surface: string, name: string) =>
	r?.rows
		.filter((x) => x.surface === surface && x.name === name)
		.reduce((n, x) => n + x.count, 0) ?? 0

describe('000 §6 analytics events: recorded first-party', () => {
	it('records each named event of a signed-in surface and counts it per day for the supply chain only', async () => {
		const before = (await report()).report
		for (const name of ANALYTICS_EVENT_NAMES)
			expect((await record({ name, surface: 'timeline' })).status).toBe(201)
		expect((await record({ name: 'click_to_node', surface: 'dashboard' }, victor)).status).toBe(201)
		const after = (await report()).report!
		const today = new Date().toISOString().slice(0, 10)
		expect(
			after.rows.find((r) => r.surface === 'timeline' && r.name === 'click_to_node')?.day,
		).toBe(today)
		for (const name of ANALYTICS_EVENT_NAMES)
			expect(countOf(after, 'timeline', name) - countOf(before, 'timeline', name)).toBe(1)
		expect(
			countOf(after, 'dashboard', 'click_to_node') - countOf(before, 'dashboard', 'click_to_node'),
		).toBe(1)
		// Tenant-scoped: Globex's report holds none of Acme's events.
		const globex = await h.call('/api/web/analytics_events/report', {
			token: gary,
			supplyChain: 'globex',
		})
		// Gary has no CORE.UPDATE_SUPPLY_CHAIN_SETTINGS: not an administrator.
		expect(globex.status).toBe(403)
	})

	it('refuses an unknown event, a surface of the other endpoint and extra fields, naming the field', async () => {
		const bad = await record({ name: 'page_view', surface: 'timeline' })
		expect(bad.status).toBe(400)
		expect(JSON.stringify(bad.body)).toContain('name')
		expect((await record({ name: 'click_to_node', surface: 'public_tracker' })).status).toBe(400)
		expect(
			(await record({ name: 'click_to_node', surface: 'timeline', user_id: 'x' })).status,
		).toBe(400)
		expect(
			(
				await h.call('/api/web/analytics_events', {
					method: 'POST',
					supplyChain: 'acme',
					body: { name: 'click_to_node', surface: 'timeline' },
				})
			).status,
		).toBe(401)
	})

	it("refuses a surface's events while its toggle is off for the supply chain (403), and records them again once on", async () => {
		await setToggle(h.db, 'web.ui.analyticsEvents.dashboard', false, 'acme')
		try {
			const off = await record({ name: 'click_to_node', surface: 'dashboard' })
			expect(off.status).toBe(403)
			expect(String(off.body?.error)).toContain('switched off')
			expect((await record({ name: 'click_to_node', surface: 'timeline' })).status).toBe(201)
		} finally {
			await setToggle(h.db, 'web.ui.analyticsEvents.dashboard', true, 'acme')
		}
		expect((await record({ name: 'click_to_node', surface: 'dashboard' })).status).toBe(201)
	})
})

describe('000 §6 analytics events of the public tracker and the guest timeline (anonymous)', () => {
	it('records them for the supply chain named, refuses an unknown one (404) and a signed-in surface (400)', async () => {
		const before = (await report()).report
		expect(
			(await recordAnonymous({ name: 'return_to_search_results', surface: 'public_tracker' }))
				.status,
		).toBe(201)
		expect(
			(await recordAnonymous({ name: 'show_all_events', surface: 'guest_timeline' })).status,
		).toBe(201)
		const after = (await report()).report
		expect(
			countOf(after, 'public_tracker', 'return_to_search_results') -
				countOf(before, 'public_tracker', 'return_to_search_results'),
		).toBe(1)
		expect(
			countOf(after, 'guest_timeline', 'show_all_events') -
				countOf(before, 'guest_timeline', 'show_all_events'),
		).toBe(1)
		expect(
			(await recordAnonymous({ name: 'click_to_node', surface: 'public_tracker' }, 'nobody'))
				.status,
		).toBe(404)
		expect((await recordAnonymous({ name: 'click_to_node', surface: 'timeline' })).status).toBe(400)
	})

	it(`allows ${ANONYMOUS_EVENTS_PER_MINUTE} a minute per client address, then answers 429 with Retry-After; another address is not held back`, async () => {
		const address = '198.51.100.42'
		const statuses: number[] = []
		for (let i = 0; i < ANONYMOUS_EVENTS_PER_MINUTE + 1; i++)
			statuses.push(
				(
					await recordAnonymous(
						{ name: 'click_to_node', surface: 'public_tracker' },
						'acme',
						address,
					)
				).status,
			)
		expect(statuses.slice(0, ANONYMOUS_EVENTS_PER_MINUTE).every((s) => s === 201)).toBe(true)
		const refused = await recordAnonymous(
			{ name: 'click_to_node', surface: 'public_tracker' },
			'acme',
			address,
		)
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(
			(
				await recordAnonymous(
					{ name: 'click_to_node', surface: 'public_tracker' },
					'acme',
					'198.51.100.43',
				)
			).status,
		).toBe(201)
	})
})

describe('the analytics events report: administrators only (CORE.UPDATE_SUPPLY_CHAIN_SETTINGS)', () => {
	it('answers Olivia (an administrator) and refuses Victor (CORE.DEFAULT only) with 403', async () => {
		expect((await report()).status).toBe(200)
		expect((await report(victor)).status).toBe(403)
		expect(
			(
				await h.call('/api/web/analytics_events/report?days=0', {
					token: olivia,
					supplyChain: 'acme',
				})
			).status,
		).toBe(400)
	})
})

describe('an anonymous body is capped before it is read (issue 45, floods)', () => {
	const anonymous = (body: BodyInit, headers: Record<string, string> = {}) =>
		h.api.fetch(
			new Request('http://scm.internal/api/web/public/analytics_events', {
				method: 'POST',
				body,
				headers: {
					'Content-Type': 'application/json',
					'X-Supply-Chain': 'acme',
					'X-Api-Key': WEB_API_KEY,
					'X-Client-Address': '203.0.113.99',
					...headers,
				},
				// @ts-expect-error Node's fetch needs it for a streamed body
				duplex: 'half',
			}),
		)
	const big = JSON.stringify({ name: 'x'.repeat(5_000_000), surface: 'public_tracker' })

	it('refuses a declared length over the cap with 413 naming it', async () => {
		const res = await anonymous(big)
		expect(res.status).toBe(413)
		expect((await res.json()).error).toBe(
			`A request without a token carries at most ${ANONYMOUS_BODY_BYTES} bytes`,
		)
	})

	it('stops reading a streamed body (no length) once it passes the cap', async () => {
		let sent = 0
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (sent >= 50_000_000) return controller.close()
				sent += 1_000_000
				controller.enqueue(new Uint8Array(1_000_000).fill(32))
			},
		})
		const res = await anonymous(stream)
		expect(res.status).toBe(413)
		// It read about the cap, not the 50 MB offered.
		expect(sent).toBeLessThan(10_000_000)
	})
})
