import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import express from 'express'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { loadConfig } from '../config'
import { FixedWindowLimiter } from '../rate-limit'

// "TRUST_PROXY as a hop count or a list of proxy addresses, never 'trust every X-Forwarded-For',
// so a client cannot pick its own address"; Acceptance: "A spoofed X-Forwarded-For with TRUST_PROXY=1 does
// not move the client out of its limit." The address is Express's req.ip under the configured setting, as
// server/http/app.ts sets it; the limit here is a stand-in of the tracker's (10 a minute). The same runs
// against two real servers on PostgreSQL in tests/e2e/multi-process.spec.ts.

function serve(trustProxy: string) {
	const app = express()
	app.set('trust proxy', loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY)
	const limiter = new FixedWindowLimiter(10, 60_000)
	app.get('/', (req, res) => {
		const { allowed } = limiter.hit(req.ip ?? 'unknown')
		res.status(allowed ? 200 : 429).send(req.ip)
	})
	return app
}

const servers: Server[] = []
async function listen(trustProxy: string): Promise<string> {
	const server = serve(trustProxy).listen(0, '127.0.0.1')
	servers.push(server)
	await new Promise((resolve) => server.once('listening', resolve))
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))))

describe('the client address behind TRUST_PROXY', () => {
	let oneHop = ''
	let listed = ''
	let off = ''
	beforeAll(async () => {
		oneHop = await listen('1')
		listed = await listen('127.0.0.1/8')
		off = await listen('off')
	})

	it('with TRUST_PROXY=1 is the address the proxy appended, whatever the client wrote before it', async () => {
		// The proxy appends the address it saw (198.51.100.7); the client sent a new made-up one each time.
		const statuses: number[] = []
		for (let i = 0; i < 12; i++) {
			const res = await fetch(oneHop, {
				headers: { 'X-Forwarded-For': `203.0.113.${i}, 198.51.100.7` },
			})
			expect(await res.text()).toBe('198.51.100.7')
			statuses.push(res.status)
		}
		expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
		// Another client behind the same proxy keeps its own limit.
		expect((await fetch(oneHop, { headers: { 'X-Forwarded-For': '198.51.100.8' } })).status).toBe(
			200,
		)
	})

	it('with a list trusts only the listed proxies, walking back from the connection', async () => {
		// The connection (127.0.0.1) is listed; 10.9.9.9 is not, so it is the client, whatever came before it.
		const res = await fetch(listed, { headers: { 'X-Forwarded-For': '203.0.113.1, 10.9.9.9' } })
		expect(await res.text()).toBe('10.9.9.9')
	})

	it('off, believes no X-Forwarded-For at all', async () => {
		const res = await fetch(off, { headers: { 'X-Forwarded-For': '203.0.113.1' } })
		expect(await res.text()).toBe('127.0.0.1')
	})
})
