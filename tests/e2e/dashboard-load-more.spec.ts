import type { Page, Request } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'

/**
 * 'Load more' and the parts that read themselves (001 §4 "Tabbed list paging": "page by offset in
 * steps of 10", loading on scroll; a widget reloads alone). Without JavaScript 'Load more' is a
 * link to the longer list (`?shown=N`); with it each load reads only the next ten rows.
 */

async function signIn(page: Page) {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
}

/** React Router's data requests (`….data`) the page makes from now on, as paths with their query. */
function dataRequests(page: Page): string[] {
	const seen: string[] = []
	page.on('request', (r: Request) => {
		const url = new URL(r.url())
		if (url.pathname.endsWith('.data')) seen.push(`${r.method()} ${url.pathname}${url.search}`)
	})
	return seen
}

const liveFeed = (page: Page) => page.getByRole('region', { name: 'Live Feed' })
const rows = (page: Page) => liveFeed(page).locator('.order-row')

test('the Live Feed loads past 100 rows, each step only the next ten by offset', async ({
	page,
	javaScriptEnabled,
}) => {
	await signIn(page)
	if (!javaScriptEnabled) {
		// The link holds the list's length: 100 rows, then 110, and the link goes on while rows are left.
		await page.goto('/dashboard?tab=live_feed&shown=100')
		await expect(rows(page)).toHaveCount(100)
		await liveFeed(page).getByRole('link', { name: 'Load more' }).click()
		await expect(page).toHaveURL(/shown=110/)
		await expect(rows(page)).toHaveCount(110)
		await expect(liveFeed(page).getByRole('link', { name: 'Load more' })).toHaveAttribute(
			'href',
			/shown=120/,
		)
		return
	}
	await page.goto('/dashboard?tab=live_feed')
	await expect(rows(page)).toHaveCount(10)
	const seen = dataRequests(page)
	const more = liveFeed(page).getByRole('link', { name: /^(Load more|Loading…)$/ })
	// Scrolling the link into view loads the next rows (again if the page was not hydrated yet).
	while ((await rows(page).count()) < 120) {
		const before = await rows(page).count()
		await expect(async () => {
			await more.scrollIntoViewIfNeeded()
			expect(await rows(page).count()).toBeGreaterThan(before)
		}).toPass({ timeout: 15_000 })
	}
	const count = await rows(page).count()
	// The URL keeps the length, so a reload (or the page without JavaScript) shows the same rows.
	await expect(page).toHaveURL(new RegExp(`shown=${count}(&|$)`))
	const names = await rows(page).locator('.order-row__name').allTextContents()
	expect(new Set(names).size).toBe(names.length)
	// Every read was one step of ten, from the offset of the rows shown (the next may be on its way:
	// the link is still in view); the page never read itself again.
	const steps = seen.map((s) => s.match(/^GET \/dashboard\/lists\/live_feed\.data\?offset=(\d+)/))
	expect(steps.every(Boolean), seen.join('\n')).toBe(true)
	const offsets = steps.map((m) => Number(m![1]))
	expect(offsets.length).toBeGreaterThanOrEqual(count / 10 - 1)
	expect(offsets).toEqual(offsets.map((_, i) => (i + 1) * 10))
})

test('on /dashboard/old, Load more and Download Report read only their own part', async ({
	page,
	javaScriptEnabled,
}) => {
	test.skip(!javaScriptEnabled, 'without JavaScript every link and form loads the whole page')
	await signIn(page)
	await page.goto('/dashboard/old')
	const ongoing = page.getByRole('region', { name: /^Ongoing Breaches/ })
	const items = ongoing.getByRole('list', { name: 'Ongoing breached orders' }).getByRole('listitem')
	await expect(items).toHaveCount(5)
	const seen = dataRequests(page)

	await ongoing.getByRole('link', { name: 'Load more' }).click()
	await expect(page).toHaveURL(/breach_page=2/)
	await expect(items).toHaveCount(10)
	expect(seen.map((s) => s.replace(/\?.*/, ''))).toEqual(['GET /dashboard/breaches/ongoing.data'])
	seen.length = 0

	const issues = page.getByRole('region', { name: 'Issues Log', exact: true })
	await issues.getByRole('button', { name: 'Download Report' }).click()
	const dialog = page.getByRole('dialog', { name: 'Download Report' })
	await expect(dialog).toContainText('Your Issues Log report is ready.')
	await page.waitForLoadState('networkidle')
	// The report's post, and then nothing of the widgets or the breach sections is read again.
	expect(
		seen.filter((s) => /\/dashboard\/(old\/widgets|breaches)\//.test(s)),
		seen.join('\n'),
	).toEqual([])
	expect(seen.filter((s) => s.startsWith('POST'))).toHaveLength(1)
})
