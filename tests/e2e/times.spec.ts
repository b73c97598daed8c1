import { seedId } from '../../server/db/seed/random'
import { test, expect, signInAs, openOrder } from './fixtures'

/**
 * Every time names its zone and reads the same with and without JavaScript (the server's and the
 * browser's zone data differ: Node's ICU still puts British Columbia on PST in November 2026, a
 * newer Chromium on -07; the app formats with the tz database it ships, on both sides). The browser
 * runs in Vancouver, so that nothing may fall back on the browser's own zone either.
 */
test.use({ timezoneId: 'America/Vancouver' })

// A time as the timeline prints it: 'MM/dd/yy hh:mm a' and the zone (001 §9).
const TIME = String.raw`\d\d/\d\d/\d\d \d\d:\d\d [AP]M`

test('an order delivered in Vancouver reads its times in the shipped zone data, before and after a client navigation', async ({
	page,
}, info) => {
	await page.goto('/login')
	await signInAs(page, 'gary@globex.test')
	await expect(page).toHaveURL(/\/dashboard/)
	// GX-00240 is delivered in Vancouver a week before the demo data's today (November 2026 or later).
	await openOrder(page, 'GX-00240')
	if (info.project.name === 'js')
		await expect(page.getByRole('region', { name: 'Node carousel' })).toBeVisible()
	// tzdata 2026a: British Columbia keeps UTC-7 (MST) from 1 November 2026; the node card of the
	// customer in Vancouver shows its last event in its zone.
	const customer = page.locator('.node-strip-list').getByRole('link', { name: /^Customer/ })
	await expect(customer.locator('.node-time')).toHaveText(new RegExp(`^${TIME} MST$`))
	for (const time of await page.locator('.node-strip-list .node-time').allTextContents())
		if (time) expect(time).toMatch(new RegExp(`^${TIME} [A-Z][A-Za-z0-9+:-]+$`))

	// Its events, on a page that with JavaScript the browser renders (a client navigation).
	await customer.click()
	await expect(page).toHaveURL(/nodeId=/)
	const panel = page.getByRole('region', { name: 'Events panel' })
	const received = panel.locator('.event-list > li').filter({ hasText: 'Received by customer' })
	await expect(received.locator('.event-time')).toHaveText(new RegExp(`^${TIME} MST$`))
	for (const time of await panel.locator('.event-time').allTextContents())
		expect(time).toMatch(new RegExp(`^${TIME} [A-Z][A-Za-z0-9+:-]+$`))
})

test('comment times name their zone', async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	const path = await openOrder(page, 'SO-1001')
	await page.goto(`${path}?tab=comments`)
	const times = page.locator('.comment-list .comment-meta time')
	await expect(times.first()).toHaveText(new RegExp(`^${TIME} UTC$`))
})

/** The first zone of moment-timezone's packed data: a module that carries it carries the tz database. */
const TZ_DATA = 'Africa/Abidjan|'

test('the public tracker formats its times on the server: its pages fetch no tz data, and read the same with and without JavaScript', async ({
	page,
	javaScriptEnabled,
}) => {
	// GX-00240's customer is in Vancouver: 'hh:mm a' and the zone there (000 §9), MST from November 2026.
	const timeline = `/tracking/globex/GX-00240/${seedId('globex', 'ship_set', 'GX-00240')}`
	for (const path of ['/tracking', '/tracking/acme/PO-7781', timeline]) {
		// The modules the served page loads (after its first paint) and preloads, as its HTML names them.
		const served = await (await page.request.get(path)).text()
		const modules = [...new Set(served.match(/\/assets\/[\w.-]+\.js/g))]
		expect(modules.length, path).toBeGreaterThan(0)
		for (const module of modules) {
			const text = await (await page.request.get(module)).text()
			expect(text.includes(TZ_DATA), `${path} loads the tz data in ${module}`).toBe(false)
		}
	}

	// The page as served, its text without React's markers between adjacent texts.
	const served = (await (await page.request.get(timeline)).text()).replaceAll('<!-- -->', '')
	await page.goto(timeline)
	// With JavaScript the page has hydrated (the carousel replaces the strip) before it is read.
	if (javaScriptEnabled)
		await expect(page.locator('.node-carousel')).toHaveAttribute('data-positioned', 'true')
	const times = page.locator('.event__when')
	await expect(times.first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d [AP]M MST$/)
	for (const time of await times.allTextContents()) expect(served).toContain(time)
})
