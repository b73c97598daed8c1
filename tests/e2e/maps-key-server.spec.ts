import { test, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { signInAs } from './fixtures'
import { startServer, type RunningServer } from './server-process'

/**
 * A server with GOOGLE_MAPS_API_KEY (the shared e2e server has none): the CSP opens to
 * Google Maps, and the Location tab asks for the Maps JavaScript API with that key. The
 * request is answered here with an empty script, so nothing leaves the machine; no map
 * draws, which is why this spec does not use the console-error fixture.
 */
const KEY = 'test-maps-key-123'
const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-maps-'))
let server: RunningServer
test.beforeAll(async () => {
	test.setTimeout(180_000)
	server = await startServer(dataDir, { GOOGLE_MAPS_API_KEY: KEY, LOG_LEVEL: 'warn' })
})
test.afterAll(async () => {
	await server?.stop()
	rmSync(dataDir, { recursive: true, force: true })
})

test('with a maps key the CSP allows Google Maps and the Location tab loads it with the key', async ({
	page,
}) => {
	test.setTimeout(60_000)
	const asked: string[] = []
	await page.route('https://maps.googleapis.com/**', (route) => {
		asked.push(route.request().url())
		return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
	})
	const response = await page.goto(`${server.url}/login`)
	expect(response!.headers()['content-security-policy']).toMatch(
		/script-src 'self' 'nonce-[^']+' https:\/\/maps\.googleapis\.com/,
	)
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	await page.goto(`${server.url}/advanced_search?qs_query_string=SO-1001`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	await page.goto(`${page.url().split('?')[0]}?tab=location`)
	await expect(page.getByRole('region', { name: 'Map' })).toBeAttached()
	await expect.poll(() => asked.find((u) => u.includes('/maps/api/js'))).toContain(`key=${KEY}`)
	// The addresses stay as text under the map.
	await expect(page.getByRole('region', { name: 'Node details' }).locator('address')).toHaveCount(1)
})
