import { test, expect, signInAs } from './fixtures'
import type { Page } from '@playwright/test'

const SO_10 = Array.from({ length: 19 }, (_, i) => `SO-10${String(i + 1).padStart(2, '0')}`)

test.beforeEach(async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
})

async function headerSearch(page: Page, text: string) {
	await page.getByPlaceholder('Search for an order or reference number...').fill(text)
	await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
}

const results = (page: Page) => page.getByRole('table').locator('tbody tr')
const orderLinks = (page: Page) => page.getByRole('table').locator('tbody tr td:first-child a')

async function total(page: Page): Promise<number> {
	const text = await page.getByText(/^Showing \d+ to \d+ of \d+ entries$/).textContent()
	return Number(/of (\d+) entries/.exec(text ?? '')?.[1])
}

test('the header search for SO-10 lists every SO-10xx, ten a page', async ({ page, baseURL }) => {
	await headerSearch(page, 'SO-10')
	await expect(page).toHaveURL(`${baseURL}/advanced_search?qs_query_string=SO-10`)
	await expect(page.getByRole('heading', { name: 'Filter Results By:' })).toBeVisible()
	await expect(page.getByLabel('Order No.')).toHaveValue('SO-10')
	await expect(page.getByText(/^Showing 1 to 10 of \d+ entries$/)).toBeVisible()
	await expect(results(page)).toHaveCount(10)
	const count = await total(page)
	const seen = new Set<string>()
	for (let p = 1; ; p++) {
		const showing = page.getByText(new RegExp(`^Showing ${(p - 1) * 10 + 1} to \\d+ of`))
		await expect(showing).toBeVisible()
		// The status comes before the table: without JavaScript, wait until the page has its rows.
		const [, from, to] = /^Showing (\d+) to (\d+)/.exec((await showing.textContent()) ?? '')!
		await expect(results(page)).toHaveCount(Number(to) - Number(from) + 1)
		for (const name of await orderLinks(page).allTextContents()) seen.add(name)
		const next = page
			.getByRole('navigation', { name: 'Pagination' })
			.getByRole('link', { name: 'Next' })
		if (Number(to) === count) {
			await expect(next).toHaveCount(0)
			break
		}
		await next.click()
	}
	expect([...seen].sort()).toEqual(SO_10)
	expect(count).toBeGreaterThanOrEqual(19)
	// As 001 §2 says of the dashboard: order links open in a new tab, the results stay.
	await expect(orderLinks(page).first()).toHaveAttribute('target', '_blank')
})

test('SO-1004 opens its timeline', async ({ page }) => {
	await headerSearch(page, 'SO-1004')
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/)
	// the older link form ends as the same quick search (000 §2)
	await page.goto('/advanced_search?searchNumber=%20SO-1004%20')
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/)
})

test('reference PO-7781 finds exactly two orders', async ({ page }) => {
	await page.goto('/advanced_search')
	await page.getByLabel('Reference No.').fill('  PO-7781 ')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/reference_number=/)
	// Polled: without JavaScript, the rows may still be arriving when the first shows.
	await expect
		.poll(async () => new Set(await orderLinks(page).allTextContents()))
		.toEqual(new Set(['SO-1001', 'SO-1002']))
	// the header search by reference prefills the reference field
	await page.goto('/advanced_search?qs_query_string=PO-7781')
	await expect(page.getByLabel('Reference No.')).toHaveValue('PO-7781')
	expect(new Set(await orderLinks(page).allTextContents())).toEqual(new Set(['SO-1001', 'SO-1002']))
})

test("a nonsense number says 'No results found.'", async ({ page }) => {
	await headerSearch(page, 'ZZ-NOTHING-424242')
	await expect(page.getByText('No results found.')).toBeVisible()
})

test('the CSV of SO-101 has as many data rows as the table total; the export says so (alert with JS, flash without)', async ({
	page,
}, testInfo) => {
	if (testInfo.project.name === 'js') {
		// Click Export only once the page runs its script: before that it is the no-JS link (download=1).
		// The pristine form's disabled Search says the app has hydrated; client navigation keeps it so.
		await page.goto('/advanced_search')
		await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled()
		await page
			.getByRole('navigation', { name: 'Breadcrumb' })
			.getByRole('link', { name: 'Dashboard' })
			.click()
	}
	// SO-1010 … SO-1019: orders whose shipments no other test adds or removes while this one counts
	// (rows are order × shipment; SO-1001 and SO-1007 change under the timeline's shipment tests).
	await headerSearch(page, 'SO-101')
	const count = await total(page)
	const link = page.getByRole('link', { name: 'Export CSV' })
	expect(await link.getAttribute('href')).toBe('?qs_query_string=SO-101&download=1')
	const message = `search_report.csv is downloading: all ${count} entries, by order number.`
	const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
	expect(download.suggestedFilename()).toBe('search_report.csv')
	if (testInfo.project.name === 'js') {
		// the page stays; the message comes in an alert after 2 s (000 §4)
		await expect(page).toHaveURL(/\/advanced_search\?qs_query_string=SO-101$/)
		await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
	} else {
		// the download=1 page: the flash message, and its refresh fetched the file
		await expect(page).toHaveURL(/\/advanced_search\?qs_query_string=SO-101&download=1$/)
		await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible()
	}
	const text = await (await download.createReadStream()).toArray()
	const lines = Buffer.concat(text).toString('utf8').split('\r\n').filter(Boolean)
	expect(lines[0]).toMatch(/^id,ship_set_id,shipment_id,ship_set_name,/)
	expect(lines.length - 1).toBe(count)
	const res = await page.request.get('/advanced_search/export?qs_query_string=SO-101')
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toMatch(/^text\/csv/)
	expect(res.headers()['content-disposition']).toBe('attachment; filename="search_report.csv"')
})

test('page sizes and sorting', async ({ page }) => {
	await page.goto('/advanced_search?order_number=SO-10')
	await expect(results(page)).toHaveCount(10)
	await page.getByRole('link', { name: 'Show 25 entries' }).click()
	await expect(page).toHaveURL(/per_page=25/)
	await expect.poll(() => results(page).count()).toBeGreaterThan(10)
	await page
		.getByRole('columnheader', { name: /Order No\./ })
		.getByRole('link')
		.click()
	await expect(orderLinks(page).first()).toHaveText('SO-1019')
})

test("custom order detail: name and value are '*Required' together", async ({ page }, testInfo) => {
	await page.goto('/advanced_search')
	const search = page.getByRole('button', { name: 'Search', exact: true })
	if (testInfo.project.name === 'js') {
		await expect(search).toBeDisabled()
		await expect(page.getByRole('button', { name: 'Clear Filter' })).toBeDisabled()
	}
	await page.getByLabel('Custom Order Detail Value').fill('DAP')
	await page.getByLabel('Custom Order Detail Value').blur()
	await expect(search).toBeEnabled()
	await search.click()
	await expect(page.getByText('*Required')).toBeVisible()
	await expect(page.getByRole('table')).toHaveCount(0)
})

test('a refused search keeps what was typed: a shipment date range that ends before it starts', async ({
	page,
}) => {
	await page.goto('/advanced_search')
	await page.getByLabel('Order No.').fill('SO-10')
	await page.getByLabel('Shipment Date Start').fill('2026-12-01')
	await page.getByLabel('Shipment Date End').fill('2026-01-01')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page.getByText('Must be on or after the start date.')).toBeVisible()
	await expect(page.getByLabel('Shipment Date End')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByRole('table')).toHaveCount(0)
	await expect(page.getByLabel('Order No.')).toHaveValue('SO-10')
	await expect(page.getByLabel('Shipment Date Start')).toHaveValue('2026-12-01')
	await expect(page.getByLabel('Shipment Date End')).toHaveValue('2026-01-01')
})

test('a hand-edited URL: a page past the last shows the last page; a bad value is named under its field', async ({
	page,
}) => {
	await page.goto('/advanced_search?order_number=SO-10&page_no=99')
	const last = Math.ceil((await total(page)) / 10)
	await expect(page).toHaveURL(new RegExp(`[?&]page_no=${last}$`))
	await expect(
		page.getByText(new RegExp(`^Showing ${(last - 1) * 10 + 1} to \\d+ of \\d+ entries$`)),
	).toBeVisible()
	await expect(results(page).first()).toBeVisible()
	await page.goto('/advanced_search?order_number=SO-10&final_mile=maybe')
	await expect(page.getByText('Choose from the list.')).toBeVisible()
	await expect(page.getByLabel('Final Mile')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByRole('table')).toHaveCount(0)
	// a header search longer than any number: the field's message, not a server error
	const long = 'X'.repeat(201)
	await page.goto(`/advanced_search?qs_query_string=${long}`)
	await expect(page.getByText('At most 200 characters.')).toBeVisible()
	await expect(page.getByLabel('Order No.')).toHaveValue(long)
	// a NUL character, in the header search or a field: the field's message, not a server error
	for (const url of [
		'/advanced_search?qs_query_string=SO%0010',
		'/advanced_search?order_number=SO%0010',
	]) {
		await page.goto(url)
		await expect(page.getByText('Text must not contain a NUL character.')).toBeVisible()
		await expect(page.getByLabel('Order No.')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByRole('table')).toHaveCount(0)
	}
})

test('Clear Filter empties what was typed, also before any search, and the form is pristine again', async ({
	page,
}, testInfo) => {
	await page.goto('/advanced_search')
	const search = page.getByRole('button', { name: 'Search', exact: true })
	if (testInfo.project.name === 'js') await expect(search).toBeDisabled()
	await page.getByLabel('Order No.').fill('SO-10')
	// With JavaScript, Tag is the kit's combobox: typed into, chosen with Enter, shown as a chip.
	const fragileChip = page.getByRole('list', { name: 'Tag: chosen' }).getByText('Fragile')
	if (testInfo.project.name === 'js') {
		await page.getByRole('combobox', { name: 'Tag' }).fill('frag')
		await page.getByRole('combobox', { name: 'Tag' }).press('Enter')
		await expect(fragileChip).toBeVisible()
	} else {
		await page.getByLabel('Tag').selectOption({ label: 'Fragile' })
	}
	await page.getByRole('link', { name: 'Clear Filter' }).click()
	await expect(page.getByLabel('Order No.')).toHaveValue('')
	if (testInfo.project.name === 'js') await expect(fragileChip).toHaveCount(0)
	else await expect(page.getByLabel('Tag')).toHaveValue('')
	if (testInfo.project.name === 'js') {
		await expect(search).toBeDisabled()
		await expect(page.getByRole('button', { name: 'Clear Filter' })).toBeDisabled()
	}
})

test('the carrier combobox filters by typing, chooses by keyboard and removes a chip by keyboard', async ({
	page,
	javaScriptEnabled,
}) => {
	test.skip(
		!javaScriptEnabled,
		'without JavaScript the control is the native multiple select (the Clear Filter test uses it)',
	)
	await page.goto('/advanced_search')
	const carrier = page.getByRole('combobox', { name: 'Carrier' })
	const options = page.getByRole('listbox', { name: 'Carrier options' }).getByRole('option')
	const chips = page.getByRole('list', { name: 'Carrier: chosen' }).getByRole('listitem')
	await carrier.fill('ups')
	await expect(carrier).toHaveAttribute('aria-expanded', 'true')
	await expect(options).toHaveText(['UPS'])
	await carrier.press('Enter')
	await carrier.fill('fedex')
	await expect(options.first()).toHaveText('FedEx')
	await carrier.press('ArrowDown') // the second match: FedEx Express
	await carrier.press('Enter')
	await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
	await carrier.press('Escape')
	await expect(carrier).toHaveAttribute('aria-expanded', 'false')
	await expect(chips).toHaveText(['UPS', 'FedEx Express'])
	// A chip's remove button is reached with the keyboard (Shift+Tab from the box) and pressed with Enter.
	await carrier.press('Escape') // a second Escape clears the typed text
	await expect(carrier).toHaveValue('')
	await page.keyboard.press('Shift+Tab')
	await expect(page.getByRole('button', { name: 'Remove FedEx Express' })).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(chips).toHaveText(['UPS'])
	await expect(carrier).toBeFocused()
	// What is chosen is what the form sends: the same repeated carrier values as the native select.
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/[?&]carrier=[^&]+/)
	await expect(page.getByText(/^Showing 1 to \d+ of \d+ entries$/)).toBeVisible()
	await expect(chips).toHaveText(['UPS'])
	// Backspace in the empty box removes the last chip.
	await carrier.press('Backspace')
	await expect(chips).toHaveCount(0)
})

test('the location tree is tri-state and filters by name', async ({ page, javaScriptEnabled }) => {
	test.skip(
		!javaScriptEnabled,
		'without JavaScript each checkbox sends its own id (the no-JS search tests tick them)',
	)
	await page.goto('/advanced_search')
	const tree = page.getByRole('group', { name: 'Order Destination' })
	await tree.getByText('Choose locations').click()
	await tree.getByRole('searchbox', { name: 'Filter Order Destination locations' }).fill('louisv')
	const boxes = tree.getByRole('checkbox')
	const visible = tree.locator('li:not([hidden]) > label')
	await expect(visible).toHaveText(['US', 'KY', 'Louisville'])
	// Ticking the state ticks its city.
	await tree.getByRole('checkbox', { name: 'KY' }).check()
	await expect(tree.getByRole('checkbox', { name: 'Louisville' })).toBeChecked()
	await expect(tree.getByText('1 selected')).toBeVisible()
	// The country now holds some of what it contains: mixed.
	expect(
		await tree
			.getByRole('checkbox', { name: 'US', exact: true })
			.evaluate((b: HTMLInputElement) => b.indeterminate),
	).toBe(true)
	await tree.getByRole('searchbox').fill('')
	expect(await boxes.count()).toBeGreaterThan(3)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/[?&]order_location=state%3AUS%2FKY(&|$)/)
	await expect(page.getByText(/^Showing 1 to \d+ of \d+ entries$/)).toBeVisible()
})

test('a shipment date is chosen from the calendar with the keyboard', async ({
	page,
	javaScriptEnabled,
}) => {
	test.skip(
		!javaScriptEnabled,
		'without JavaScript the browser’s own date input is the whole control (the refused-range test types into it)',
	)
	await page.goto('/advanced_search')
	await page.getByLabel('Shipment Date Start').fill('2026-11-24')
	const opener = page.getByRole('button', { name: 'Choose date' }).first()
	await expect(opener).toHaveAccessibleDescription('Shipment Date Start')
	await opener.click()
	const dialog = page.getByRole('dialog', { name: 'Choose a date' })
	await expect(dialog.getByText('Shipment Date Start')).toBeVisible()
	await expect(dialog.getByRole('heading', { name: 'November 2026' })).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Tuesday, November 24, 2026' })).toBeFocused()
	// Keys pressed one right after the other, as a fast typist does: each lands on the day the one
	// before moved to, even when that day is in another month (whose grid replaced the focused day).
	await page.keyboard.press('ArrowDown') // a week later: December 1
	await page.keyboard.press('PageUp') // a month earlier: November 1
	await expect(dialog.getByRole('button', { name: 'Sunday, November 1, 2026' })).toBeFocused()
	await page.keyboard.press('ArrowLeft') // the day before: October 31
	await expect(dialog.getByRole('heading', { name: 'October 2026' })).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Saturday, October 31, 2026' })).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(dialog).toHaveCount(0)
	await expect(page.getByLabel('Shipment Date Start')).toHaveValue('2026-10-31')
	await expect(opener).toBeFocused()
	// The form knows it changed: Search is enabled.
	await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled()
})
