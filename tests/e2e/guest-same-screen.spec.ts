import type { Locator, Page } from '@playwright/test'
import { SEED_DOCUMENTS } from '../../server/db/seed/files'
import { test, expect, openOrder, shareRestricted, signInAs } from './fixtures'

/**
 * 002 §1 "Guests (visitors with a shared link) get a restricted read-only version of the same
 * screen": a link to SO-1001 shows the signed-in timeline's status bar, node strip, tabs and
 * comments, without what 002 §1 and 000 §6 keep from guests; the Location tab's map (the
 * signed-in one and the guest's: one map) holds every pin it draws. JavaScript on and off; each
 * project shares with an address of its own, nothing else changes.
 */

const js = () => test.info().project.name === 'js'

/** Olivia opens SO-1001: what the signed-in page shows, then the link she shares with `guest`. */
async function signedInThenShared(page: Page, what: string) {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	const path = await openOrder(page, 'SO-1001')
	const statusBar = await page
		.getByRole('list', { name: 'Order status' })
		.getByRole('listitem')
		.allTextContents()
	const current = await page
		.getByRole('list', { name: 'Order status' })
		.locator('[aria-current="step"]')
		.textContent()
	const nodeCards = await page.locator('.node-strip-list .node').count()
	const ups = page
		.locator('.node-strip-list [data-group="1"]')
		.filter({ hasNotText: 'Final Transit' })
	const upsNodeId = new URL(
		(await ups.getByRole('link').getAttribute('href'))!,
		page.url(),
	).searchParams.get('nodeId')!
	const guest = `same-screen-${what}-${test.info().project.name}-${Date.now()}@example.com`
	return { path, statusBar, current, nodeCards, upsNodeId, guest }
}

const withQuery = (link: URL, extra: Record<string, string>) => {
	const url = new URL(link)
	for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v)
	return url.pathname + url.search
}

/** Every pin lies inside the map that draws it: MapLibre's markers with JavaScript, the sketch's without. */
async function expectPinsInsideMap(tabs: Locator, marks: string[]) {
	if (js()) {
		const map = tabs.getByRole('region', { name: 'Map' }).locator('.maplibre-map')
		await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
		const pins = map.locator('.map-pin')
		await expect(pins).toHaveText(marks)
		await expect
			.poll(async () => {
				const area = (await map.boundingBox())!
				const tips = await Promise.all(
					(await pins.all()).map(async (p) => {
						const b = (await p.boundingBox())!
						return { x: b.x + b.width / 2, y: b.y + b.height }
					}),
				)
				return tips.every(
					(t) =>
						t.x >= area.x &&
						t.x <= area.x + area.width &&
						t.y >= area.y &&
						t.y <= area.y + area.height,
				)
			})
			.toBe(true)
	} else {
		const sketch = tabs.getByRole('img', { name: /^Location sketch: / })
		await expect(sketch).toBeVisible()
		const area = (await sketch.boundingBox())!
		const pins = sketch.locator('g')
		await expect(pins).toHaveCount(marks.length)
		for (const p of await pins.all()) {
			const b = (await p.boundingBox())!
			expect(b.x).toBeGreaterThanOrEqual(area.x)
			expect(b.x + b.width).toBeLessThanOrEqual(area.x + area.width)
			expect(b.y).toBeGreaterThanOrEqual(area.y)
			expect(b.y + b.height).toBeLessThanOrEqual(area.y + area.height)
		}
	}
}

test('the guest link is the signed-in screen, restricted: status bar, node strip, tabs, read-only comments, nothing 002 §1 withholds', async ({
	page,
}) => {
	test.setTimeout(120_000)
	const seen = await signedInThenShared(page, 'screen')
	expect(seen.statusBar).toEqual(['Pending', 'In Transit', 'Final Mile', 'Delivered'])
	const link = await shareRestricted(page, 'SO-1001', seen.guest)
	await page.goto(link.pathname + link.search)

	// The header and the same order status bar (002 §4), SO-1001 in transit.
	await expect(page.getByRole('heading', { name: 'Order Timeline', level: 1 })).toBeVisible()
	await expect(page.getByTestId('order-name')).toHaveText('SO-1001')
	const bar = page.getByRole('list', { name: 'Order status' }).getByRole('listitem')
	await expect(bar).toHaveText(seen.statusBar)
	await expect(
		page.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]'),
	).toHaveText(seen.current!)

	// The node strip: every node card, ChronosTouch Totals, Total Order Time.
	const strip = page.getByRole('region', { name: 'Nodes' })
	await expect(strip.getByRole('heading', { name: 'ChronosTouch Totals' })).toBeVisible()
	await expect(page.locator('.node-strip-list .node')).toHaveCount(seen.nodeCards)
	await expect(page.getByText('Total Order Time')).toBeVisible()
	// A node is chosen by its link, the link's query kept.
	await page.goto(withQuery(link, { nodeId: seen.upsNodeId }))
	await expect(page.locator(`.node-strip-list a[aria-current="true"]`)).toHaveCount(1)
	await expect(page.getByText('Delayed: Weather Delay').first()).toBeVisible()

	// The tabs a guest gets (no Sensor Data), and the comments list without a form.
	const tabs = page.getByRole('region', { name: 'Node details' })
	await expect(
		tabs.getByRole('navigation', { name: 'Node detail tabs' }).getByRole('link'),
	).toHaveText(['Calendar', 'Location', 'Documents (2)', 'Photos (2)', /^Comments\s*\d+$/])
	await tabs.getByRole('link', { name: /^Comments/ }).click()
	const comments = tabs.getByRole('list', { name: 'Comment list' })
	await expect(comments.getByRole('listitem').first()).toBeVisible()
	await expect(comments).toContainText('@Olivia')
	await expect(comments).not.toContainText('@acme.test')
	await expect(tabs.getByRole('textbox')).toHaveCount(0)
	await expect(tabs.getByRole('button')).toHaveCount(0)
	expect(new URL(page.url()).searchParams.get('token')).toBe(link.searchParams.get('token'))

	// Documents open and download through the guest link.
	await tabs.getByRole('link', { name: 'Documents (2)' }).click()
	const href = await tabs
		.getByRole('link', { name: `Download ${SEED_DOCUMENTS.invoice.fileName}` })
		.getAttribute('href')
	const file = await page.request.get(href!)
	expect(file.status()).toBe(200)
	await tabs.getByRole('link', { name: 'Photos (2)' }).click()
	await expect(tabs.getByRole('img')).toHaveCount(2)

	// Nothing 002 §1 and 000 §6 keep from guests, even when the URL asks for it.
	await page.goto(
		withQuery(link, { logs: '1', share: '1', upload: '1', tab: 'tracker', view: 'touch' }),
	)
	await expect(page.locator('.node-strip-list .node')).toHaveCount(seen.nodeCards)
	for (const name of [
		'Follow',
		'Following',
		'Share',
		'Historical Logs',
		'Activity Stream',
		'Upload Documents',
		'Upload Photos',
		'Dashboard',
	]) {
		await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)
		await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
	}
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('textbox')).toHaveCount(0)
	await expect(
		page.getByText(
			/Final Mile Estimated Delivery Date|Sensor Data|Related Orders|Order Details|Historical Logs|No tags available/,
		),
	).toHaveCount(0)
	// The notification dropdown stays (002 §1).
	await expect(page.locator('details.guest-notifications summary')).toHaveText('Notifications')
})

test('the Location tab’s map holds every pin it draws, signed in and on the guest link (002 §2, 000 §9)', async ({
	page,
}) => {
	test.setTimeout(120_000)
	const seen = await signedInThenShared(page, 'map')
	await page.goto(`${seen.path}?nodeId=${seen.upsNodeId}&tab=location`)
	await expectPinsInsideMap(page.getByRole('region', { name: 'Node details' }), ['C', 'S'])

	await page.goto(seen.path)
	const link = await shareRestricted(page, 'SO-1001', seen.guest)
	await page.goto(withQuery(link, { nodeId: seen.upsNodeId, tab: 'location' }))
	const tabs = page.getByRole('region', { name: 'Node details' })
	await expect(tabs.getByLabel('Consignee', { exact: true })).toHaveText('C')
	await expect(tabs.getByLabel('Shipper', { exact: true })).toHaveText('S')
	await expectPinsInsideMap(tabs, ['C', 'S'])
})
