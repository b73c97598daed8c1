import { test, expect, openOrder, signInAs } from './fixtures'
import AxeBuilder from '@axe-core/playwright'

test.describe('signed in as Olivia', () => {
	test.beforeEach(async ({ page }) => {
		await page.goto('/login')
		await signInAs(page, 'olivia@acme.test')
		await expect(page).toHaveURL(/\/dashboard/)
	})

	test('SO-1001 shows its header, nodes, totals, shipments and filter defaults', async ({
		page,
	}) => {
		const path = await openOrder(page, 'SO-1001')
		await expect(page.getByRole('heading', { level: 1, name: 'Order Timeline' })).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard')
		await expect(page.locator('.timeline-order')).toContainText('(PO-7781)')
		// The Shipments card's links (the options' tracking group and the Order Comments panel name the numbers too).
		await expect(page.getByRole('link', { name: '1Z999AA10123456784', exact: true })).toBeVisible()
		await expect(
			page.getByRole('link', { name: '9400111899223197428490', exact: true }),
		).toBeVisible()
		await expect(page.getByRole('heading', { name: 'ChronosTouch Totals' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'FIRST TOUCH' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'LAST TOUCH' })).toBeVisible()
		await expect(page.getByText('Total Order Time')).toBeVisible()
		const strip = page.locator('.node-strip-list')
		await expect(strip.getByRole('link')).toHaveCount(5)
		await expect(strip.locator('[data-group="1"]')).toHaveCount(2)
		await expect(strip.getByText('Final Transit')).toBeVisible()
		await expect(page.getByText('No Promise Date available.')).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'SO-1002' })).toHaveAttribute(
			'href',
			/^\/related_order\//,
		)

		// The grouped Transit node: heading 'Nodes', the Transit filter with its defaults
		// (000 §4 "Transit on, Non-transit on, Stale off, Exception on"; options without events disabled).
		// With JavaScript the list becomes the carousel once hydrated: click a card that stays.
		if (test.info().project.name === 'js')
			await expect(page.getByRole('region', { name: 'Node carousel' })).toBeVisible()
		await strip.locator('[data-group="1"]').first().getByRole('link').click()
		await expect(page).toHaveURL(/nodeId=/)
		const panel = page.getByRole('region', { name: 'Events panel' })
		await expect(panel.getByRole('heading', { name: 'Nodes' })).toBeVisible()
		await panel.locator('summary', { hasText: 'Filter' }).click()
		await expect(panel.getByRole('checkbox', { name: 'Transit', exact: true })).toBeChecked()
		await expect(panel.getByRole('checkbox', { name: 'Exception' })).toBeChecked()
		await expect(panel.getByRole('checkbox', { name: 'Non-Transit' })).toBeDisabled()
		const stale = panel.getByRole('checkbox', { name: 'Stale' })
		await expect(stale).toBeEnabled()
		await expect(stale).not.toBeChecked()
		// 002 §4 "inside a grouped node it shows 4 and expands to 100"; the stale scan is filtered out.
		const events = panel.locator('.event-list > li')
		await expect(events).toHaveCount(4)
		await panel.getByRole('link', { name: 'Show All Events' }).click()
		await expect(page).toHaveURL(/events=all/)
		await expect(panel.getByText('Arrival scan')).toHaveCount(0)

		// Ticking Stale adds its events through the URL (a GET form; with JavaScript it applies at once).
		// Without JavaScript the page reloaded, and the menu opens again only once a choice is made.
		if (test.info().project.name === 'no-js')
			await panel.locator('summary', { hasText: 'Filter' }).click()
		await stale.check()
		if (test.info().project.name === 'no-js')
			await panel.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/filters=stale/)
		await expect(panel.getByRole('checkbox', { name: 'Stale' })).toBeChecked()
		await expect(panel.getByRole('link', { name: 'Show All Events' })).toBeVisible()
		await panel.getByRole('link', { name: 'Show All Events' }).click()
		await expect(panel.getByText('Arrival scan')).toBeVisible()

		// Unticking every box is a choice too: no events.
		for (const name of ['Transit', 'Stale', 'Exception']) {
			await panel.getByRole('checkbox', { name, exact: true }).uncheck()
			if (test.info().project.name === 'js')
				await expect(page).not.toHaveURL(new RegExp(`filters=${name.toLowerCase()}(&|$)`))
		}
		if (test.info().project.name === 'no-js')
			await panel.getByRole('button', { name: 'Apply' }).click()
		await expect(panel.getByText('No Events.')).toBeVisible()

		// The URL reopens on that node.
		const url = page.url()
		await page.goto(`${path}?tab=location`)
		await page.goto(url)
		await expect(strip.locator('[aria-current="true"]')).toHaveCount(1)
		await expect(strip.locator('[aria-current="true"]')).toHaveAttribute(
			'href',
			new RegExp(new URL(url).searchParams.get('nodeId')!),
		)
	})

	test('below 1200 px the page keeps to the window: 4 nodes, then 3, then 2 (002 §2 "Node strip")', async ({
		page,
	}) => {
		await openOrder(page, 'SO-1001')
		for (const [width, shown] of [
			[1000, 4],
			[650, 3],
			[400, 2],
		] as const) {
			await page.setViewportSize({ width, height: 900 })
			await expect
				.poll(() =>
					page.evaluate(
						() => document.querySelector('.timeline-page')!.getBoundingClientRect().right,
					),
				)
				.toBeLessThanOrEqual(width)
			// Nothing scrolls sideways, the shell's header search included.
			await expect
				.poll(() => page.evaluate(() => document.documentElement.scrollWidth))
				.toBeLessThanOrEqual(width)
			const nodes = page.locator('.node-strip-list .node')
			const inView = async () => {
				let n = 0
				for (const box of await nodes.all()) {
					const b = await box.boundingBox()
					if (b && b.x >= 0 && b.x + b.width <= width) n++
				}
				return n
			}
			if (test.info().project.name === 'js') await expect.poll(inView).toBe(shown)
		}
	})

	test('a grouped node selected again is no longer selected, and the comment form waits (002 §4)', async ({
		page,
	}) => {
		const path = await openOrder(page, 'SO-1001')
		await page.goto(path)
		if (test.info().project.name === 'js')
			await expect(page.getByRole('region', { name: 'Node carousel' })).toBeVisible()
		await page.locator('.node-strip-list [data-group="1"]').first().getByRole('link').click()
		await expect(page).toHaveURL(/nodeId=/)
		const panel = page.getByRole('region', { name: 'Events panel' })
		const row = panel.locator('.group-nodes').getByRole('link', { name: /^Transit · / })
		await expect(row).toHaveAttribute('aria-expanded', 'true')
		await expect(panel.locator('.event-list > li').first()).toBeVisible()
		await row.click()
		await expect(page).toHaveURL(/collapsed=1/)
		await expect(row).toHaveAttribute('aria-expanded', 'false')
		await expect(panel.locator('.event-list')).toHaveCount(0)
		await page.getByRole('link', { name: /^Comments/ }).click()
		await expect(page.getByLabel('Comment', { exact: true })).toBeDisabled()
		await expect(page.getByRole('button', { name: 'Post Comment' })).toBeDisabled()
		// Selecting it once more opens it again, and the form is back.
		await row.click()
		await expect(page).not.toHaveURL(/collapsed=1/)
		await expect(row).toHaveAttribute('aria-expanded', 'true')
		await expect(page.getByLabel('Comment', { exact: true })).toBeEnabled()
	})

	test('SO-1001 passes the automatic accessibility checks (axe) on its default view', async ({
		page,
	}) => {
		test.skip(test.info().project.name !== 'js', 'axe runs as a script in the page')
		await openOrder(page, 'SO-1001')
		await expect(page.getByRole('region', { name: 'Node carousel' })).toBeVisible()
		const { violations } = await new AxeBuilder({ page }).analyze()
		expect(
			violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
		).toEqual([])
	})

	test('ChronosTouch Totals are buttons: a type shows only its nodes, Total shows every node (002 §2)', async ({
		page,
	}) => {
		await openOrder(page, 'SO-1001')
		const totals = page.getByRole('list', { name: 'Show nodes of a type' })
		const strip = page.locator('.node-strip-list')
		await expect(strip.locator('[data-building]')).toHaveCount(5)
		await totals.getByRole('link', { name: /^Transit 2$/ }).click()
		await expect(page).toHaveURL(/node_type=Transit/)
		await expect(strip.locator('[data-building]')).toHaveCount(2)
		await expect(strip.locator('[data-building="Factory"]')).toHaveCount(0)
		await expect(totals.getByRole('link', { name: /^Transit 2$/ })).toHaveAttribute(
			'aria-current',
			'true',
		)
		// The events shown are a Transit node's: the selection is one the strip shows.
		await expect(strip.locator('.node.selected')).toHaveAttribute('data-building', 'Transit')
		await totals.getByRole('link', { name: /^Total 5$/ }).click()
		await expect(page).not.toHaveURL(/node_type=/)
		await expect(strip.locator('[data-building]')).toHaveCount(5)
	})

	test('SO-1004 says No events available', async ({ page }) => {
		await openOrder(page, 'SO-1004')
		await expect(page.getByText('No events available')).toBeVisible()
	})

	test('SO-1005 and SO-1006 show their status-bar steps', async ({ page }) => {
		await openOrder(page, 'SO-1005')
		const bar = page.getByRole('list', { name: 'Order status' }).getByRole('listitem')
		await expect(bar).toHaveText(['Pending', 'In Transit', 'Final Mile', 'Canceled'])
		// The current step is marked, red for Canceled, green for Closed (000 §4).
		await expect(bar.last()).toHaveAttribute('aria-current', 'step')
		await expect(bar.last()).toHaveCSS('background-color', 'rgb(198, 40, 40)')
		await openOrder(page, 'SO-1006')
		await expect(bar).toHaveText(['Pending', 'Closed'])
		await expect(bar.last()).toHaveAttribute('aria-current', 'step')
		await expect(bar.last()).toHaveCSS('background-color', 'rgb(46, 125, 50)')
	})

	test('a shipment link selects its Transit node (node_connectable_id)', async ({ page }) => {
		await openOrder(page, 'SO-1001')
		await page.getByRole('link', { name: '9400111899223197428490', exact: true }).click()
		await expect(page).toHaveURL(/node_connectable_id=/)
		await expect(page.locator('.node-strip-list [aria-current="true"]')).toHaveText(/Final Transit/)
		await page.getByRole('link', { name: 'Location' }).click()
		await expect(page.locator('.location-pins li')).toHaveCount(2)
	})

	test('Shipment Details opens from the Shipments card', async ({ page }) => {
		await openOrder(page, 'SO-1001')
		await page.getByRole('link', { name: 'Details of 1Z999AA10123456784' }).click()
		const dialog = page.getByRole('dialog', { name: 'Shipment Details' })
		await expect(dialog).toContainText('1Z999AA10123456784')
		await expect(dialog).toContainText('Shipper')
		// 002 §4 "Statuses: Pending, In Transit, …": the same label as the card's badge.
		await expect(dialog.locator('dd').nth(2)).toHaveText('In Transit')
		await dialog.getByRole('link', { name: 'Close' }).click()
		await expect(dialog).toHaveCount(0)
		if (test.info().project.name === 'js') {
			await page.getByRole('link', { name: 'Details of 1Z999AA10123456784' }).click()
			await expect(dialog).toBeVisible()
			await page.keyboard.press('Escape')
			await expect(dialog).toHaveCount(0)
		}
	})

	test('the view toggle and the tabs are links', async ({ page }) => {
		await openOrder(page, 'SO-1001')
		// Calendar, the default tab: days with events say so in text, not by colour alone.
		await expect(page.locator('.month-grid .marked').first()).toContainText('(events)')
		await page.getByRole('link', { name: 'Activity Stream' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Activity Stream' })).toBeVisible()
		await expect(page).toHaveTitle(/^Activity Stream #SO-1001/)
		await page.getByRole('link', { name: 'Order Timeline' }).click()
		await page.getByRole('link', { name: 'Location' }).click()
		await expect(page).toHaveURL(/tab=location/)
		// With JavaScript the page's own links navigate in place (React Router's <Link>):
		// the tab's data is fetched, no document is loaded again.
		const documents: string[] = []
		page.on('request', (r) => {
			if (r.resourceType() === 'document') documents.push(r.url())
		})
		await page.getByRole('link', { name: /^Documents \(2\)/ }).click()
		await expect(page).toHaveURL(/tab=documents/)
		await expect(page.locator('.tab-panel .file-list li')).toHaveCount(2)
		await page.waitForLoadState('load')
		// Without it, each is a document of its own, the same URL.
		expect(documents.length).toBe(test.info().project.name === 'js' ? 0 : 1)
	})

	test('SO-1002 and SO-1005, whose events are all info events, have a Total Order Time', async ({
		page,
	}) => {
		// demo-data.md: SO-1002 has 'Order received' and 'Production started' 30 hours later;
		// SO-1005 also 'Order cancelled' 52 hours after the first.
		for (const [order, time] of [
			['SO-1002', '1 day 6 hours 0 minutes'],
			['SO-1005', '2 days 4 hours 0 minutes'],
		]) {
			await openOrder(page, order!)
			await expect(page.locator('.order-time')).toHaveText(`Total Order Time: ${time}`)
		}
	})
})

test('Gary of globex gets no page of an acme order', async ({ page, browser }) => {
	const olivia = await browser.newContext({
		baseURL: process.env.E2E_BASE_URL,
		javaScriptEnabled: false,
	})
	const other = await olivia.newPage()
	await other.goto('/login')
	await signInAs(other, 'olivia@acme.test')
	await expect(other).toHaveURL(/\/dashboard/)
	const path = await openOrder(other, 'SO-1001')
	await olivia.close()

	await page.goto('/login')
	await signInAs(page, 'gary@globex.test')
	await expect(page).toHaveURL(/\/dashboard/)
	for (const target of [
		path,
		'/timeline/00000000-0000-4000-8000-000000000000',
		'/timeline/not-an-id',
	]) {
		const res = await page.goto(target)
		expect(res?.status()).toBe(404)
		await expect(page.getByText('SO-1001')).toHaveCount(0)
		await expect(page.getByText('PO-7781')).toHaveCount(0)
	}
})
