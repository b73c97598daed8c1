import { defineConfig } from '@playwright/test'
import { launchOptions } from './playwright.config'

/**
 * `npm run screens`: the gallery. Not a test suite: one run that starts the built server
 * on a fresh demo install (the browser tests' global setup) and writes a PNG of every page of
 * app/routes.ts at 1366 and 400 px, JavaScript on, into screens/ (ignored by git).
 */
export default defineConfig({
	testDir: 'tests/screens',
	globalSetup: './tests/e2e/global-setup.ts',
	workers: 1,
	retries: 0,
	timeout: 600_000,
	reporter: [['list']],
	use: { launchOptions, javaScriptEnabled: true, trace: 'off' },
})
