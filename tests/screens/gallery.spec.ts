import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import type { Page } from '@playwright/test'
import routes from '../../app/routes'
import { seedId } from '../../server/db/seed/random'
import { test, expect, openOrder, signInAs } from '../e2e/fixtures'

/**
 * `npm run screens`: a PNG of every page of app/routes.ts at 1366 and 400 px, and at
 * 1366 px in the dark scheme, JavaScript on, into screens/ with an index.html to see them side by
 * side. Signed out for the public pages, as Olivia for the rest, and through a real share link for
 * the guest timeline. Every route of app/routes.ts is either shot or named below as not a page
 * (a download, a form's action, a callback), so a new route without a picture fails the run.
 */

const OUT = path.resolve('screens')
const SO_1001 = seedId('acme', 'ship_set', 'SO-1001')

/** Routes that render no page of their own, by file: what they are instead. */
const NOT_PAGES: Record<string, string> = {
	'routes/auth/authorize-route.tsx': 'the sign-in callback (redirects)',
	'routes/auth/logout-route.tsx': 'a form post',
	'routes/search/export-download.tsx': 'the CSV export',
	'routes/dashboard/cards/card-route.tsx':
		'one card of /dashboard/new read alone (data for its fetcher)',
	'routes/dashboard/list-step-route.tsx':
		'the next ten rows of a tabbed list of /dashboard (data for its Load more)',
	'routes/timeline/comments/route.tsx':
		'the comments tab’s read and its form’s action (the timeline page)',
	'routes/timeline/logs/route.tsx': 'the Historical Logs read (the timeline page with ?logs=1)',
	'routes/timeline/files/route.tsx': 'a form’s action',
	'routes/timeline/follow/route.tsx': 'a form’s action',
	'routes/timeline/notifications/route.tsx': 'a form’s action',
	'routes/timeline/related/route.tsx': 'a form’s action',
	'routes/timeline/share/route.tsx': 'a form’s action',
	'routes/timeline/shipments/route.tsx': 'a form’s action and the Shipment Details read',
	'routes/timeline/files/document-download.tsx': 'a download',
	'routes/timeline/files/photo-download.tsx': 'a download',
	'routes/timeline/files/upload-route.tsx': 'an upload',
	'routes/guest/document-download.tsx': 'a download',
	'routes/guest/photo-download.tsx': 'a download',
	'routes/dashboard/widgets/widget-route.tsx':
		'one widget of /dashboard/old, read alone (data for its fetcher)',
	'routes/dashboard/widgets/report-download.tsx': 'a download',
	'routes/dashboard/breaches/ongoing-route.tsx':
		'the Ongoing Breaches list read alone (data for its fetcher)',
	'routes/dashboard/breaches/ongoing-detail-route.tsx':
		'one ongoing breached order read alone (data for its fetcher)',
	'routes/dashboard/breaches/historical-route.tsx':
		'Historical Breaches read alone (data for its fetcher)',
	'routes/dashboard/breaches/claim-pack-download.tsx': 'a download',
	'routes/settings/import-template-download.tsx': 'a download',
	'routes/settings/import-errors-download.tsx': 'a download',
	'routes/analytics/export-download.tsx': 'a download',
	'routes/analytics/embed-token-route.tsx': 'the Power BI embed token (JSON for the page’s script)',
	'routes/analytics/events/beacon-route.tsx': 'the page beacon (a POST)',
	'routes/invitations.tsx':
		'an invitation’s page, reached by its e-mail’s link (tests/e2e/captcha-invitations-photos-map.spec.ts walks it)',
	'routes/unsubscribe.tsx':
		'reached by a notification e-mail’s link (tests/e2e/webhooks.spec.ts walks it)',
	'routes/settings/webhook-route.tsx':
		'one webhook’s page: a fresh install has none (tests/e2e/webhooks.spec.ts walks it)',
	'routes/settings/import-route.tsx':
		'one import’s page: a fresh install has no import (tests/e2e/import.spec.ts walks it)',
}

/** The URL shot for each page route, by file; several shots where the page has several states. */
const SIGNED_OUT: Record<string, string[]> = {
	'routes/auth/login-route.tsx': ['/login'],
	'routes/tracker/index.tsx': ['/tracking'],
	'routes/tracker/results-route.tsx': ['/tracking/acme/PO-7781'],
	'routes/tracker/timeline-route.tsx': [`/tracking/acme/SO-1001/${SO_1001}`],
	'routes/tracker/unknown-route.tsx': ['/tracking/acme'],
	'routes/terms.tsx': ['/terms'],
	'routes/privacy.tsx': ['/privacy'],
}
const SIGNED_IN: Record<string, string[]> = {
	'routes/index.tsx': ['/'],
	'routes/auth/users-route.tsx': ['/users'],
	'routes/dashboard/index.tsx': [
		'/dashboard',
		'/dashboard?tab=breached_orders',
		'/dashboard?tab=breached_orders&breach_q=NO-SUCH-ORDER',
	],
	'routes/dashboard/widgets/route.tsx': ['/dashboard/old'],
	'routes/dashboard/cards/route.tsx': ['/dashboard/new'],
	'routes/dashboard/search-route.tsx': ['/dashboard/search?number=SO-1003'],
	'routes/search/search-route.tsx': ['/search?number=SO-10'],
	'routes/search/advanced-search-route.tsx': [
		'/advanced_search',
		'/advanced_search?order_number=SO-10',
	],
	'routes/timeline/layout.tsx': [],
	'routes/timeline/index.tsx': [
		`/timeline/${SO_1001}`,
		`/timeline/${SO_1001}?view=touch`,
		`/timeline/${SO_1001}?share=1`,
	],
	'routes/sales-order-ship-set-timeline.tsx': [
		`/sales_orders/SO-1001/ship_sets/${SO_1001}/timeline`,
	],
	'routes/related-order.tsx': [`/related_order/${SO_1001}`],
	'routes/analytics/route.tsx': ['/analytics'],
	'routes/analytics/category-route.tsx': ['/analytics/freight-cost'],
	'routes/forbidden.tsx': ['/403'],
	'routes/not-found.tsx': ['/404'],
	'routes/outbox.tsx': ['/outbox'],
	'routes/settings/api-keys-route.tsx': ['/settings/api-keys'],
	'routes/settings/imports-route.tsx': ['/settings/imports'],
	'routes/settings/webhooks-route.tsx': ['/settings/webhooks'],
	'routes/analytics/events/route.tsx': ['/analytics_events'],
	'routes/catch-all.tsx': ['/no-such-page'],
}
const GUEST_FILE = 'routes/guest/timeline-route.tsx'

function files(entries: RouteConfigEntry[]): string[] {
	return entries.flatMap((e) => [e.file, ...files(e.children ?? [])])
}

const shots: { name: string; url: string; files: string[] }[] = []

async function shoot(page: Page, url: string, name: string) {
	await page.goto(url)
	await expect(page.locator('main, [role="main"]').first()).toBeVisible()
	const file = (suffix: string) => `${name}-${suffix}.png`
	await page.setViewportSize({ width: 1366, height: 900 })
	await page.screenshot({ path: path.join(OUT, file('1366')), fullPage: true })
	await page.setViewportSize({ width: 400, height: 900 })
	await page.screenshot({ path: path.join(OUT, file('400')), fullPage: true })
	await page.setViewportSize({ width: 1366, height: 900 })
	await page.emulateMedia({ colorScheme: 'dark' })
	await page.screenshot({ path: path.join(OUT, file('1366-dark')), fullPage: true })
	await page.emulateMedia({ colorScheme: 'light' })
	shots.push({ name, url, files: ['1366', '400', '1366-dark'].map(file) })
}

const slug = (url: string) =>
	url
		.replace(/^\//, '')
		.replace(/[^\w-]+/g, '_')
		.slice(0, 80) || 'root'

test('the gallery: every page of app/routes.ts', async ({ page }) => {
	const all = files(routes)
	const covered = new Set([
		...Object.keys(NOT_PAGES),
		...Object.keys(SIGNED_OUT),
		...Object.keys(SIGNED_IN),
		GUEST_FILE,
	])
	expect(
		all.filter((f) => !covered.has(f)),
		'routes of app/routes.ts with no picture and no reason',
	).toEqual([])
	mkdirSync(OUT, { recursive: true })

	for (const url of Object.values(SIGNED_OUT).flat()) await shoot(page, url, `public-${slug(url)}`)

	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	for (const url of Object.values(SIGNED_IN).flat()) await shoot(page, url, slug(url))

	// The guest timeline, through a share link from the outbox, as a guest gets it.
	const guest = `gallery-${Date.now()}@example.com`
	await openOrder(page, 'SO-1001')
	await page.getByRole('link', { name: 'Share', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'SHARE SOSS #SO-1001' })
	await dialog.getByLabel('E-mails').fill(guest)
	await dialog.getByRole('button', { name: 'SUBMIT' }).click()
	await dialog.getByRole('button', { name: 'SHARE' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Share Order' })).toBeVisible()
	await page.goto('/outbox')
	const mail = page.getByRole('article', {
		name: new RegExp(`^E-mail to ${guest.replace(/[.+]/g, '\\$&')}:`),
	})
	const link = new URL(
		((await mail.locator('pre').textContent()) ?? '').match(/https?:\/\/\S+\/guest\/\S+/)![0],
	)
	await page.context().clearCookies()
	await shoot(page, link.pathname + link.search, 'guest-timeline')

	const figure = (s: (typeof shots)[number]) =>
		`<section><h2>${s.url.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h2><div>${s.files
			.map(
				(f) =>
					`<figure><a href="${f}"><img src="${f}" alt="${s.name} ${f}" loading="lazy"></a><figcaption>${f}</figcaption></figure>`,
			)
			.join('')}</div></section>`
	writeFileSync(
		path.join(OUT, 'index.html'),
		`<!doctype html><meta charset="utf-8"><title>Waymark screens</title>
<style>body{font:14px system-ui;margin:1rem}div{display:flex;gap:1rem;align-items:flex-start}figure{margin:0}img{width:360px;border:1px solid #ccc}</style>
<h1>Waymark screens (${new Date().toISOString().slice(0, 16)} UTC)</h1>${shots.map(figure).join('\n')}`,
	)
})
