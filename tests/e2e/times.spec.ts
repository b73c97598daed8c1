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
