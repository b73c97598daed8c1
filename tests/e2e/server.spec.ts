import { test, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer } from './server-process'

// The server as an operator sees it: health, docs, restarts, a second process.
test.describe.configure({ mode: 'serial' })

const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-server-'))
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

test('serves health, readiness and the API reference; keeps its data over a restart; refuses a second process', async ({
	request,
}) => {
	test.setTimeout(180_000)
	const first = await startServer(dataDir)
	try {
		expect((await request.get(`${first.url}/healthz`)).status()).toBe(200)
		const icon = await request.get(`${first.url}/favicon.ico`)
		expect(icon.headers()['content-type']).toContain('image/svg+xml')
		const ready = await request.get(`${first.url}/readyz`)
		expect(ready.status()).toBe(200)
		expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' })
		expect(first.output()).toContain('seeded the demo data')

		const doc = await (await request.get(`${first.url}/api/docs/openapi.json`)).json()
		expect(Object.keys(doc.paths)).toContain('/api/web/toggles')
		const docsPage = await request.get(`${first.url}/api/docs`)
		expect(await docsPage.text()).toContain('Waymark SCM API reference')

		// A second server on the same data folder refuses, and the first keeps serving.
		const second = startServer(dataDir)
		await expect(second).rejects.toThrow(/Another Waymark server \(pid \d+\) is using the data folder/)
		expect((await request.get(`${first.url}/readyz`)).status()).toBe(200)
	} finally {
		// SIGTERM: in-flight requests finish, the database closes, exit code 0.
		expect(await first.stop()).toBe(0)
		expect(first.output()).toContain('"msg":"stopped"')
	}

	// Restarted on the same folder: the data is kept and not seeded twice.
	const again = await startServer(dataDir)
	try {
		expect((await request.get(`${again.url}/readyz`)).status()).toBe(200)
		expect(again.output()).not.toContain('seeded the demo data')
	} finally {
		await again.stop()
	}
})
