import type { Page } from '@playwright/test'
import { test, expect, openOrder, signInAs } from './fixtures'
import { setToggle, withToggleLock } from './toggles'

/**
 * The timeline's options (002 §2 "The stream view has filters for event, measurement type
 * and tracking group"), the Order Comments panel (002 §2 side widgets "Order Comments panel"), the
 * toggles of 000 §6 and 002 §6 that change what they name, and first-party analytics events (000 §6
 * "Analytics events named: click_to_node, …"). The rules themselves are unit tests
 * (app/lib/feature-toggles.test.ts, app/lib/timeline/activity-stream.test.ts, …) and API tests
 * (tests/api/analytics-events.test.ts); here, one flow each.
 */

async function signIn(page: Page, email: string) {
	await page.goto('/login')
	await signInAs(page, email)
	await expect(page).toHaveURL(/\/dashboard/)
}

const strip = (page: Page) => page.getByRole('region', { name: 'Nodes' }).locator('[data-building]')

test('002 §2 "The stream view has filters for event, measurement type and tracking group", and the Order Comments panel', async ({
	page,
}) => {
	await signIn(page, 'olivia@acme.test')
	await openOrder(page, 'SO-1001')
	// 002 §2 side widgets: "Order Comments panel" — the newest comments (the way to all of them: at the end).
	const panel = page.locator('.order-comments-card')
	await expect(panel.locator('summary')).toHaveText(/^Order Comments · \d+$/)
	await expect(
		panel.getByRole('list', { name: 'Latest comments' }).getByRole('listitem').first(),
	).toBeVisible()
	const options = page.getByRole('form', { name: 'Order Timeline filters' })
	await expect(options.getByRole('group', { name: 'Events' })).toBeVisible()
	// SO-1001: five nodes; only its UPS line haul has a tracking group (temperature and humidity readings).
	await expect(strip(page)).toHaveCount(5)
	await options.getByLabel('Measurement type').selectOption({ label: 'Temperature' })
	await options.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/measurement_type=temperature/)
	await expect(strip(page)).toHaveCount(1)
	await expect(options.getByLabel('Measurement type')).toHaveValue('temperature')
	// The event filter: only stale events of that node.
	const stale = options.getByRole('checkbox', { name: 'Stale' })
	await expect(stale).toBeEnabled()
	for (const name of ['Transit', 'Non-Transit', 'Exception']) {
		const box = options.getByRole('checkbox', { name, exact: true })
		if (await box.isEnabled()) await box.uncheck()
	}
	await stale.check()
	await options.getByRole('button', { name: 'Apply' }).click()
	await expect(page).not.toHaveURL(/stream_filters=transit/)
	await expect(page).toHaveURL(/stream_filters=stale/)
	const events = page.getByRole('region', { name: 'Events panel' }).locator('.event')
	await expect(events.first()).toBeVisible()
	for (const cls of await events.evaluateAll((els) => els.map((e) => e.className)))
		expect(cls).toContain('event-stale')
	// The panel's way to every comment: the Comments tab.
	await panel.getByRole('link', { name: 'View all comments' }).click()
	await expect(page).toHaveURL(/tab=comments/)
	await expect(page.getByRole('list', { name: 'Comment list' })).toBeVisible()
})

/**
 * 000 §6 / 002 §6 toggles, switched for Globex (Gary's supply chain; no other spec reads its timeline
 * or header) under the toggle lock. Toggles live on the server: once, with JavaScript.
 */
test('the toggles change what they name: classic header, single-column last event, the organization mark, no Service Type', async ({
	page,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'toggles are server state; one run is enough')
	test.setTimeout(120_000)
	await signIn(page, 'gary@globex.test')
	// One of Gary's orders (his dashboard lists them) with a shipment, so that Shipment Details opens.
	await expect(page.locator('.order-row__name').first()).toBeVisible()
	const hrefs = await page
		.locator('.order-row__name')
		.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
	let href = ''
	let shipment = ''
	for (const candidate of hrefs) {
		await page.goto(candidate)
		const details = page.getByRole('link', { name: /^Details of / })
		if ((await details.count()) === 0) continue
		href = candidate
		shipment = new URL((await details.first().getAttribute('href'))!, 'http://x').searchParams.get(
			'shipment',
		)!
		break
	}
	expect(href, 'an order of Gary with a shipment').toMatch(/^\/timeline\//)
	// Seeded (docs/demo-data.md): the redesigned header and Service Type on; the last-event display and the mark off.
	await expect(page.locator('header.timeline-header')).toHaveAttribute('data-variant', 'redesigned')
	await expect(page.getByText(/^Last event: /)).toHaveCount(0)
	await expect(page.locator('.org-mark')).toHaveCount(0)
	await page.goto(`${href}?shipment=${shipment}`)
	await expect(
		page
			.getByRole('dialog', { name: 'Shipment Details' })
			.getByText('Service Type', { exact: true }),
	).toBeVisible()

	const FLIPS: [string, boolean][] = [
		['web.ui.timeline.redesignedHeader', false],
		['web.ui.timeline.singleColumnLastEvent', true],
		['web.ui.shell.demoOrganizationIconFix', true],
		['web.ui.timeline.serviceTypeField', false],
	]
	await withToggleLock(async () => {
		try {
			for (const [name, enabled] of FLIPS) await setToggle(page.request, name, enabled, 'globex')
			// The web app keeps a supply chain's toggles 10 s: reload until the change shows.
			await expect(async () => {
				await page.goto(`${href}?shipment=${shipment}`)
				await expect(page.locator('header.timeline-header')).toHaveAttribute(
					'data-variant',
					'classic',
					{ timeout: 1_000 },
				)
			}).toPass({ timeout: 30_000, intervals: [1_000] })
			await expect(page.locator('.timeline-header-facts').getByText('Promise Date')).toBeVisible()
			await expect(page.getByText(/^Last event: /).first()).toBeVisible()
			await expect(page.getByRole('img', { name: 'Globex Retail' })).toHaveText('GR')
			const dialog = page.getByRole('dialog', { name: 'Shipment Details' })
			await expect(dialog.getByText('Service Level', { exact: true })).toBeVisible()
			await expect(dialog.getByText('Service Type', { exact: true })).toHaveCount(0)
		} finally {
			for (const [name, enabled] of FLIPS) await setToggle(page.request, name, !enabled, 'globex')
		}
	})
})

/** 000 §6 analytics events: a click on a node is recorded first-party and counted in the administrators' report. */
test('click_to_node is recorded and shows in the analytics events report', async ({
	page,
}, testInfo) => {
	test.skip(
		testInfo.project.name === 'no-js',
		'events are sent by the page’s script (sendBeacon); without JavaScript nothing is sent',
	)
	await signIn(page, 'olivia@acme.test')
	const total = async () => {
		await page.goto('/analytics_events?days=7')
		const cell = page.locator('[data-total="click_to_node"]')
		return (await cell.count()) ? Number(await cell.textContent()) : 0
	}
	const before = await total()
	await openOrder(page, 'SO-1002')
	await strip(page).first().getByRole('link').click()
	await expect(page).toHaveURL(/nodeId=/)
	await expect.poll(total, { timeout: 15_000 }).toBeGreaterThan(before)
	await expect(
		page
			.getByRole('region', { name: 'Analytics events per day' })
			.getByRole('cell', { name: 'click_to_node' })
			.first(),
	).toBeVisible()
	// Victor is not an administrator: the report is not there for him.
	await page.context().clearCookies()
	await signIn(page, 'victor@acme.test')
	expect((await page.goto('/analytics_events'))?.status()).toBe(404)
})
