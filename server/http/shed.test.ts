import { describe, expect, it } from 'vitest'
import express from 'express'
import type { AddressInfo } from 'node:net'
import {
	limitAnonymousPages,
	PAGE_LIMITS,
	shedKind,
	shedRateLimited,
	TOO_MANY_REQUESTS_TEXT,
} from './shed'
import { memoryLimits } from '../rate-limit'

/** An app whose pages count their renders and answer the API's 429 once `limit` is spent. */
async function withApp(
	limit: number,
	fn: (base: string, renders: () => number, clock: { now: number }) => Promise<void>,
) {
	const clock = { now: 1_000_000 }
	let renders = 0
	const app = express()
	app.set('trust proxy', true)
	app.use(shedRateLimited({ now: () => clock.now, refusalDelayMs: 0 }))
	app.all('/{*splat}', (_req, res) => {
		renders++
		if (renders > limit)
			res
				.status(429)
				.set('Retry-After', '30')
				.send(`<html>${'a whole page '.repeat(500)}</html>`)
		else res.send('results')
	})
	const server = app.listen(0)
	await new Promise((r) => server.once('listening', r))
	try {
		await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => renders, clock)
	} finally {
		server.close()
	}
}

describe('shedding a visitor the API has refused', () => {
	it('answers the next pages itself, small and without a render, until Retry-After has passed', async () => {
		await withApp(1, async (base, renders, clock) => {
			const get = (path: string, headers: Record<string, string> = {}) =>
				fetch(`${base}${path}`, { headers: { 'X-Forwarded-For': '203.0.113.9', ...headers } })
			expect((await get('/tracking/acme/PO-7781')).status).toBe(200)
			const refused = await get('/tracking/acme/PO-7781')
			expect(refused.status).toBe(429)
			expect(renders()).toBe(2)

			clock.now += 10_000
			const shed = await get('/tracking/acme/PO-7781')
			expect(shed.status).toBe(429)
			expect(shed.headers.get('retry-after')).toBe('20')
			const page = await shed.text()
			expect(page).toContain(TOO_MANY_REQUESTS_TEXT)
			expect(page.length).toBeLessThan(1000)
			expect(renders(), 'the shed page is no render').toBe(2)

			// Another visitor, another kind of page, a JavaScript navigation and a post are the app's to answer.
			await get('/tracking/acme/PO-7781', { 'X-Forwarded-For': '203.0.113.10' })
			await get('/tracking/acme/PO-7781/some-order')
			await get('/tracking/acme/PO-7781.data')
			await fetch(`${base}/tracking/acme/PO-7781`, {
				method: 'POST',
				headers: { 'X-Forwarded-For': '203.0.113.9' },
			})
			// The captcha raises the search limit: a visitor who passed it asks the API again.
			await get('/tracking/acme/PO-7781', { Cookie: 'waymark_captcha=signed' })
			expect(renders()).toBe(7)

			clock.now += 21_000
			await get('/tracking/acme/PO-7781')
			expect(renders(), 'after Retry-After the API decides again').toBe(8)
		})
	})

	it('knows the anonymous pages by their path', () => {
		const req = (path: string, query: Record<string, string> = {}, cookie = '') => ({
			path,
			query,
			headers: { cookie },
		})
		expect(shedKind(req('/tracking/acme/PO-7781'))).toBe('search')
		expect(shedKind(req('/tracking/acme/PO-7781', {}, 'a=1; waymark_captcha=x'))).toBe(
			'search+captcha',
		)
		expect(shedKind(req('/tracking/acme/PO-7781/abc'))).toBe('timeline')
		expect(shedKind(req('/guest/abc/timeline'))).toBe('guest')
		expect(shedKind(req('/timeline/abc', { token: 't' }))).toBe('guest')
		expect(shedKind(req('/timeline/abc'))).toBeNull()
		expect(shedKind(req('/tracking'))).toBeNull()
		expect(shedKind(req('/dashboard'))).toBeNull()
	})
})

describe('anonymous pages limited per address (issue 45: the results page was not)', () => {
	it('renders a kind of page at most its limit a minute per address, then answers the small 429 page', async () => {
		let renders = 0
		const app = express()
		app.set('trust proxy', true)
		app.use(limitAnonymousPages(memoryLimits(), { refusalDelayMs: 0 }))
		app.all('/{*splat}', (_req, res) => {
			renders++
			res.send('a rendered page')
		})
		const server = app.listen(0)
		await new Promise((r) => server.once('listening', r))
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		const get = (path: string, address: string) =>
			fetch(`${base}${path}`, { headers: { 'X-Forwarded-For': address } })
		try {
			const limit = PAGE_LIMITS.search!
			for (let i = 0; i < limit; i++)
				expect((await get('/tracking/acme/PO-7781', '203.0.113.5')).status).toBe(200)
			const refused = await get('/tracking/acme/PO-7781', '203.0.113.5')
			expect(refused.status).toBe(429)
			expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
			expect(await refused.text()).toContain(TOO_MANY_REQUESTS_TEXT)
			expect(renders).toBe(limit)
			// Another address, and a signed-in page, are not counted against it.
			expect((await get('/tracking/acme/PO-7781', '203.0.113.6')).status).toBe(200)
			expect((await get('/dashboard', '203.0.113.5')).status).toBe(200)
		} finally {
			server.close()
		}
	})
})

describe('a refusal held back (issue 45, flood A)', () => {
	it('answers an address over its limit after a moment, so a client that asks again at once asks a few times a second', async () => {
		const app = express()
		app.set('trust proxy', true)
		app.use(limitAnonymousPages(memoryLimits(), { refusalDelayMs: 300 }))
		app.all('/{*splat}', (_req, res) => res.send('a rendered page'))
		const server = app.listen(0)
		await new Promise((r) => server.once('listening', r))
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking/acme/PO-7781`
		const get = () => fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.7' } })
		try {
			for (let i = 0; i < PAGE_LIMITS.search!; i++) expect((await get()).status).toBe(200)
			const started = Date.now()
			const refused = await get()
			expect(refused.status).toBe(429)
			expect(Date.now() - started).toBeGreaterThanOrEqual(280)
		} finally {
			server.close()
		}
	})
})
