import type { Locator, Page } from '@playwright/test'
import { seedId } from '../../server/db/seed/random'
import { test, expect, signInAs } from './fixtures'
import { answerCaptchaQuestion } from './tracker-captcha'

// The public order tracker's acceptance; runs with JavaScript on and off.
//
// Every test shares the server's rate limits and one address (127.0.0.1). A browser context
// passes the captcha on the landing (the ALTCHA widget with JavaScript, the question without
// it: the results hold their rows back until then), which puts its searches in the captcha
// bucket (30 a minute); the searches below are counted. Orders
// whose search is not under test are opened by their id: the demo data's ids are fixed
// (demo-data.md: "The generator is deterministic").

/** A demo order's id, as the seed derives it. */
const orderId = (name: string) => seedId('acme', 'ship_set', name)

const NUMBER_FIELD = 'Order / Reference / Tracking Number'

async function searchFor(
	page: Page,
	javaScriptEnabled: boolean,
	organization: string,
	number: string,
) {
	await page.goto('/tracking')
	// With JavaScript the widget's script loads when the form is first reached (typing here), and it
	// starts its work as it arrives, since the visitor is already in the form.
	await page.getByLabel('Organization').fill(organization)
	await page.getByLabel(NUMBER_FIELD).fill(number)
	if (!javaScriptEnabled) await answerCaptchaQuestion(page)
	const button = page.getByRole('button', { name: 'SEARCH' })
	if (javaScriptEnabled) {
		// The ALTCHA widget has loaded and solved its proof of work.
		await expect(page.locator('altcha-widget input[type="checkbox"]')).toBeChecked({
			timeout: 20_000,
		})
	}
	await expect(button).toBeEnabled({ timeout: 20_000 })
	await button.click()
}

async function expectStatusBar(page: Page, steps: string[], current: string, fill: number) {
	const bar = page.locator('.status-bar')
	await expect(page.getByRole('heading', { name: 'ORDER STATUS' })).toBeVisible()
	await expect(bar.locator('.status-step')).toHaveText(steps)
	await expect(bar.locator('[aria-current="step"]')).toHaveText(current)
	await expect(bar).toHaveAttribute('data-fill', String(fill))
}

test('acme + PO-7781 lists SO-1001 and SO-1002, sorts, and each row leads to its timeline and back', async ({
	page,
	javaScriptEnabled,
}) => {
	await searchFor(page, javaScriptEnabled, 'acme', 'PO-7781') // search 1
	await expect(page).toHaveURL(/\/tracking\/acme\/PO-7781$/)
	await expect(page.getByRole('heading', { name: 'Search Results for PO-7781' })).toBeVisible()
	const rows = page.locator('.results-table tbody tr')
	await expect(rows).toHaveCount(2)
	await expect(rows.locator('th')).toHaveText(['SO-1001', 'SO-1002'])
	// In Process is shown as 'In Transit', In Transit as 'Final Mile'.
	await expect(rows.locator('.status-badge')).toHaveText(['Final Mile', 'In Transit'])
	await expect(page.getByText('Showing results 1-2 of 2')).toBeVisible()
	// SO-1001's tracking number and its Last Status carrier are one shipment's: the UPS line haul's.
	const so1001 = rows.filter({ hasText: 'SO-1001' })
	await expect(so1001.locator('.last-status__carrier')).toHaveText('UPS')
	await expect(so1001).toContainText('1Z999AA10123456784')
	await expect(so1001).not.toContainText('9400111899223197428490')

	await page.locator('.sort-menu summary').click()
	await page.getByRole('link', { name: 'Order Number (descending)' }).click() // search 2
	await expect(page).toHaveURL(/sortBy=order_number&orderBy=desc&page=1$/)
	await expect(rows.locator('th')).toHaveText(['SO-1002', 'SO-1001'])

	await page.getByRole('link', { name: 'SO-1002' }).click()
	await expect(page.getByRole('heading', { name: 'Order Timeline' })).toBeVisible()
	await expect(page.getByText('#SO-1002 (PO-7781)')).toBeVisible()
	await expectStatusBar(
		page,
		['Pending', 'In Transit', 'Final Mile', 'Delivered'],
		'In Transit',
		50,
	)
	// Several results: the back link returns to the list, as it was sorted.
	await expect(page.getByRole('link', { name: /Back to search page/ })).toHaveAttribute(
		'href',
		'/tracking/acme/PO-7781?orderBy=desc',
	)
	await page.goBack()
	await page.getByRole('link', { name: 'SO-1001' }).click()
	await expect(page.getByText('#SO-1001 (PO-7781)')).toBeVisible()
	await expectStatusBar(
		page,
		['Pending', 'In Transit', 'Final Mile', 'Delivered'],
		'Final Mile',
		75,
	)
})

test('acme + 1Z999AA10123456784 opens SO-1001 with its Transit group selected and the filter defaults', async ({
	page,
	javaScriptEnabled,
}) => {
	await searchFor(page, javaScriptEnabled, 'acme', '1Z999AA10123456784') // search 3
	await expect(page).toHaveURL(
		/\/tracking\/acme\/1Z999AA10123456784\/[0-9a-f-]{36}\?trackingNumber=1Z999AA10123456784$/,
	)
	await expect(page.getByText('#SO-1001 (PO-7781)')).toBeVisible()
	await expect(page.getByText('DESTINATION:')).toBeVisible()
	const selected = page.locator('.node-card[aria-current="true"]')
	await expect(selected).toHaveCount(1)
	await expect(selected).toContainText('Transit')
	await expect(selected.locator('.badge--count')).toHaveText('2')
	await expect(page.getByRole('heading', { name: 'Nodes' })).toBeVisible()
	await expect(page.locator('.grouped-node--open')).toContainText('1Z999AA10123456784')
	await expect(page.locator('.grouped-node--open')).toContainText('UPS')
	// One result: the back link goes to the landing.
	await expect(page.getByRole('link', { name: /Back to search page/ })).toHaveAttribute(
		'href',
		'/tracking',
	)

	// The Filter menu on this Transit node: Transit on, Non-transit on (no such events: disabled),
	// Stale off, Exception on.
	await page.locator('.filter-menu summary').click()
	const box = (name: string) => page.getByRole('checkbox', { name, exact: true })
	await expect(box('Transit')).toBeChecked()
	await expect(box('Transit')).toBeEnabled()
	await expect(box('Non-transit')).toBeChecked()
	await expect(box('Non-transit')).toBeDisabled()
	await expect(box('Stale')).not.toBeChecked()
	await expect(box('Stale')).toBeEnabled()
	await expect(box('Exception')).toBeChecked()
	await expect(box('Exception')).toBeEnabled()

	const events = page.locator('.grouped-node--open .event')
	await expect(events).toHaveCount(5)
	await expect(events.first()).toHaveClass(/event--first/)
	await expect(page.locator('.event--stale')).toHaveCount(0)
	await expect(page.locator('.event--exception')).toContainText('Delayed: Weather Delay')
	await expect(page.locator('.event--verified')).toContainText('MASTERCARD PROVENANCE VERIFIED')

	// With JavaScript the tick applies at once and the menu is drawn again, closed, from the new
	// URL: the test waits for that URL, not for the click's own state, then opens the menu again.
	await box('Stale').click()
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/filtered=1/)
	await expect(page).toHaveURL(/filter=stale/)
	await page.locator('.filter-menu summary').click()
	await expect(box('Stale')).toBeChecked()
	await expect(page.locator('.event--stale')).toContainText('Arrival scan')
	await expect(events).toHaveCount(5)
	await page.getByRole('link', { name: 'Show All Events' }).click()
	await expect(events).toHaveCount(6)
	await page.getByRole('link', { name: 'Collapse Events' }).click()
	await expect(events).toHaveCount(5)

	// Another node: the filters start over.
	await page.locator('.node-card', { hasText: 'Factory' }).click()
	await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible()
	await expect(page.locator('.filter-menu')).toHaveCount(0)
	await expect(page).not.toHaveURL(/filtered/)
})

test('globex + that tracking number finds nothing', async ({
	page,
	javaScriptEnabled,
	baseURL,
}) => {
	await searchFor(page, javaScriptEnabled, 'globex', '1Z999AA10123456784') // search 4
	await expect(page).toHaveURL(/\/tracking\/globex\/1Z999AA10123456784$/)
	const host = new URL(baseURL!).host
	await expect(
		page.getByText(
			`No results found. Please contact support at an address on ${host} if you need help.`,
		),
	).toBeVisible()
})

test('SO-1003 … SO-1006 show the status bar of their status', async ({ page }) => {
	const cases: [string, string[], string, number, string][] = [
		['SO-1003', ['Pending', 'In Transit', 'Final Mile', 'Delivered'], 'Delivered', 100, 'green'],
		['SO-1004', ['Pending', 'In Transit', 'Final Mile', 'Delivered'], 'Pending', 25, 'default'],
		['SO-1005', ['Pending', 'Cancelled'], 'Cancelled', 50, 'red'],
		['SO-1006', ['Pending', 'Closed'], 'Closed', 50, 'green'],
	]
	for (const [order, steps, current, fill, tone] of cases) {
		await page.goto(`/tracking/acme/${order}/${orderId(order)}`)
		await expect(page.getByText(`#${order} (`)).toBeVisible()
		await expectStatusBar(page, steps, current, fill)
		await expect(page.locator('.status-bar')).toHaveClass(new RegExp(`status-bar--${tone}`))
		// SO-1004 has no events at all.
		await expect(page.getByText('No events available')).toHaveCount(order === 'SO-1004' ? 1 : 0)
	}
})

test('the landing locks a given organization and checks both fields', async ({
	page,
	javaScriptEnabled,
}) => {
	await page.goto('/tracking?organization=acme')
	await expect(page.getByRole('heading', { name: 'Track your order here!' })).toBeVisible()
	// The page's style sheets style it (the tokens' background, not the browser's white), hydrated or not.
	expect(
		await page.evaluate(() =>
			getComputedStyle(document.documentElement).getPropertyValue('--color-text').trim(),
		),
	).not.toBe('')
	const organization = page.getByLabel('Organization')
	await expect(organization).toHaveValue('acme')
	await expect(organization).toHaveAttribute('readonly', '')
	const button = page.getByRole('button', { name: 'SEARCH' })
	// "Defer what is not needed for the first paint" (ADR 0032): the page as served asks for no module;
	// with JavaScript they are added once it has painted, and the page hydrates (the disabled SEARCH).
	const served = await (await page.request.get('/tracking?organization=acme')).text()
	expect(served).not.toMatch(/<link[^>]*modulepreload|<script[^>]*type="module"/)
	if (javaScriptEnabled) {
		await expect(button).toBeDisabled()
		expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(0)
		await page.getByLabel(NUMBER_FIELD).fill('   ')
		await expect(button).toBeDisabled()
		await page.getByLabel(NUMBER_FIELD).blur()
		await expect(page.getByLabel(NUMBER_FIELD)).toHaveValue('')
	} else {
		// Spaces pass the browser's `required`; the server trims them and says why.
		await page.getByLabel(NUMBER_FIELD).fill('   ')
		await answerCaptchaQuestion(page)
		await button.click()
		await expect(page.getByRole('alert')).toHaveText(
			'Please enter an organization and an order, reference or tracking number.',
		)
		await expect(page.getByLabel('Organization')).toHaveAttribute('readonly', '')
	}
})

test('a locked organization stays locked through the results pages, the sort, a row and the way back', async ({
	page,
	javaScriptEnabled,
}) => {
	// Eleven orders sharing a reference (the demo data has none: each search finds at most two), so
	// the results have two pages; imported by Olivia (the CSV import of /settings/imports), the
	// reference the project's own, then the browser signs out.
	const p = test.info().project.name.toUpperCase()
	const reference = `PO-LOCK-${p}`
	const csv = [
		'order_number,reference_number,final_location_name,final_location_city,final_location_country',
		...Array.from(
			{ length: 11 },
			(_, i) => `LOCK-${p}-${String(i + 1).padStart(2, '0')},${reference},E2E Clinic,Dallas,US`,
		),
	].join('\n')
	await page.goto('/settings/imports')
	await signInAs(page, 'olivia@acme.test')
	await page
		.getByLabel('CSV file')
		.setInputFiles({ name: `lock-${p}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Check file' }).click()
	await page.getByRole('button', { name: 'Import 11 good rows' }).click()
	await expect(page.getByTestId('import-summary')).toHaveText('11 rows imported, 0 rows refused')
	await page.context().clearCookies()

	// 000 §2 "Query organization prefills and locks the organization field": the link's
	// organization is the visitor's; every link of the results (pages, sort, rows, breadcrumb) and
	// the timeline's 'Back to search page' keep it locked (lock=1, or /tracking?organization=…).
	await page.goto('/tracking?organization=acme')
	await expect(page.getByLabel('Organization')).toHaveAttribute('readonly', '')
	await page.getByLabel(NUMBER_FIELD).fill(reference)
	if (!javaScriptEnabled) await answerCaptchaQuestion(page)
	else
		await expect(page.locator('altcha-widget input[type="checkbox"]')).toBeChecked({
			timeout: 20_000,
		})
	await page.getByRole('button', { name: 'SEARCH' }).click() // search 5
	await expect(page).toHaveURL(new RegExp(`/tracking/acme/${reference}\\?lock=1$`))
	await expect(page.getByText('Showing results 1-10 of 11')).toBeVisible()
	const locked = async (links: Locator) => {
		const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
		expect(hrefs.length).toBeGreaterThan(0)
		for (const href of hrefs)
			expect(new URL(href, page.url()).searchParams.get('lock'), href).toBe('1')
	}
	const pager = page.getByRole('navigation', { name: 'Pages' })
	await locked(pager.getByRole('link'))
	await locked(page.locator('.sort-menu a'))
	await pager.getByRole('link', { name: '2', exact: true }).click() // search 6
	await expect(page.getByText('Showing results 11-11 of 11')).toBeVisible()
	expect(new URL(page.url()).searchParams.get('page')).toBe('2')
	expect(new URL(page.url()).searchParams.get('lock')).toBe('1')
	await locked(pager.getByRole('link'))
	const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
	await expect(crumbs.getByRole('link', { name: 'Order Tracker' })).toHaveAttribute(
		'href',
		'/tracking?organization=acme',
	)

	await page.getByRole('link', { name: `LOCK-${p}-11` }).click()
	await expect(page.getByText(`#LOCK-${p}-11 (${reference})`)).toBeVisible()
	const back = page.getByRole('link', { name: /Back to search page/ })
	await expect(back).toHaveAttribute('href', `/tracking/acme/${reference}?page=2&lock=1`)
	await back.click() // search 7
	await expect(page.getByText('Showing results 11-11 of 11')).toBeVisible()
	await crumbs.getByRole('link', { name: 'Order Tracker' }).click()
	await expect(page.getByLabel('Organization')).toHaveValue('acme')
	await expect(page.getByLabel('Organization')).toHaveAttribute('readonly', '')
})

// The results page's captcha (held-back rows, dialog, no-JavaScript question): tests/e2e/captcha-invitations-photos-map.spec.ts.
