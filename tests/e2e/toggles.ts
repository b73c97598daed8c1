import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Switching feature toggles from a browser test, through the admin endpoint `npm run toggle`
 * uses (`PUT /api/web/toggles/{name}` with the web API key of the server's data folder).
 *
 * Toggles are shared by every test on the one server, and the two projects (JavaScript on and
 * off) run in two workers at once: a test that switches toggles holds `withToggleLock` for as long
 * as they are switched, and leaves them as it found them before letting go. Switch toggles of a
 * supply chain no other test reads the switched screens of (Globex, Gary's), so that tests which
 * do not switch anything need not take the lock.
 */

function webApiKey(): string {
	const dataDir = process.env.E2E_DATA_DIR
	if (!dataDir) throw new Error('E2E_DATA_DIR is not set (tests/e2e/global-setup.ts)')
	return (
		JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { webApiKey: string }
	).webApiKey
}

export async function setToggle(
	request: APIRequestContext,
	name: string,
	enabled: boolean,
	organization: string,
) {
	const res = await request.put(`/api/web/toggles/${encodeURIComponent(name)}`, {
		headers: { 'X-Api-Key': webApiKey() },
		data: { enabled, organization },
	})
	expect(res.status(), `PUT toggle ${name}`).toBe(200)
}

/**
 * Runs `body` while holding the data folder's toggle lock (a directory, created atomically), waiting
 * for another worker's test to release it first.
 */
export async function withToggleLock<T>(body: () => Promise<T>): Promise<T> {
	const lock = path.join(process.env.E2E_DATA_DIR!, 'e2e-toggles.lock')
	await expect
		.poll(
			() => {
				try {
					mkdirSync(lock)
					return true
				} catch {
					return false
				}
			},
			{
				message: 'the toggle lock is released by the other worker',
				timeout: 120_000,
				intervals: [250],
			},
		)
		.toBe(true)
	try {
		return await body()
	} finally {
		rmSync(lock, { recursive: true, force: true })
	}
}
