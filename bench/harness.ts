/**
 * Shared pieces of the benchmarks: a database (in-memory PGlite, or
 * DATABASE_URL) with the demo data grown step by step with generated orders,
 * the SCM API on top of it with a token the harness signs, and a timer that
 * prints figures and ratios to the smallest scale. No timed assertions:
 * benchmarks measure and print, they never pass or fail on speed.
 */
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose'
import { count, eq, like } from 'drizzle-orm'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { createApi } from '../server/api/app'
import { migrate, openDatabase } from '../server/db/client'
import { shipSets, users } from '../server/db/schema'
import { seedDemo } from '../server/db/seed/demo'
import { createLocalStorage } from '../server/storage'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { seedScale } from '../server/db/seed/scale'
import { SCALE_PREFIX } from '../server/db/seed/scale-order'

export function scalesFromArgs(defaults = [1_000, 10_000, 100_000]): number[] {
	const { values } = parseArgs({ options: { scales: { type: 'string' } }, strict: false })
	const raw = typeof values.scales === 'string' ? values.scales : process.env.BENCH_SCALES
	return raw
		? raw
				.split(',')
				.map((s) => Number(s.trim()))
				.filter((n) => n > 0)
		: defaults
}

/**
 * The API on a database: `database` a PGlite folder or a postgres:// URL (kept between runs: a
 * large history is seeded once), else DATABASE_URL, else in-memory PGlite.
 */
export async function benchApi(opts: { database?: string } = {}) {
	const target = opts.database ?? process.env.DATABASE_URL
	const database = await openDatabase(
		!target
			? { memory: true }
			: /^postgres(ql)?:\/\//.test(target)
				? { databaseUrl: target }
				: { dataDir: target },
	)
	await migrate(database)
	await seedDemo(database.db)
	const { privateKey, publicKey } = await generateKeyPair('RS256')
	const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' }
	const issuer = 'https://bench.invalid/oidc'
	const api = createApi({
		db: database.db,
		auth: { issuer, audience: 'waymark-web', keys: createLocalJWKSet({ keys: [jwk] }) },
		webApiKey: 'bench-key-0123456789',
		guestLinkSecret: 'bench-guest-link-secret-0123456789abcdef',
		// The benches read no files: a folder that is never written.
		storage: createLocalStorage(path.join(tmpdir(), 'waymark-bench-uploads')),
		publicUrl: 'https://bench.invalid',
	})
	// Generated orders already there (a kept folder or database).
	const [existing] = await database.db
		.select({ n: count() })
		.from(shipSets)
		.where(like(shipSets.name, `${SCALE_PREFIX}%`))
	let scaled = existing?.n ?? 0
	return {
		api,
		db: database.db,
		/** Grows acme's generated orders to `total` (the demo data's orders come on top). */
		async growTo(total: number) {
			if (total <= scaled) return
			const started = performance.now()
			await seedScale(database.db, {
				orders: total - scaled,
				organizationSlug: 'acme',
				batchSize: 1000,
			})
			console.log(
				`  seeded ${(total - scaled).toLocaleString('en-US')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
			)
			scaled = total
		},
		async token(email: string) {
			const [u] = await database.db
				.select({ id: users.id })
				.from(users)
				.where(eq(users.email, email))
			return new SignJWT({ email })
				.setProtectedHeader({ alg: 'RS256', kid: 'bench' })
				.setSubject(u!.id)
				.setIssuer(issuer)
				.setAudience('waymark-web')
				.setExpirationTime('2h')
				.sign(privateKey)
		},
		async get(path: string, headers: Record<string, string>) {
			const res = await api.fetch(new Request(new URL(path, 'http://scm.internal'), { headers }))
			const body = await res.arrayBuffer()
			if (!res.ok)
				throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`)
			return body.byteLength
		},
		/** Generated orders of acme now. */
		get orders() {
			return scaled
		},
		close: () => database.close(),
	}
}

/** Runs `fn` a few times to warm up, then `runs` times; returns the median and 95th percentile in ms. */
export async function time(
	fn: () => Promise<unknown>,
	runs = 30,
): Promise<{ p50: number; p95: number }> {
	for (let i = 0; i < 3; i++) await fn()
	const samples: number[] = []
	for (let i = 0; i < runs; i++) {
		const t = performance.now()
		await fn()
		samples.push(performance.now() - t)
	}
	samples.sort((a, b) => a - b)
	const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!
	return { p50: at(0.5), p95: at(0.95) }
}

/** Prints one table: a row per case, a column per scale, each cell 'p50 ms (×ratio to the first scale)'. */
export function printTable(
	title: string,
	scales: number[],
	rows: Map<string, { p50: number; p95: number }[]>,
) {
	console.log(`\n${title}`)
	const head = ['case', ...scales.map((s) => `${s.toLocaleString('en-US')} orders`)]
	console.log(head.join(' | '))
	console.log(head.map(() => '---').join(' | '))
	for (const [name, cells] of rows) {
		const base = cells[0]?.p50 ?? 1
		console.log(
			[
				name,
				...cells.map(
					(c) =>
						`${c.p50.toFixed(2)} ms p50, ${c.p95.toFixed(2)} p95 (×${(c.p50 / base).toFixed(2)})`,
				),
			].join(' | '),
		)
	}
}

export type BenchApi = Awaited<ReturnType<typeof benchApi>>

/**
 * Times GET calls of the SCM API at growing scale and prints one table: the in-memory database
 * grown to each of `scales`, then, with `bigDb`, a kept PGlite folder or PostgreSQL database
 * grown to `bigOrders`. `cases` names the calls for a database (it may read ids from it first).
 * Each cell: p50 / p95 ms, the p95's ratio to the first column, and orders per second at p50.
 */
export async function timeCallsAtScales(
	title: string,
	opts: { scales: number[]; bigDb?: string; bigOrders: number },
	cases: (h: BenchApi, headers: Record<string, string>) => Promise<[string, string][]>,
): Promise<void> {
	const results = new Map<string, { orders: number; p50: number; p95: number }[]>()
	const measure = async (h: BenchApi) => {
		const headers = {
			Authorization: `Bearer ${await h.token('olivia@acme.test')}`,
			'X-Supply-Chain': 'acme',
		}
		const orders = h.orders
		for (const [name, path] of await cases(h, headers)) {
			const t = await time(() => h.get(path, headers))
			results.set(name, [...(results.get(name) ?? []), { orders, ...t }])
		}
	}
	const memory = await benchApi()
	for (const scale of opts.scales) {
		console.log(`scale ${scale.toLocaleString('en-US')}`)
		await memory.growTo(scale)
		await memory.db.execute('analyze')
		await measure(memory)
	}
	await memory.close()
	if (opts.bigDb) {
		const big = await benchApi({ database: opts.bigDb })
		console.log(`scale ${opts.bigOrders.toLocaleString('en-US')} (${opts.bigDb})`)
		await big.growTo(opts.bigOrders)
		await big.db.execute('analyze')
		await measure(big)
		await big.close()
	}
	const columns =
		results
			.values()
			.next()
			.value?.map((c) => c.orders) ?? []
	console.log(
		`\n${title} (SCM API in memory; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): p50 / p95 ms, ×p95 ratio to the first column, orders/s at p50`,
	)
	console.log(['case', ...columns.map((n) => `${n.toLocaleString('en-US')} orders`)].join(' | '))
	console.log(['---', ...columns.map(() => '---')].join(' | '))
	for (const [name, cells] of results) {
		const base = cells[0]!.p95
		console.log(
			[
				name,
				...cells.map(
					(c) =>
						`${c.p50.toFixed(1)} / ${c.p95.toFixed(1)} (×${(c.p95 / base).toFixed(2)}, ${Math.round(c.orders / (c.p50 / 1000)).toLocaleString('en-US')}/s)`,
				),
			].join(' | '),
		)
	}
}

/**
 * A webhook receiver on 127.0.0.1 for the delivery benches: answers 204 and notes when each
 * delivery arrived, by the id `idOf` reads from its JSON body (undefined: not one of the bench's).
 */
export async function deliveryReceiver(idOf: (body: unknown) => string | undefined) {
	const arrived = new Map<string, number>()
	let waiting: { n: number; resolve: () => void } | null = null
	const server = http.createServer((req, res) => {
		let text = ''
		req.setEncoding('utf8')
		req.on('data', (c: string) => (text += c))
		req.on('end', () => {
			const id = idOf(JSON.parse(text))
			if (id !== undefined && !arrived.has(id)) arrived.set(id, performance.now())
			res.writeHead(204).end()
			if (waiting && arrived.size >= waiting.n) waiting.resolve()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: (pathname: string) =>
			`http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`,
		/** performance.now() of each delivery's arrival, by id. */
		arrived,
		/** Resolves once `n` deliveries have arrived; fails after `timeoutMs`. */
		until: (n: number, timeoutMs: number) =>
			new Promise<void>((resolve, reject) => {
				const timer = setTimeout(
					() =>
						reject(
							new Error(`only ${arrived.size} of ${n} delivered within ${timeoutMs / 1000} s`),
						),
					timeoutMs,
				)
				waiting = { n, resolve: () => (clearTimeout(timer), resolve()) }
				if (arrived.size >= n) waiting.resolve()
			}),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/** The q-quantile of `xs` (nearest rank). */
export const quantile = (xs: number[], q: number) =>
	[...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!
