/**
 * The public tracker's first paint on a slow phone ("Lighthouse mobile on both tracker
 * pages (a `bench/` script that runs the npm `lighthouse` package against the system Chromium,
 * printed, not asserted): performance ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms, accessibility 100").
 *
 *   npm run bench -- lighthouse [--runs 1]
 *   (npm run build first; CHROME_PATH names the browser, else /usr/bin/chromium; LIGHTHOUSE_JSON_DIR=DIR
 *   also writes each page's whole report there as JSON)
 *
 * Starts the built server on a fresh data folder (the demo data) and runs Lighthouse 12's default
 * mobile profile (simulated slow 4G, 4× CPU slowdown, a Moto G Power's screen) on `/tracking` and
 * `/tracking/acme/PO-7781` (demo data: SO-1001 and SO-1002 share that reference). The results
 * page is opened the way a visitor opens it after the captcha: with the captcha pass cookie, signed
 * with the folder's session secret (as tracker.bench.ts does). With --runs N each page is measured
 * N times and the median performance run is printed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { createCookie } from 'react-router'
import { startServer } from '../tests/e2e/server-process'

const { values } = parseArgs({
	options: { runs: { type: 'string', default: '1' } },
	strict: false,
	allowPositionals: true,
})
const runs = Math.max(1, Math.min(5, Number(values.runs) || 1))
const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-lighthouse-'))

const server = await startServer(dataDir, { LOG_LEVEL: 'warn' })
const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
	chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
	const { sessionSecret } = JSON.parse(
		readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
	) as { sessionSecret: string }
	const pass = (
		await createCookie('waymark_captcha', {
			path: '/tracking',
			secrets: [sessionSecret],
		}).serialize({ at: Date.now() })
	).split(';')[0]!
	const pages = [
		{ name: '/tracking', url: `${server.url}/tracking`, cookie: undefined },
		{ name: '/tracking/acme/PO-7781', url: `${server.url}/tracking/acme/PO-7781`, cookie: pass },
	]
	const rows: string[] = []
	const spread: string[] = []
	for (const page of pages) {
		const results = []
		for (let i = 0; i < runs; i++) {
			const result = await lighthouse(
				page.url,
				{
					port: chrome.port,
					output: 'json',
					logLevel: 'error',
					onlyCategories: ['performance', 'accessibility'],
					...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
				},
				// Lighthouse's default config is the mobile profile.
			)
			if (!result) throw new Error(`${page.url}: no result`)
			results.push(result.lhr)
		}
		if (runs > 1)
			spread.push(
				`${page.name}: LCP of each run ${results.map((r) => `${((r.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000).toFixed(2)} s`).join(', ')}`,
			)
		results.sort(
			(a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
		)
		const lhr = results[Math.floor(results.length / 2)]!
		if (process.env.LIGHTHOUSE_JSON_DIR)
			writeFileSync(
				path.join(process.env.LIGHTHOUSE_JSON_DIR, `${page.name.replace(/\W+/g, '_')}.json`),
				JSON.stringify(lhr),
			)
		const ms = (id: string) => lhr.audits[id]?.numericValue ?? NaN
		const blocking =
			(
				lhr.audits['render-blocking-resources']?.details as
					{ items?: { url: string }[] } | undefined
			)?.items?.length ?? 0
		const unusedJs =
			(lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)
				?.overallSavingsBytes ?? 0
		rows.push(
			[
				page.name,
				Math.round((lhr.categories.performance?.score ?? 0) * 100),
				`${(ms('first-contentful-paint') / 1000).toFixed(2)} s`,
				`${(ms('largest-contentful-paint') / 1000).toFixed(2)} s`,
				`${Math.round(ms('total-blocking-time'))} ms`,
				`${blocking}`,
				`${(unusedJs / 1024).toFixed(1)} KB`,
				Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
			].join(' | '),
		)
		const failing = Object.values(lhr.audits).filter(
			(a) =>
				a.scoreDisplayMode === 'binary' &&
				a.score === 0 &&
				lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
		)
		for (const a of failing) console.log(`  accessibility: ${page.name}: ${a.id}: ${a.title}`)
	}
	console.log(
		`\nLighthouse ${(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version} mobile (simulated slow 4G, 4× CPU), demo data${runs > 1 ? `, median of ${runs} runs` : ''}`,
	)
	console.log('page | performance | FCP | LCP | TBT | render-blocking | unused JS | accessibility')
	console.log('--- | --- | --- | --- | --- | --- | --- | ---')
	for (const r of rows) console.log(r)
	for (const line of spread) console.log(line)
} finally {
	chrome.kill()
	await server.stop()
	rmSync(dataDir, { recursive: true, force: true })
}
