/**
 * The public tracker on a slow phone's terms ("the results and the order's
 * status are plain server-rendered HTML inside the first ~14 KB of the compressed
 * response; the public routes load no chart, map or analytics code … Measure each public
 * route's compressed HTML and JS bytes and its server time").
 *
 *   npx tsx bench/tracker.bench.ts [--orders 1000000] [--samples 20] [--data-dir DIR]
 *   (also run by `npm run bench`, on the demo data, in a throwaway folder)
 *
 * Starts the built server on a data folder (seeding N generated orders into it first,
 * once: a folder that already has them is reused), then for each public route: the
 * gzip-compressed HTML, how far into it the results table or the ORDER STATUS bar ends,
 * the JavaScript the page loads (compressed) and the server's time to the last byte
 * (median and 95th percentile over the samples). The searches carry a captcha pass
 * (signed with the folder's session secret) so they fall under the 30-a-minute limit.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createCookie } from 'react-router'
import { seedId } from '../server/db/seed/random'
import { startServer } from '../tests/e2e/server-process'

const root = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
	options: {
		orders: { type: 'string', default: '0' },
		samples: { type: 'string', default: '20' },
		'data-dir': { type: 'string' },
	},
	// npm run bench passes every bench its own options (--scales …): ignore what is not ours.
	strict: false,
	allowPositionals: true,
})
const orders = Number(String(values.orders).replace(/_/g, '')) || 0
const samples = Math.min(25, Math.max(1, Number(values.samples) || 20))
const ownFolder = typeof values['data-dir'] !== 'string'
const dataDir = path.resolve(
	typeof values['data-dir'] === 'string'
		? values['data-dir']
		: mkdtempSync(path.join(tmpdir(), 'waymark-bench-')),
)

function get(
	url: string,
	cookie?: string,
): Promise<{ status: number; body: Buffer; ms: number; encoding?: string }> {
	return new Promise((resolve, reject) => {
		const started = process.hrtime.bigint()
		const req = http.get(
			url,
			{ headers: { 'Accept-Encoding': 'gzip', ...(cookie ? { Cookie: cookie } : {}) } },
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (c: Buffer) => chunks.push(c))
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						body: Buffer.concat(chunks),
						ms: Number(process.hrtime.bigint() - started) / 1e6,
						encoding: res.headers['content-encoding'],
					}),
				)
			},
		)
		req.on('error', reject)
	})
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const percentile = (list: number[], p: number) =>
	[...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!

async function main() {
	const marker = path.join(dataDir, `.bench-orders-${orders}`)
	if (orders > 0 && !existsSync(marker)) {
		console.log(`seeding ${orders} orders into ${dataDir} (once)…`)
		const seeded = spawnSync(
			process.execPath,
			['--import', 'tsx', 'server/db/seed/cli.ts', '--orders', String(orders), '--batch', '2000'],
			{
				cwd: root,
				stdio: 'inherit',
				env: { ...process.env, DATA_DIR: dataDir },
			},
		)
		if (seeded.status !== 0) throw new Error('seeding failed')
		writeFileSync(marker, new Date().toISOString())
	}

	const server = await startServer(dataDir, { LOG_LEVEL: 'warn' })
	try {
		const { sessionSecret } = JSON.parse(
			readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
		) as { sessionSecret: string }
		const pass = await createCookie('waymark_captcha', {
			path: '/tracking',
			secrets: [sessionSecret],
		}).serialize({ at: Date.now() })
		const cookie = pass.split(';')[0]!
		const so1001 = seedId('acme', 'ship_set', 'SO-1001')
		const routes = [
			{ name: 'landing /tracking', path: '/tracking', until: '</form>' },
			{ name: 'results /tracking/acme/PO-7781', path: '/tracking/acme/PO-7781', until: '</table>' },
			{
				name: 'timeline /tracking/acme/…/SO-1001',
				path: `/tracking/acme/1Z999AA10123456784/${so1001}?trackingNumber=1Z999AA10123456784`,
				until: 'class="status-bar__steps"',
			},
		]
		const assetSize = new Map<string, number>()
		console.log(
			`\nPublic tracker, ${orders > 0 ? `${orders.toLocaleString('en-US')} generated orders + ` : ''}demo data, ${samples} samples each\n`,
		)
		console.log('route | HTML gz | content done at (gz) | JS gz (eager) | server ms median / p95')
		for (const route of routes) {
			await get(server.url + route.path, cookie) // warm up
			const times: number[] = []
			let last: Awaited<ReturnType<typeof get>> | undefined
			for (let i = 0; i < samples; i++) {
				last = await get(server.url + route.path, cookie)
				if (last.status !== 200) throw new Error(`${route.path}: ${last.status}`)
				times.push(last.ms)
			}
			const html = (last!.encoding === 'gzip' ? gunzipSync(last!.body) : last!.body).toString(
				'utf8',
			)
			const end = html.indexOf(route.until)
			const doneAt = end < 0 ? NaN : gzipSync(html.slice(0, end + route.until.length)).length
			const scripts = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))]
			let js = 0
			for (const src of scripts) {
				if (!assetSize.has(src)) assetSize.set(src, (await get(server.url + src)).body.length)
				js += assetSize.get(src)!
			}
			console.log(
				`${route.name} | ${kb(last!.body.length)} | ${kb(doneAt)} | ${kb(js)} (${scripts.length} files) | ${percentile(times, 0.5).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)}`,
			)
		}
		const assets = readdirSync(path.join(root, 'build/client/assets'))
		for (const [label, prefix] of [
			['ALTCHA widget (landing and dialog only, after hydration)', 'altcha-'],
			['node carousel (timeline only, after hydration)', 'node-carousel-'],
		] as const) {
			const file = assets.find((f) => f.startsWith(prefix) && f.endsWith('.js'))
			if (file)
				console.log(
					`lazy: ${label}: ${kb(gzipSync(readFileSync(path.join(root, 'build/client/assets', file))).length)}`,
				)
		}
		const charts = assets.filter((f) => /chart|map|analytics|powerbi/i.test(f) && f.endsWith('.js'))
		const loaded = [...assetSize.keys()].filter((src) => charts.some((c) => src.endsWith(c)))
		console.log(
			`chart, map or analytics chunks loaded by the public routes: ${loaded.length ? loaded.join(', ') : 'none'}`,
		)
	} finally {
		await server.stop()
		if (ownFolder) rmSync(dataDir, { recursive: true, force: true })
	}
}

await main()
