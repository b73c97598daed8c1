import { defineConfig } from '@playwright/test'
import { execSync } from 'node:child_process'

/**
 * End-to-end tests drive the system Chromium (Debian's `chromium` package)
 * against the built server, started by global-setup on a free port with a
 * fresh data folder. Every browser flow runs twice: JavaScript on and off.
 */
function systemChromium(): string {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
	try {
		return execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim()
	} catch {
		throw new Error('Chromium is not installed: apt-get install -y chromium (or set CHROMIUM_PATH)')
	}
}

export const launchOptions = {
	executablePath: systemChromium(),
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
	],
}

export default defineConfig({
	testDir: 'tests/e2e',
	globalSetup: './tests/e2e/global-setup.ts',
	fullyParallel: false,
	workers: 2,
	// On CI one retry, as Playwright's own template does: the suite shares 2 cores with its server, and a
	// test that passes only on its retry is still listed as flaky in the report, not hidden.
	retries: process.env.CI ? 1 : 0,
	forbidOnly: !!process.env.CI,
	reporter: process.env.CI ? [['list']] : [['list']],
	// A ceiling, not a measurement: the longest flows (SO-1001's tracker timeline, the share
	// flow) make many page loads, and two workers on a 2-core CI machine share the server.
	timeout: 60_000,
	// Likewise for one assertion: on CI a client navigation's loaders can wait behind the other worker's
	// heavy requests (an export, an upload) for more than the default 5 s (seen: 'Show 25 entries').
	expect: { timeout: process.env.CI ? 10_000 : 5_000 },
	use: { launchOptions, trace: 'off' },
	projects: [
		{ name: 'server', testMatch: /(server|oidc-api|multi-process)\.spec\.ts/ },
		{
			name: 'js',
			testIgnore: /(server|oidc-api|multi-process)\.spec\.ts/,
			use: { javaScriptEnabled: true },
		},
		{
			name: 'no-js',
			testIgnore: /(server|oidc-api|multi-process)\.spec\.ts/,
			use: { javaScriptEnabled: false },
		},
	],
})
