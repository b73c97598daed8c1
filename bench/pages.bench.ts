/**
 * What a page costs to serve ("`npm run bench -- pages` prints req/s and p50/p95 for
 * `/terms`, `/dashboard`, the SO-1001 timeline, one of its tabs, the advanced search and the public
 * results at concurrency 10, with each page's cost as a ratio to `/terms` from the same run").
 *
 *   npm run bench -- pages [--pages-db DIR | postgres://…] [--seconds 8] [--warm-up 20] [--concurrency 10] [--cpu-prof DIR]
 *   (also run by `npm run bench`, on the demo data, in a throwaway folder; DATABASE_URL is used when set)
 * --only timeline,Comments measures only the pages whose names contain one of these (and /terms beside them).
 *
 * Starts the built server (`npm run build` first) on a free port — with a fresh data folder (the demo
 * data), or the given PGlite folder or PostgreSQL database — signs in as olivia@acme.test through the
 * real sign-in (/login → the embedded OpenID provider's form → /authorize), then, page after page,
 * warms it up (`--warm-up` seconds of the same load, unmeasured) and runs `concurrency` clients,
 * each a plain fetch loop with the session cookie, for `seconds`, in
 * three slices each beside a slice of /terms. A page's cost is its mean time per request at that
 * concurrency divided by /terms' in the slices beside it (the ratio of their req/s), so that the
 * machine's drift during a run does not favour the pages measured early. With it, the server's CPU
 * per request on its main thread and on all threads (Linux's /proc). No timed assertions: it
 * measures and prints.
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
import { signIn } from './sign-in'

const { values } = parseArgs({
	options: {
		'pages-db': { type: 'string' },
		seconds: { type: 'string', default: '8' },
		'warm-up': { type: 'string' },
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
/** Seconds of load on each page (and on /terms) before it is measured. */
const warmUpSeconds = Math.max(0, Number(values['warm-up'] ?? 20))
const given = typeof values['pages-db'] === 'string' ? values['pages-db'] : process.env.DATABASE_URL
const postgres = !!given && /^postgres(ql)?:\/\//.test(given)
const ownFolder = !given
const dataDir =
	given && !postgres ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'waymark-pages-'))

let visitors = 0
/** A new documentation-range address (198.18.0.0/15, benchmarking) for each anonymous request. */
const visitor = () =>
	`198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors++ & 255}`

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

const pct = (xs: number[], q: number) =>
	xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN

/** `concurrency` fetch loops on one URL for `secs` seconds; every answer must be 200. */
async function load(url: string, cookie: string, spreadAddresses: boolean, secs: number) {
	const times: number[] = []
	const ends: number[] = []
	const until = performance.now() + secs * 1000
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
			const end = performance.now()
			times.push(end - t)
			ends.push(end)
		}
	}
	await Promise.all(Array.from({ length: concurrency }, client))
	if (failure) throw new Error(failure)
	// Throughput counts the answers that arrived within the window: the requests still running at
	// its end (up to `concurrency`, longer for a slower page) would otherwise stretch it unequally.
	return { times, completed: ends.filter((end) => end <= until).length, window: secs }
}

/** CPU seconds: the server's main thread, all its threads, and this process (the clients). */
interface Cpu {
	main: number
	all: number
	client: number
}

/** A page's measurements so far: every request's time, the answers within the windows, the windows' seconds, the server's CPU seconds. */
class Tally {
	times: number[] = []
	completed = 0
	window = 0
	cpu: Cpu | null = { main: 0, all: 0, client: 0 }
	add(times: number[], completed: number, window: number, cpu: Cpu | null) {
		this.times.push(...times)
		this.completed += completed
		this.window += window
		this.cpu =
			cpu && this.cpu
				? {
						main: this.cpu.main + cpu.main,
						all: this.cpu.all + cpu.all,
						client: this.cpu.client + cpu.client,
					}
				: null
	}
	get n() {
		return this.times.length
	}
	get rps() {
		return this.completed / this.window
	}
	/** CPU milliseconds per request, on the main thread and on all threads. */
	get cpuPerRequest() {
		return this.cpu
			? {
					main: (this.cpu.main * 1000) / this.n,
					all: (this.cpu.all * 1000) / this.n,
					client: (this.cpu.client * 1000) / this.n,
				}
			: null
	}
	percentile(q: number) {
		return pct(
			[...this.times].sort((a, b) => a - b),
			q,
		)
	}
}

async function main() {
	// TRUST_PROXY=1: the bench stands in for a proxy, so that the public results' per-address limit
	// (30 searches a minute) meets many visitors, as in production, not one address.
	const env: Record<string, string | undefined> = { LOG_LEVEL: 'warn', TRUST_PROXY: '1' }
	// On PostgreSQL the demo data is seeded only when asked (DEMO_SEED; PGlite's fresh folder has it by default).
	if (postgres)
		Object.assign(env, { DATABASE_URL: given, DEMO_SEED: process.env.DEMO_SEED ?? 'true' })
	const prof =
		typeof values['cpu-prof'] === 'string'
			? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`]
			: []
	const server = await startServer(dataDir, env, prof)
	try {
		const base = server.url
		const session = await signIn(base, 'olivia@acme.test', 'demo-password-1')
		// The public results need this browser session to have passed the captcha (000 §2): a pass signed
		// with the session secret, as tracker.bench.ts makes it (PGlite: the folder's secrets.json).
		let captcha = ''
		if (!postgres) {
			const { sessionSecret } = JSON.parse(
				readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
			) as { sessionSecret: string }
			captcha = (
				await createCookie('waymark_captcha', {
					path: '/tracking',
					secrets: [sessionSecret],
				}).serialize({ at: Date.now() })
			).split(';')[0]!
		} else {
			// PostgreSQL: SESSION_SECRET, else the one the server generated into app_secrets.
			const pool = new pg.Pool({ connectionString: given, max: 1 })
			const row = await pool
				.query<{ value: string }>("select value from app_secrets where name = 'sessionSecret'")
				.catch(() => null)
			await pool.end()
			const secret = process.env.SESSION_SECRET ?? row?.rows[0]?.value
			if (secret)
				captcha = (
					await createCookie('waymark_captcha', { path: '/tracking', secrets: [secret] }).serialize(
						{ at: Date.now() },
					)
				).split(';')[0]!
		}
		const so1001 = seedId('acme', 'ship_set', 'SO-1001')
		const pages: [string, string, string, boolean][] = [
			['/terms', '/terms', session, false],
			['/dashboard', '/dashboard', session, false],
			['timeline SO-1001', `/timeline/${so1001}`, session, false],
			// The tab's own link (the page's href): the page with the tab open, as a click without JavaScript
			// opens it. (/timeline/{id}/comments is the tab's data route for JavaScript's reads and the form's
			// action; as a document it shows the default tab.)
			['its Comments tab', `/timeline/${so1001}?tab=comments`, session, false],
			['advanced search SO-10', '/advanced_search?qs_query_string=SO-10', session, false],
		]
		if (captcha) pages.push(['public results PO-7781', '/tracking/acme/PO-7781', captcha, true])
		else console.log('(public results left out: no session secret to sign the captcha pass with)')
		const only = typeof values.only === 'string' ? values.only.split(',') : null
		const pid = server.child.pid!
		const measure = async (
			tally: Tally,
			url: string,
			cookie: string,
			spread: boolean,
			secs: number,
		) => {
			const before = threadCpu(pid)
			const clientBefore = process.cpuUsage()
			const { times, completed, window } = await load(url, cookie, spread, secs)
			const client = process.cpuUsage(clientBefore)
			const after = threadCpu(pid)
			tally.add(
				times,
				completed,
				window,
				before && after
					? {
							main: after.main - before.main,
							all: after.all - before.all,
							client: (client.user + client.system) / 1e6,
						}
					: null,
			)
		}
		const warmUp = async (url: string, cookie: string, spread: boolean) => {
			// Caches and the database's buffers, then the steady state a running server is in: V8
			// optimizes a page's hot paths, and tiers up the PGlite thread's WebAssembly, in the first
			// seconds of load: from a cold start the timeline's req/s climbs and its CPU a request, on
			// the main thread and on V8's compiling threads, falls (bench/RESULTS.md). A page measured cold
			// looks dearer than it is to serve all day, and more so the more code only it runs.
			for (let i = 0; i < 5; i++) {
				const headers: Record<string, string> = {
					Cookie: cookie,
					...(spread ? { 'X-Forwarded-For': visitor() } : {}),
				}
				await fetch(url, { headers, redirect: 'manual' }).then((r) => r.arrayBuffer())
			}
			await load(url, cookie, spread, warmUpSeconds)
		}
		// The machine's speed drifts (between runs minutes apart, and more when other work
		// shares the cores): each page is measured in ROUNDS slices, each next to a slice of
		// /terms, and its cost is the ratio to those /terms slices only.
		const ROUNDS = 3
		const slice = seconds / ROUNDS
		const [termsName, termsPath, termsCookie] = pages[0]!
		await warmUp(base + termsPath, termsCookie, false)
		const allTerms = new Tally()
		const rows: { name: string; page: Tally; terms: Tally }[] = []
		for (const [name, p, cookie, spread] of pages.slice(1)) {
			if (only && !only.some((o) => name.includes(o))) continue
			await warmUp(base + p, cookie, spread)
			const page = new Tally()
			const terms = new Tally()
			for (let round = 0; round < ROUNDS; round++) {
				await measure(terms, base + termsPath, termsCookie, false, slice)
				await measure(page, base + p, cookie, spread, slice)
			}
			allTerms.add(terms.times, terms.completed, terms.window, terms.cpu)
			rows.push({ name, page, terms })
			console.log(
				`  ${name}: ${page.rps.toFixed(1)} req/s (/terms beside it ${terms.rps.toFixed(1)})`,
			)
		}
		if (rows.length === 0) await measure(allTerms, base + termsPath, termsCookie, false, seconds)
		console.log(
			`\nPages at concurrency ${concurrency}, ${seconds} s each in ${ROUNDS} slices beside ${ROUNDS} of /terms (${postgres ? 'PostgreSQL' : 'PGlite'}, ${given ? given.replace(/\/\/[^@]*@/, '//…@') : 'fresh folder, demo data'}), signed in as olivia@acme.test`,
		)
		// Cost: the ratio of /terms' req/s beside the page to the page's. Then the server's CPU per
		// request on its main thread (rendering, the API; PGlite before ADR 0030) and on all its
		// threads, each also as a ratio to /terms' beside it (/proc; it hardly moves with other load).
		const cpu = (page: Tally, terms: Tally, k: keyof Cpu) => {
			const a = page.cpuPerRequest
			const b = terms.cpuPerRequest
			return a && b ? ` | ${a[k].toFixed(2)} (×${(a[k] / b[k]).toFixed(2)})` : ' | –'
		}
		console.log(
			'page | req/s | p50 ms | p95 ms | requests | cost ×/terms | main-thread CPU ms/req | all threads CPU ms/req | clients CPU ms/req',
		)
		console.log('--- | --- | --- | --- | --- | --- | --- | --- | ---')
		const line = (name: string, page: Tally, terms: Tally) =>
			`${name} | ${page.rps.toFixed(1)} | ${page.percentile(0.5).toFixed(1)} | ${page.percentile(0.95).toFixed(1)} | ${page.n} | ×${(terms.rps / page.rps).toFixed(2)}${cpu(page, terms, 'main')}${cpu(page, terms, 'all')}${cpu(page, terms, 'client')}`
		console.log(line(termsName, allTerms, allTerms))
		for (const r of rows) console.log(line(r.name, r.page, r.terms))
	} finally {
		await server.stop()
		if (ownFolder) rmSync(dataDir, { recursive: true, force: true })
	}
}

await main()
