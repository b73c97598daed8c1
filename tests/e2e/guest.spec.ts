import type { Page } from '@playwright/test'
import { SEED_DOCUMENTS } from '../../server/db/seed/files'
import { test, expect, shareRestricted, signInAs } from './fixtures'

/**
 * The guest view (000 §2 "Guest timeline", §8 guest rows; 002 §1): a link made by
 * sharing SO-1001 (the share modal, then the admins' /outbox, where the e-mail waits without
 * SMTP) opens the restricted record; the same link with another order id, a changed token or
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

const stepLink = (page: Page, label: string) =>
	page
		.getByRole('navigation', { name: 'Order steps' })
		.getByRole('link', { name: new RegExp(`^${label}`) })

test('a shared SO-1001 link opens the restricted view; another order, a changed token refuse; the notification saves', async ({
	page,
}, info) => {
	test.setTimeout(120_000)
	const guest = guestAddress(info.project.name, 'open')
	const { link, otherOrderId } = await shareSo1001(page, guest)
	expect(link.hash).toBe('')

	await page.goto(link.pathname + link.search)
	await expect(page.getByRole('heading', { name: 'Order Timeline', level: 1 })).toBeVisible()
	await expect(page.getByText('#SO-1001')).toBeVisible()

	// The four steps; SO-1001 is in transit: on its way, the two before done, delivered not yet.
	const steps = page.getByRole('navigation', { name: 'Order steps' }).getByRole('listitem')
	await expect(steps).toHaveCount(4)
	await expect(stepLink(page, 'Pending')).toHaveAccessibleName('Pending (done)')
	await expect(stepLink(page, 'In Process')).toHaveAccessibleName('In Process (done)')
	await expect(stepLink(page, 'On Its Way')).toHaveAccessibleName('On Its Way (current status)')
	await expect(stepLink(page, 'On Its Way')).toHaveAttribute('aria-current', 'page')
	await expect(stepLink(page, 'Delivered')).toHaveAccessibleName('Delivered')

	// On its way: the transit events (5, then all), the total duration, the route's map.
	const section = page.getByRole('region', { name: 'On Its Way' })
	await expect(section.getByText('Delayed: Weather Delay')).toBeVisible()
	await expect(section.getByText('Total Duration:')).toBeVisible()
	await expect(section.getByText('Picked up')).toHaveCount(0)
	await section.getByRole('link', { name: 'Show All Events' }).click()
	await expect(section.getByText('Picked up')).toBeVisible()
	await expect(section.getByLabel('Shipper', { exact: true })).toBeVisible()
	await expect(section.getByLabel('Consignee', { exact: true })).toBeVisible()
	if (info.project.name === 'js') {
		// 000 §2 "a map (325 px high; … 4 for a route)": MapLibre over the offline world outline.
		const map = section.getByRole('region', { name: 'Map' }).locator('.maplibre-map')
		await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
		await expect(map.locator('.map-pin')).toHaveText(['S', 'C'])
		await expect(section.locator('.guest-map')).toHaveAttribute('data-zoom', '4')
	} else {
		await expect(
			section.getByRole('img', {
				name: /^Location sketch: Shipper: .+; Consignee: Northwind Medical Supply$/,
			}),
		).toBeVisible()
	}

	await stepLink(page, 'In Process').click()
	await expect(page.getByRole('region', { name: 'In Process' })).toContainText(
		'Ship Set is currently in process at DC.',
	)
	await expect(page.getByRole('region', { name: 'In Process' })).toContainText('Production started')
	await stepLink(page, 'Pending').click()
	await expect(page.getByRole('region', { name: 'Pending' })).toContainText(
		'Ship Set is currently waiting to be processed.',
	)
	await stepLink(page, 'Delivered').click()
	const delivered = page.getByRole('region', { name: 'Delivered' })
	await expect(delivered).toContainText('No Events.')
	await expect(delivered).toContainText('Northwind Medical Supply')
	await expect(delivered.getByText('Total Duration:')).toHaveCount(0)

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
	await expect(page.getByText('PO-7781')).toHaveCount(0)
	await expect(
		page.getByText(/Related Orders|Sensor Data|Order Details|Estimated Delivery/),
	).toHaveCount(0)

	// 002 §1 "A guest may still … open or download documents and view photos": SO-1001's two seeded documents, each with a Download link that answers the file.
	const documents = page.getByRole('region', { name: 'Documents' })
	for (const doc of [SEED_DOCUMENTS.invoice, SEED_DOCUMENTS.packingList])
		await expect(documents.getByText(doc.fileName, { exact: true })).toBeVisible()
	const href = await documents
		.getByRole('link', { name: `Download ${SEED_DOCUMENTS.invoice.fileName}` })
		.getAttribute('href')
	expect(href).toContain('token=')
	const file = await page.request.get(href!)
	expect(file.status()).toBe(200)
	expect(file.headers()['content-disposition']).toContain(SEED_DOCUMENTS.invoice.fileName)
	await expect(page.getByRole('region', { name: 'Photos' }).getByRole('img')).toHaveCount(2)

	// The same query on /timeline/{id} is the same guest page, without signing in.
	await page.goto(`/timeline/${link.pathname.split('/')[2]}${link.search}`)
	await expect(page).toHaveURL(/\/timeline\//)
	await expect(stepLink(page, 'On Its Way')).toHaveAttribute('aria-current', 'page')

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
	await expect(page.getByRole('navigation', { name: 'Order steps' })).toHaveCount(0)
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

test('after the share is revoked the link says the token expired', async ({ page }, info) => {
	test.setTimeout(120_000)
	const guest = guestAddress(info.project.name, 'revoke')
	const { link, timelinePath } = await shareSo1001(page, guest)
	await page.goto(link.pathname + link.search)
	await expect(stepLink(page, 'On Its Way')).toBeVisible()

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
	await expect(page.getByRole('navigation', { name: 'Order steps' })).toHaveCount(0)
})
