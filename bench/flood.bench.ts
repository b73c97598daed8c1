/**
 * `npm run bench -- flood`: a signed-in user reading the SO-1001 timeline, one request after the
 * other, alone and then during two anonymous floods (issue 45):
 * - A: 20 clients requesting the public results page `/tracking/acme/SO-1001` from one address;
 * - B: 20 clients requesting the public tracker's timeline page, each request from a new address
 *   (X-Forwarded-For, the server started with TRUST_PROXY=1).
 * Prints the user's p50 / p95 in each phase with its ratio to the quiet p50 and any error, what the
 * flood got (served, refused by status), and the server's CPU per request for a served tracker
 * page (anonymous, one at a time) and for a refused one (an address over its limit).
 * Fresh data folder, demo data. Options: --seconds N per phase (default 10).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createCookie } from 'react-router'
import { seedId } from '../server/db/seed/random'
import { startServer } from '../tests/e2e/server-process'
import { quantile } from './harness'
import { signIn } from './sign-in'

const { values } = parseArgs({
	options: { seconds: { type: 'string', default: '10' } },
	strict: false,
	allowPositionals: true,
})
const seconds = Math.max(2, Number(values.seconds) || 10)
const FLOOD_CLIENTS = 20

const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-flood-'))
const server = await startServer(dataDir, { LOG_LEVEL: 'warn', TRUST_PROXY: '1' })
const pid = server.child.pid!
const ticks = () => {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
	return Number(fields[11]) + Number(fields[12])
}

try {
	const base = server.url
	const session = await signIn(base, 'olivia@acme.test', 'demo-password-1')
	const { sessionSecret } = JSON.parse(
		readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
	) as {
		sessionSecret: string
	}
	const captcha = (
		await createCookie('waymark_captcha', {
			path: '/tracking',
			secrets: [sessionSecret],
		}).serialize({
			at: Date.now(),
		})
	).split(';')[0]!
	const so1001 = seedId('acme', 'ship_set', 'SO-1001')
	const memberUrl = `${base}/timeline/${so1001}`
	const trackerTimeline = `${base}/tracking/acme/1Z999AA10123456784/${so1001}?trackingNumber=1Z999AA10123456784`
	const results = `${base}/tracking/acme/SO-1001`

	let addresses = 0
	const fresh = () => `198.18.${(++addresses >> 8) & 255}.${addresses & 255}`
	const get = async (url: string, headers: Record<string, string>) => {
		const started = performance.now()
		const res = await fetch(url, { headers: { 'Accept-Encoding': 'gzip', ...headers } })
		await res.arrayBuffer()
		return { status: res.status, ms: performance.now() - started }
	}

	/** The user, one request after the other, for `seconds`. */
	async function member() {
		const times: number[] = []
		let errors = 0
		const until = Date.now() + seconds * 1000
		while (Date.now() < until) {
			const r = await get(memberUrl, { Cookie: session, 'X-Forwarded-For': '192.0.2.10' })
			if (r.status === 200) times.push(r.ms)
			else errors++
		}
		return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), n: times.length, errors }
	}

	/** FLOOD_CLIENTS anonymous clients until `stop`: counts answers by status. */
	function flood(url: string, address: () => string, stop: { done: boolean }) {
		const statuses = new Map<number, number>()
		const clients = Array.from({ length: FLOOD_CLIENTS }, async () => {
			while (!stop.done) {
				const r = await get(url, { Cookie: captcha, 'X-Forwarded-For': address() }).catch(() => ({
					status: 0,
					ms: 0,
				}))
				statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
			}
		})
		return { statuses, finished: Promise.all(clients) }
	}

	/**
	 * Server CPU ms per request of `url`: `n` requests, one at a time, or all at once (refusals are
	 * held back a moment before they are sent: one at a time would measure the wait's idle CPU too).
	 */
	async function cpuPerRequest(
		url: string,
		headers: () => Record<string, string>,
		{ n = 200, together = false } = {},
	) {
		const before = ticks()
		const statuses = new Set<number>()
		if (together)
			for (const r of await Promise.all(Array.from({ length: n }, () => get(url, headers()))))
				statuses.add(r.status)
		else for (let i = 0; i < n; i++) statuses.add((await get(url, headers())).status)
		return { ms: ((ticks() - before) * 10) / n, statuses: [...statuses] }
	}

	await member() // warm up
	const quiet = await member()
	const phases: [string, Awaited<ReturnType<typeof member>>, Map<number, number>][] = []
	for (const [name, url, address] of [
		['A: results page, one address', results, () => '203.0.113.66'],
		['B: tracker timelines, a new address each', trackerTimeline, fresh],
	] as const) {
		const stop = { done: false }
		const f = flood(url, address, stop)
		await new Promise((r) => setTimeout(r, 1000))
		const during = await member()
		stop.done = true
		await f.finished
		phases.push([name, during, f.statuses])
	}
	const served = await cpuPerRequest(trackerTimeline, () => ({
		Cookie: captcha,
		'X-Forwarded-For': fresh(),
	}))
	const refused = await cpuPerRequest(results, () => ({ 'X-Forwarded-For': '203.0.113.66' }), {
		together: true,
	})

	const ms = (x: number) => `${x.toFixed(1)} ms`
	console.log(
		`\nFlood, PGlite demo data, ${FLOOD_CLIENTS} flood clients, ${seconds} s a phase; the user reads the SO-1001 timeline one request after the other`,
	)
	console.log(
		'phase | user p50 | p95 | ratio to quiet p50 | user requests | user errors | flood answers',
	)
	console.log('--- | --- | --- | --- | --- | --- | ---')
	console.log(
		`quiet | ${ms(quiet.p50)} | ${ms(quiet.p95)} | ×1.00 | ${quiet.n} | ${quiet.errors} | —`,
	)
	for (const [name, r, statuses] of phases) {
		const answers = [...statuses]
			.sort(([a], [b]) => a - b)
			.map(([s, n]) => `${n} × ${s}`)
			.join(', ')
		console.log(
			`${name} | ${ms(r.p50)} | ${ms(r.p95)} | ×${(r.p50 / quiet.p50).toFixed(2)} | ${r.n} | ${r.errors} | ${answers}`,
		)
	}
	console.log(
		`\nServer CPU per request: a served tracker timeline ${ms(served.ms)} (${served.statuses.join(', ')}), a refused results page ${ms(refused.ms)} (${refused.statuses.join(', ')}): refused / served ×${(refused.ms / served.ms).toFixed(2)}`,
	)
} finally {
	await server.stop()
	rmSync(dataDir, { recursive: true, force: true })
}
