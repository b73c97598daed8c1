import {
	test,
	expect,
	request as playwrightRequest,
	type APIRequestContext,
} from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { AppLoadContext } from 'react-router'
import { createCaptchaChallenge } from '../../app/routes/tracker/captcha.server'
import { PUBLIC_LIMITS } from '../../server/api/public-client'
import { journalMigrationCount } from '../../server/db/client'
import { trackerTexts } from '../../app/lib/tracker/texts'
import { signInAs } from './fixtures'
import { freePort, startServer, type RunningServer } from './server-process'

/*
 * Acceptance: "CI starts two servers on one PostgreSQL (two ports, one database, shared … directory
 * storage for the test): a user signs in on one and uses the other; a burst of public tracker searches split
 * across both is limited as one; a captcha solution used on one is refused on the other; both starting together
 * on an empty database come up with one migration run; an outbox e-mail is sent once." And: "A spoofed
 * X-Forwarded-For with TRUST_PROXY=1 does not move the client out of its limit."
 *
 * The PostgreSQL server is MULTI_PROCESS_DATABASE_URL (scripts/test.mjs passes DATABASE_URL on as it); the test
 * makes a database of its own there and drops it afterwards. Without one it skips, saying so.
 */

test.describe.configure({ mode: 'serial' })

const adminUrl = process.env.MULTI_PROCESS_DATABASE_URL
const SKIP =
	'no PostgreSQL reachable: set MULTI_PROCESS_DATABASE_URL (npm test passes DATABASE_URL) to run two servers on one database'

let database = ''
let databaseUrl = ''
let dataDir = ''
let a: RunningServer | undefined
let b: RunningServer | undefined
let smtp: FakeSmtp | undefined
let http: APIRequestContext

async function reachable(url: string | undefined): Promise<boolean> {
	if (!url) return false
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
	try {
		await client.connect()
		await client.query('select 1')
		return true
	} catch {
		return false
	} finally {
		await client.end().catch(() => {})
	}
}

async function admin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await work(client)
	} finally {
		await client.end()
	}
}

test.beforeAll(async () => {
	test.setTimeout(180_000)
	if (!(await reachable(adminUrl))) {
		test.skip(true, SKIP)
		return
	}
	database = `waymark_multi_${Date.now().toString(36)}_${process.pid}`
	await admin(adminUrl!, (c) => c.query(`CREATE DATABASE ${database}`))
	const url = new URL(adminUrl!)
	url.pathname = `/${database}`
	databaseUrl = url.toString()
	await admin(databaseUrl, (c) =>
		c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm').catch(() => undefined),
	)

	dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-multi-'))
	smtp = await fakeSmtp()
	// One public address (as behind a load balancer): both servers issue and expect the same issuer.
	const [portA, portB] = [await freePort(), await freePort()]
	const env = (port: number) => ({
		PORT: String(port),
		PUBLIC_URL: `http://localhost:${portA}`,
		DATABASE_URL: databaseUrl,
		DEMO_SEED: 'on',
		WAYMARK_PROCESSES: '2',
		// One uploads folder both mount (DATA_DIR is shared): the test's stand-in for S3.
		SHARED_UPLOADS: 'on',
		TRUST_PROXY: '1',
		SMTP_URL: `smtp://127.0.0.1:${smtp!.port}`,
		OUTBOX_POLL_SECONDS: '1',
		LOG_LEVEL: 'info',
	})
	// Both at once, on an empty database.
	const started = Date.now()
	;[a, b] = await Promise.all([startServer(dataDir, env(portA)), startServer(dataDir, env(portB))])
	console.log(
		`two servers on one PostgreSQL started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	)
	http = await playwrightRequest.newContext()
})

test.afterAll(async () => {
	await http?.dispose()
	await Promise.all([a?.stop(), b?.stop()])
	await smtp?.close()
	if (database) {
		await admin(adminUrl!, (c) =>
			c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
		).catch((error: Error) => console.warn(`could not drop ${database}: ${error.message}`))
	}
	if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** What a server logged as `{"msg":"migrations","applied":N}`. */
function migrationsApplied(server: RunningServer): number {
	const line = server
		.output()
		.split('\n')
		.find((l) => l.includes('"msg":"migrations"'))
	if (!line) throw new Error(`no migrations line in:\n${server.output()}`)
	return (JSON.parse(line) as { applied: number }).applied
}

test('both starting together on an empty database come up with one migration run', async () => {
	const journal = journalMigrationCount()
	expect([migrationsApplied(a!), migrationsApplied(b!)].sort()).toEqual([0, journal])
	const rows = await admin(databaseUrl, (c) =>
		c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'),
	)
	expect(rows.rows[0]!.n).toBe(journal)
	// One seed, one signing key, one of each secret: the second start found them made.
	expect(`${a!.output()}${b!.output()}`.match(/seeded the demo data/g)).toHaveLength(1)
	const keys = await admin(databaseUrl, (c) =>
		c.query<{ n: number }>('select count(*)::int as n from signing_keys'),
	)
	expect(keys.rows[0]!.n).toBe(1)
	for (const server of [a!, b!]) expect((await http.get(`${server.url}/readyz`)).status()).toBe(200)
})

test('a user signs in on one server and uses the other', async ({ page }) => {
	await page.goto(`${a!.url}/dashboard`)
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(`${a!.url}/dashboard`)
	// Cookies do not depend on the port: the same browser session, now served by the other process,
	// whose API verifies the token the first one's provider signed.
	await page.goto(`${b!.url}/dashboard`)
	await expect(page).toHaveURL(`${b!.url}/dashboard`)
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' }),
	).toBeVisible()
})

test('a burst of tracker searches split across both servers is limited as one, and a spoofed X-Forwarded-For does not escape it', async () => {
	const limit = PUBLIC_LIMITS.searchWithoutCaptcha
	// TRUST_PROXY=1: the one proxy in front appends the address it saw; whatever the client wrote before it is ignored.
	// The API's public search, as a direct caller (no captcha: the page itself now holds back its search until
	// the captcha is passed, so the limit is met at the API both pages and scripts reach).
	const search = (server: RunningServer, i: number, client = '198.51.100.7') =>
		http.get(`${server.url}/api/web/public_order_tracker/search?query_string=PO-7781`, {
			headers: { 'X-Forwarded-For': `203.0.113.${i % 250}, ${client}`, 'X-Supply-Chain': 'acme' },
			maxRedirects: 0,
		})
	const statuses: number[] = []
	for (let i = 0; i < limit; i++) statuses.push((await search(i % 2 ? b! : a!, i)).status())
	expect(statuses).toEqual(Array(limit).fill(200))
	// Over the limit on both, whichever gets the next one, though each has served only half of it.
	expect((await search(a!, limit)).status()).toBe(429)
	expect((await search(b!, limit + 1)).status()).toBe(429)
	// Another client (another address appended by the proxy) has its own limit.
	expect((await search(b!, 0, '198.51.100.8')).status()).toBe(200)
})

test('a captcha solution used on one server is refused on the other', async () => {
	// The challenge is signed with the deployment's session secret, which both servers read from the database.
	const secret = await admin(databaseUrl, (c) =>
		c.query<{ value: string }>(`select value from app_secrets where name = 'sessionSecret'`),
	)
	const context = {
		sessionSecret: secret.rows[0]!.value,
		recaptcha: null,
	} as unknown as AppLoadContext
	const solved = async () => {
		const captcha = await createCaptchaChallenge(context)
		if (captcha.provider !== 'altcha') throw new Error('expected ALTCHA')
		const solution = await solveChallenge({ challenge: captcha.challenge, deriveKey })
		return Buffer.from(JSON.stringify({ challenge: captcha.challenge, solution })).toString(
			'base64',
		)
	}
	// Each from a browser without the pass cookie (a fresh request context), as an attacker replaying a solution would be.
	const landing = async (server: RunningServer, altcha: string) => {
		const browser = await playwrightRequest.newContext()
		try {
			const res = await browser.get(
				`${server.url}/tracking?${new URLSearchParams({ organization: 'acme', orderNo: 'PO-7781', altcha })}`,
				{
					headers: { 'X-Forwarded-For': '198.51.100.20' },
					maxRedirects: 0,
				},
			)
			return {
				status: res.status(),
				setCookie: res.headers()['set-cookie'] ?? '',
				text: await res.text(),
			}
		} finally {
			await browser.dispose()
		}
	}
	const payload = await solved()
	const first = await landing(a!, payload)
	expect(first.status).toBe(302)
	expect(first.setCookie).toContain('waymark_captcha=')
	const replayed = await landing(b!, payload)
	expect(replayed.status).toBe(400)
	expect(replayed.text).toContain(trackerTexts.captchaFailed)
	// The other server takes a fresh solution: it refused the replay, not every captcha.
	expect((await landing(b!, await solved())).status).toBe(302)
})

test('an outbox e-mail is sent once though both servers poll the outbox', async () => {
	const subjects = Array.from({ length: 8 }, (_, i) => `multi-process check ${i}`)
	await admin(databaseUrl, (c) =>
		c.query(
			`insert into outbox_emails ("to", subject, text) select 'ops@example.test', s, 'once' from unnest($1::text[]) as s`,
			[subjects],
		),
	)
	await expect
		.poll(() => subjects.every((s) => smtp!.subjects().includes(s)), { timeout: 15_000 })
		.toBe(true)
	// Both poll every second: give them a few more rounds to send anything twice.
	await new Promise((resolve) => setTimeout(resolve, 2_500))
	expect(
		smtp!
			.subjects()
			.filter((s) => s.startsWith('multi-process check'))
			.sort(),
	).toEqual([...subjects].sort())
})

/* ------------------------------------------------------------------------- */

interface FakeSmtp {
	port: number
	subjects: () => string[]
	close: () => Promise<void>
}

/** A loopback SMTP server that accepts every message and notes its Subject. */
function fakeSmtp(): Promise<FakeSmtp> {
	const subjects: string[] = []
	const sockets = new Set<Socket>()
	const server: Server = createServer((socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
		let buffer = ''
		let inData = false
		let message = ''
		socket.write('220 fake ESMTP\r\n')
		socket.on('data', (chunk) => {
			buffer += chunk.toString('utf8')
			let end: number
			while ((end = buffer.indexOf('\r\n')) >= 0) {
				const line = buffer.slice(0, end)
				buffer = buffer.slice(end + 2)
				if (inData) {
					if (line === '.') {
						inData = false
						const subject = /^Subject: (.*)$/m.exec(message)?.[1]
						if (subject) subjects.push(subject.trim())
						message = ''
						socket.write('250 OK queued\r\n')
					} else message += `${line}\n`
					continue
				}
				const verb = line.slice(0, 4).toUpperCase()
				if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n')
				else if (verb === 'DATA') {
					inData = true
					socket.write('354 go on\r\n')
				} else if (verb === 'QUIT') socket.end('221 bye\r\n')
				else socket.write('250 OK\r\n')
			}
		})
	})
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			resolve({
				port: typeof address === 'object' && address ? address.port : 0,
				subjects: () => [...subjects],
				close: () =>
					new Promise<void>((done) => {
						for (const s of sockets) s.destroy()
						server.close(() => done())
					}),
			})
		})
	})
}
