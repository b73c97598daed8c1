/**
 * What a page costs to serve (issue 20: "`npm run bench -- pages` prints req/s and p50/p95 for
 * `/terms`, `/dashboard`, the SO-1001 timeline, one of its tabs, the advanced search and the public
 * results at concurrency 10, with each page's cost as a ratio to `/terms` from the same run").
 *
 *   npm run bench -- pages [--pages-db DIR | postgres://…] [--seconds 8] [--concurrency 10] [--cpu-prof DIR]
 *   (also run by `npm run bench`, on the demo data, in a throwaway folder; DATABASE_URL is used when set)
 *
 * Starts the built server (`npm run build` first) on a free port — with a fresh data folder (the demo
 * data), or the given PGlite folder or PostgreSQL database — signs in as olivia@acme.test through the
 * real sign-in (/login → the embedded OpenID provider's form → /authorize), then, page after page,
 * runs `concurrency` clients, each a plain fetch loop with the session cookie, for `seconds`.
 * A page's cost is its mean time per request at that concurrency, divided by /terms' in the same run
 * (the same as the ratio of their req/s). No timed assertions: it measures and prints.
 * With --cpu-prof DIR the server runs under `node --cpu-prof` and writes its profile there on exit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createCookie } from 'react-router'
import { seedId } from '../server/db/seed/random'
import { startServer } from '../tests/e2e/server-process'

const { values } = parseArgs({
	options: {
		'pages-db': { type: 'string' },
		seconds: { type: 'string', default: '8' },
		concurrency: { type: 'string', default: '10' },
		'cpu-prof': { type: 'string' },
		only: { type: 'string' },
	},
	// npm run bench passes every bench its own options (--scales …): ignore what is not ours.
	strict: false,
	allowPositionals: true,
})
const seconds = Math.max(1, Number(values.seconds) || 8)
const concurrency = Math.max(1, Number(values.concurrency) || 10)
const given = typeof values['pages-db'] === 'string' ? values['pages-db'] : process.env.DATABASE_URL
const postgres = !!given && /^postgres(ql)?:\/\//.test(given)
const ownFolder = !given
const dataDir = given && !postgres ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'waymark-pages-'))

/** A cookie jar of one client: name → value, filled from Set-Cookie. */
class Jar {
	private cookies = new Map<string, string>()
	take(res: Response) {
		for (const line of res.headers.getSetCookie()) {
			const [pair] = line.split(';')
			const at = pair!.indexOf('=')
			const name = pair!.slice(0, at).trim()
			const value = pair!.slice(at + 1).trim()
			if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line) || value === '') this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}
	header() {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
	}
}

/** The real sign-in, as a browser without JavaScript makes it: every redirect followed by hand with the cookies. */
async function signIn(base: string, email: string, password: string): Promise<string> {
	const jar = new Jar()
	let url = `${base}/login?redirectTo=/dashboard`
	let posted = false
	for (let hop = 0; hop < 20; hop++) {
		const interaction = url.match(/\/oidc\/interaction\/([^/?]+)$/)
		const res =
			interaction && !posted
				? await fetch(`${base}/oidc/interaction/${interaction[1]}/login`, {
						method: 'POST',
						redirect: 'manual',
						headers: { Cookie: jar.header(), 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
						body: new URLSearchParams({ email, password }),
					})
				: await fetch(url, { redirect: 'manual', headers: { Cookie: jar.header() } })
		if (interaction && !posted) posted = true
		jar.take(res)
		const location = res.headers.get('location')
		await res.arrayBuffer()
		if (!location) {
			if (res.status === 200 && new URL(url).pathname === '/dashboard') return jar.header()
			throw new Error(`sign-in stopped at ${url}: ${res.status}`)
		}
		url = new URL(location, url).toString()
	}
	throw new Error('sign-in: too many redirects')
}

let visitors = 0
/** A new documentation-range address (198.18.0.0/15, benchmarking) for each anonymous request. */
const visitor = () => `198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors++ & 255}`

/**
 * CPU seconds a process has spent so far on its main thread and on all its threads (PGlite's
 * thread, the garbage collector's, libuv's), from Linux's /proc; null elsewhere. Unlike req/s,
 * CPU time per request hardly moves when other work shares the cores.
 */
function threadCpu(pid: number): { main: number; all: number } | null {
	try {
		let main = 0
		let all = 0
		for (const task of readdirSync(`/proc/${pid}/task`)) {
			const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')
			// Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 1/100 s.
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
			const seconds = (Number(fields[11]) + Number(fields[12])) / 100
			all += seconds
			if (task === String(pid)) main = seconds
		}
		return { main, all }
	} catch {
		return null
	}
}

const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN

/** `concurrency` fetch loops on one URL for `seconds`; every answer must be 200. */
async function load(url: string, cookie: string, spreadAddresses: boolean) {
	const times: number[] = []
	const until = performance.now() + seconds * 1000
	let failure: string | undefined
	const client = async () => {
		while (performance.now() < until && !failure) {
			const t = performance.now()
			const headers: Record<string, string> = { Cookie: cookie, 'Accept-Encoding': 'gzip' }
			// Public pages are limited per client address: every request comes from another visitor.
			if (spreadAddresses) headers['X-Forwarded-For'] = visitor()
			const res = await fetch(url, { headers, redirect: 'manual' })
			await res.arrayBuffer()
			if (res.status !== 200) failure = `${url}: ${res.status} ${res.headers.get('location') ?? ''}`
			times.push(performance.now() - t)
		}
	}
	const started = performance.now()
	await Promise.all(Array.from({ length: concurrency }, client))
	const elapsed = (performance.now() - started) / 1000
	if (failure) throw new Error(failure)
	times.sort((a, b) => a - b)
	return { rps: times.length / elapsed, p50: pct(times, 0.5), p95: pct(times, 0.95), n: times.length }
}

async function main() {
	// TRUST_PROXY=1: the bench stands in for a proxy, so that the public results' per-address limit
	// (30 searches a minute) meets many visitors, as in production, not one address.
	const env: Record<string, string | undefined> = { LOG_LEVEL: 'warn', TRUST_PROXY: '1' }
	// On PostgreSQL the demo data is seeded only when asked (DEMO_SEED; PGlite's fresh folder has it by default).
	if (postgres) Object.assign(env, { DATABASE_URL: given, DEMO_SEED: process.env.DEMO_SEED ?? 'true' })
	const prof = typeof values['cpu-prof'] === 'string' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : []
	const server = await startServer(dataDir, env, prof)
	try {
		const base = server.url
		const session = await signIn(base, 'olivia@acme.test', 'demo-password-1')
		// The public results need this browser session to have passed the captcha (000 §2): a pass signed
		// with the session secret, as tracker.bench.ts makes it (PGlite: the folder's secrets.json).
		let captcha = ''
		if (!postgres) {
			const { sessionSecret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { sessionSecret: string }
			captcha = (await createCookie('waymark_captcha', { path: '/tracking', secrets: [sessionSecret] }).serialize({ at: Date.now() })).split(';')[0]!
		} else {
			// PostgreSQL: SESSION_SECRET, else the one the server generated into app_secrets.
			const pool = new pg.Pool({ connectionString: given, max: 1 })
			const row = await pool.query<{ value: string }>("select value from app_secrets where name = 'sessionSecret'").catch(() => null)
			await pool.end()
			const secret = process.env.SESSION_SECRET ?? row?.rows[0]?.value
			if (secret) captcha = (await createCookie('waymark_captcha', { path: '/tracking', secrets: [secret] }).serialize({ at: Date.now() })).split(';')[0]!
		}
		const so1001 = seedId('acme', 'ship_set', 'SO-1001')
		const pages: [string, string, string, boolean][] = [
			['/terms', '/terms', session, false],
			['/dashboard', '/dashboard', session, false],
			['timeline SO-1001', `/timeline/${so1001}`, session, false],
			['its Comments tab', `/timeline/${so1001}/comments`, session, false],
			['advanced search SO-10', '/advanced_search?qs_query_string=SO-10', session, false],
		]
		if (captcha) pages.push(['public results PO-7781', '/tracking/acme/PO-7781', captcha, true])
		else console.log('(public results left out: no session secret to sign the captcha pass with)')
		const only = typeof values.only === 'string' ? values.only.split(',') : null
		const pid = server.child.pid!
		const rows: { name: string; path: string; rps: number; p50: number; p95: number; n: number; cpu?: { main: number; all: number } }[] = []
		for (const [name, p, cookie, spread] of pages) {
			if (only && name !== '/terms' && !only.some((o) => name.includes(o))) continue
			// Warm up: compiled code paths, caches, the database's buffers.
			for (let i = 0; i < 5; i++) {
				const headers: Record<string, string> = { Cookie: cookie, ...(spread ? { 'X-Forwarded-For': visitor() } : {}) }
				await fetch(base + p, { headers, redirect: 'manual' }).then((r) => r.arrayBuffer())
			}
			const before = threadCpu(pid)
			const r = { name, path: p, ...(await load(base + p, cookie, spread)) }
			const after = threadCpu(pid)
			rows.push({ ...r, cpu: before && after ? { main: ((after.main - before.main) * 1000) / r.n, all: ((after.all - before.all) * 1000) / r.n } : undefined })
			console.log(`  ${name}: ${r.rps.toFixed(1)} req/s`)
		}
		const terms = rows[0]!
		console.log(
			`\nPages at concurrency ${concurrency}, ${seconds} s each (${postgres ? 'PostgreSQL' : 'PGlite'}, ${given ? given.replace(/\/\/[^@]*@/, '//…@') : 'fresh folder, demo data'}), signed in as olivia@acme.test`,
		)
		// The server's CPU per request, on its main thread (rendering, the API, and PGlite before
		// ADR 0030) and on all its threads; each also as a ratio to /terms'.
		const cpu = (r: (typeof rows)[number], k: 'main' | 'all') =>
			r.cpu && terms.cpu ? ` | ${r.cpu[k].toFixed(2)} (×${(r.cpu[k] / terms.cpu[k]).toFixed(2)})` : ' | –'
		console.log('page | req/s | p50 ms | p95 ms | requests | cost ×/terms | main-thread CPU ms/req | all threads CPU ms/req')
		console.log('--- | --- | --- | --- | --- | --- | --- | ---')
		for (const r of rows) {
			console.log(`${r.name} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.n} | ×${(terms.rps / r.rps).toFixed(2)}${cpu(r, 'main')}${cpu(r, 'all')}`)
		}
	} finally {
		await server.stop()
		if (ownFolder) rmSync(dataDir, { recursive: true, force: true })
	}
}

await main()
