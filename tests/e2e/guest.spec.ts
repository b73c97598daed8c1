import type { Page } from '@playwright/test'
import { SEED_DOCUMENTS } from '../../server/db/seed/files'
import { test, expect, shareRestricted, signInAs } from './fixtures'

/**
 * The guest view (000 §2 "Guest timeline", §8 guest rows; 002 §1): a link made by
 * sharing SO-1001 (the share modal, then the admins' /outbox, where the e-mail waits without
 * SMTP) opens the order's timeline, restricted (002 §1; the whole screen: guest-same-screen.spec.ts); the same link with another order id, a changed token or
 * after a revoke says 'Token expired or invalid parameters.'; the notification radio saves
 * with the toast. JavaScript on and off; each project shares with its own addresses, so the
 * two never touch each other's links or settings, and no other spec's data changes.
 */

const INVALID = 'Token expired or invalid parameters.'

async function openOrder(page: Page, name: string): Promise<string> {
	await page.goto(`/advanced_search?qs_query_string=${name}`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	return new URL(page.url()).pathname
}

/** Olivia shares SO-1001 with `guest` and reads the guest link from the outbox; the browser is then signed out. */
async function shareSo1001(
	page: Page,
	guest: string,
): Promise<{ link: URL; timelinePath: string; otherOrderId: string }> {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	const otherOrderId = (await openOrder(page, 'SO-1002')).split('/').pop()!
	const timelinePath = await openOrder(page, 'SO-1001')
	const link = await shareRestricted(page, 'SO-1001', guest)
	return { link, timelinePath, otherOrderId }
}

function guestAddress(project: string, what: string) {
	return `guest-view-${what}-${project}-${Date.now()}@example.com`
}

const orderStatus = (page: Page) =>
	page.getByRole('list', { name: 'Order status' }).getByRole('listitem')

test('a shared SO-1001 link opens the restricted view; another order, a changed token refuse; the notification saves', async ({
	page,
}, info) => {
	test.setTimeout(120_000)
	const guest = guestAddress(info.project.name, 'open')
	const { link, otherOrderId } = await shareSo1001(page, guest)
	expect(link.hash).toBe('')

	await page.goto(link.pathname + link.search)
	await expect(page.getByRole('heading', { name: 'Order Timeline', level: 1 })).toBeVisible()
	await expect(page.getByTestId('order-name')).toHaveText('SO-1001')

	// The signed-in page's order status bar (002 §4; 000 §2's four steps): SO-1001 in transit is 'on its way',
	// Final Mile under the final-mile status-bar fix the demo supply chain has on.
	await expect(orderStatus(page)).toHaveText(['Pending', 'In Transit', 'Final Mile', 'Delivered'])
	await expect(orderStatus(page).and(page.locator('[aria-current="step"]'))).toHaveText(
		'Final Mile',
	)

	// The selected node's events (5, then all) and Total Order Time; the UPS line haul's route on the map.
	await expect(page.getByText('Total Order Time')).toBeVisible()
	const ups = page
		.locator('.node-strip-list [data-group="1"]')
		.filter({ hasNotText: 'Final Transit' })
	await ups.getByRole('link').click()
	await expect(page.getByText('Delayed: Weather Delay').first()).toBeVisible()
	const tabs = page.getByRole('region', { name: 'Node details' })
	await tabs.getByRole('link', { name: 'Location' }).click()
	await expect(tabs.getByLabel('Shipper', { exact: true })).toBeVisible()
	await expect(tabs.getByLabel('Consignee', { exact: true })).toBeVisible()
	if (info.project.name === 'js') {
		// 000 §2 "a map (325 px high; … 4 for a route)": MapLibre over the offline world outline.
		const map = tabs.getByRole('region', { name: 'Map' }).locator('.maplibre-map')
		await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
		await expect(map.locator('.map-pin')).toHaveText(['C', 'S'])
	} else {
		await expect(
			tabs.getByRole('img', {
				name: /^Location sketch: Consignee: Acme Louisville DC; Shipper: .+$/,
			}),
		).toBeVisible()
	}

	// Nothing the spec keeps from guests (002 §1, 000 §6).
	for (const name of [
		'Follow',
		'Following',
		'Share',
		'Historical Logs',
		'Activity Stream',
		'Upload Documents',
		'Upload Photos',
	]) {
		await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)
		await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)
	}
	await expect(page.getByRole('textbox')).toHaveCount(0)
	await expect(
		page.getByText(/Related Orders|Sensor Data|Order Details|Estimated Delivery/),
	).toHaveCount(0)

	// 002 §1 "A guest may still … open or download documents and view photos": SO-1001's two seeded
	// documents, each with a Download link that, as on the signed-in page (002 §7: a CSV is saved,
	// anything else opens in a new tab), opens the PDF in a new tab, inline with its type.
	await tabs.getByRole('link', { name: /^Documents/ }).click()
	const documents = page.getByRole('region', { name: 'Documents' })
	for (const doc of [SEED_DOCUMENTS.invoice, SEED_DOCUMENTS.packingList])
		await expect(documents.getByText(doc.fileName, { exact: true })).toBeVisible()
	const download = documents.getByRole('link', {
		name: `Download ${SEED_DOCUMENTS.invoice.fileName}`,
	})
	await expect(download).toHaveAttribute('target', '_blank')
	await expect(download).not.toHaveAttribute('download')
	const href = (await download.getAttribute('href'))!
	expect(href).toContain('token=')
	expect(href).toContain('disposition=inline')
	const file = await page.request.get(href)
	expect(file.status()).toBe(200)
	expect(file.headers()['content-type']).toBe('application/pdf')
	expect(file.headers()['content-disposition']).toMatch(/^inline;/)
	expect(file.headers()['content-disposition']).toContain(SEED_DOCUMENTS.invoice.fileName)
	expect((await file.body()).equals(SEED_DOCUMENTS.invoice.bytes)).toBe(true)
	await tabs.getByRole('link', { name: /^Photos/ }).click()
	await expect(page.getByRole('region', { name: /^Photos/ }).getByRole('img')).toHaveCount(2)

	// The same query on /timeline/{id} is the same guest page, without signing in.
	await page.goto(`/timeline/${link.pathname.split('/')[2]}${link.search}`)
	await expect(page).toHaveURL(/\/timeline\//)
	await expect(orderStatus(page)).toHaveText(['Pending', 'In Transit', 'Final Mile', 'Delivered'])

	// The notification radio choices, saved with the toast, kept on reload.
	await page.goto(link.pathname + link.search)
	const notifications = page.locator('details.guest-notifications')
	await notifications.locator('summary').click()
	await notifications.getByLabel('Delivered only').check()
	await notifications.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Notification Order' })).toContainText(
		'You have set notification',
	)
	await page.reload()
	await page.locator('details.guest-notifications summary').click()
	await expect(
		page.locator('details.guest-notifications').getByLabel('Delivered only'),
	).toBeChecked()

	// Another order's id, a changed token, a missing type: refused with the one message.
	const other = new URL(link)
	other.pathname = `/guest/${otherOrderId}/timeline`
	await page.goto(other.pathname + other.search)
	await expect(page.getByRole('alert')).toHaveText(INVALID)
	await expect(page.getByRole('list', { name: 'Order status' })).toHaveCount(0)
	const changed = new URL(link)
	const token = changed.searchParams.get('token')!
	changed.searchParams.set('token', (token[0] === 'A' ? 'B' : 'A') + token.slice(1))
	await page.goto(changed.pathname + changed.search)
	await expect(page.getByRole('alert')).toHaveText(INVALID)
	const untyped = new URL(link)
	untyped.searchParams.set('type', 'full')
	await page.goto(untyped.pathname + untyped.search)
	await expect(page.getByRole('alert')).toHaveText(INVALID)
})

test("SO-1002 and SO-1005 (only info events): the guest reads the signed-in page's Total Order Time", async ({
	page,
}, info) => {
	test.setTimeout(120_000)
	// 000 §4's span, or for an order with only info or stale events the span of all of them: one
	// rule for both screens (app/lib/timeline/durations.ts).
	for (const [order, time] of [
		['SO-1002', '1 day 6 hours 0 minutes'],
		['SO-1005', '2 days 4 hours 0 minutes'],
	] as const) {
		await page.goto('/login')
		await signInAs(page, 'olivia@acme.test')
		await expect(page).toHaveURL(/\/dashboard/)
		await openOrder(page, order)
		await expect(page.locator('.order-time')).toHaveText(`Total Order Time: ${time}`)
		const link = await shareRestricted(
			page,
			order,
			guestAddress(info.project.name, `time-${order.toLowerCase()}`),
		)
		await page.goto(link.pathname + link.search)
		await expect(page.getByTestId('order-name')).toHaveText(order)
		await expect(page.locator('.order-time')).toHaveText(`Total Order Time: ${time}`)
	}
})

test('after the share is revoked the link says the token expired', async ({ page }, info) => {
	test.setTimeout(120_000)
	const guest = guestAddress(info.project.name, 'revoke')
	const { link, timelinePath } = await shareSo1001(page, guest)
	await page.goto(link.pathname + link.search)
	await expect(orderStatus(page)).toHaveCount(4)

	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	await page.goto(`${timelinePath}?share=1`)
	const dialog = page.getByRole('dialog', { name: 'SHARE SOSS #SO-1001' })
	await dialog.getByRole('button', { name: `Revoke the guest link of ${guest}` }).click()
	await expect(
		page.getByRole('status').filter({ hasText: `You have revoked the guest link of ${guest}` }),
	).toBeVisible()
	await page.context().clearCookies()

	await page.goto(link.pathname + link.search)
	await expect(page.getByRole('alert')).toHaveText(INVALID)
	await expect(page.getByRole('list', { name: 'Order status' })).toHaveCount(0)
})
