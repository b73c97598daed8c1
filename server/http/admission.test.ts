import { describe, expect, it } from 'vitest'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { admission, BUSY_TEXT } from './admission'

/** An app whose pages take `ms` each, behind admission. */
async function withApp(
	opts: { concurrency: number; queue: number; waitMs: number },
	ms: number,
	fn: (
		get: (cookie?: string) => Promise<{ status: number; text: string; retryAfter: string | null }>,
		peak: () => number,
	) => Promise<void>,
) {
	let now = 0
	let peak = 0
	const app = express()
	app.use(admission({ ...opts, hasSession: (c) => /(?:^|; )wm_session=good(?:;|$)/.test(c ?? '') }))
	app.get('/page', (_req, res) => {
		peak = Math.max(peak, ++now)
		setTimeout(() => {
			now--
			res.send('page')
		}, ms)
	})
	const server = app.listen(0)
	await new Promise((r) => server.once('listening', r))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	try {
		await fn(
			async (cookie) => {
				const res = await fetch(`${base}/page`, { headers: cookie ? { Cookie: cookie } : {} })
				return {
					status: res.status,
					text: await res.text(),
					retryAfter: res.headers.get('retry-after'),
				}
			},
			() => peak,
		)
	} finally {
		server.close()
	}
}

describe('admission by class (issue 45, floods)', () => {
	it('holds anonymous requests to their concurrency, queues a few, refuses the rest with a small 503', async () => {
		await withApp({ concurrency: 2, queue: 2, waitMs: 1000 }, 100, async (get, peak) => {
			const answers = await Promise.all(Array.from({ length: 8 }, () => get()))
			const served = answers.filter((a) => a.status === 200)
			const refused = answers.filter((a) => a.status === 503)
			// Two at once, two after them from the queue; four refused at once.
			expect(served).toHaveLength(4)
			expect(refused).toHaveLength(4)
			expect(refused[0]).toMatchObject({ text: BUSY_TEXT, retryAfter: '2' })
			expect(peak()).toBe(2)
		})
	})

	it('never holds back a signed-in request, however many anonymous ones are waiting', async () => {
		await withApp({ concurrency: 1, queue: 10, waitMs: 5000 }, 200, async (get) => {
			const flood = Array.from({ length: 6 }, () => get())
			const started = Date.now()
			const member = await get('wm_session=good')
			expect(member.status).toBe(200)
			// Served beside the one anonymous request in flight, not after the queue.
			expect(Date.now() - started).toBeLessThan(600)
			await Promise.all(flood)
		})
	})

	it('gives anonymous requests one lane while signed-in work is going on', async () => {
		await withApp({ concurrency: 4, queue: 10, waitMs: 5000 }, 100, async (get, peak) => {
			const member = get('wm_session=good')
			await new Promise((r) => setTimeout(r, 10))
			const flood = await Promise.all(Array.from({ length: 4 }, () => get()))
			expect((await member).status).toBe(200)
			expect(flood.every((a) => a.status === 200)).toBe(true)
			// The member's page and one anonymous page at a time (peak counts every page in flight).
			expect(peak()).toBe(2)
		})
	})

	it('counts a made-up session cookie as anonymous', async () => {
		await withApp({ concurrency: 1, queue: 0, waitMs: 1000 }, 200, async (get) => {
			const answers = await Promise.all([get(), get('wm_session=forged')])
			expect(answers.map((a) => a.status).sort()).toEqual([200, 503])
		})
	})

	it('refuses a queued request that waited too long', async () => {
		await withApp({ concurrency: 1, queue: 5, waitMs: 50 }, 300, async (get) => {
			const [first, second] = await Promise.all([get(), get()])
			expect(first!.status).toBe(200)
			expect(second!.status).toBe(503)
			// The slot is free again afterwards.
			expect((await get()).status).toBe(200)
		})
	})
})
