import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'
import { issueToken } from './tokens'
import { setToggle, withToggleLock } from './toggles'
import { readZip } from '../api/zip-reader'

/**
 * Historical Breaches on the widget page (001 §2 "Historical Breaches screen", §4 "Historical
 * search", §6, §9), JavaScript on and off: the search by sensor and date finds past
 * breaches (the same ones the API lists for those filters), Clear Filters resets the fields
 * without searching, 0-based pages, the sensor tooltip, the claim pack download, and who sees it.
 */

const PAGE = '/dashboard/old'
const js = () => test.info().project.name !== 'no-js'

async function signIn(page: Page, email = 'olivia@acme.test') {
	await page.goto('/login')
	await signInAs(page, email)
	await expect(page).toHaveURL(/\/dashboard/)
}

const section = (page: Page) => page.getByRole('region', { name: /^Historical Breaches/ })
const filters = (page: Page) => section(page).getByRole('form', { name: 'Filters' })
const table = (page: Page) => section(page).getByRole('table', { name: 'Historical Breaches' })
/** The breach rows (not the padding, not the message). */
const breachRows = (page: Page) => table(page).locator('tbody tr[data-breach]')

/** 'MM/DD/YY' of a day `daysAgo` before today in UTC (the days the form's dates are). */
function shortDate(daysAgo: number): string {
	const d = new Date(Date.now() - daysAgo * 86_400_000)
	return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCFullYear()).slice(2)}`
}
const isoDay = (daysAgo: number) =>
	new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

let token: string | null = null
/** What the API lists for the same filters, with Olivia's token. */
async function apiList(request: APIRequestContext, query: Record<string, string>) {
	const base = process.env.E2E_BASE_URL!
	token ??= await issueToken(request, base, 'olivia@acme.test', process.env.E2E_DATA_DIR!)
	const res = await request.get(
		`${base}/api/web/historical_breached_orders?${new URLSearchParams(query)}`,
		{
			headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': 'acme' },
		},
	)
	expect(res.status()).toBe(200)
	return (await res.json()) as {
		orders: { breached_order_id: string; sensors: Record<string, unknown> }[]
		total_orders: number
		total_pages: number
	}
}

/** Sets a sensor's switch and searches. */
async function search(
	page: Page,
	set: { start?: string; end?: string; order?: string; sensors?: string[] },
) {
	const form = filters(page)
	if (set.order !== undefined) await form.getByLabel('Order Number').fill(set.order)
	if (set.start !== undefined) await form.getByLabel('Start Date').fill(set.start)
	if (set.end !== undefined) await form.getByLabel('End Date').fill(set.end)
	for (const s of set.sensors ?? []) await form.getByRole('switch', { name: s }).check()
	const before = page.url()
	await form.getByRole('button', { name: 'Search' }).click()
	await expect(page).not.toHaveURL(before)
}

/** The section's own search parameters of a URL, as the section keys what it shows (app/routes/dashboard/breaches/historical.ts). */
function sectionKey(url: string): string {
	const all = new URL(url).searchParams
	const own = new URLSearchParams()
	for (const name of ['hist_order', 'hist_from', 'hist_to', 'hist_sensor', 'hist_page'])
		for (const v of all.getAll(name)) own.append(name, v)
	return own.toString()
}

/** Waits until the section shows the answer for the URL now (with JavaScript it reads itself). */
async function settled(page: Page) {
	const results = section(page).locator('.hist__results')
	await expect
		.poll(
			async () =>
				(await results.getAttribute('data-key')) === sectionKey(page.url()) &&
				(await results.getAttribute('aria-busy')) === 'false',
		)
		.toBe(true)
}

async function rowIds(page: Page): Promise<string[]> {
	return breachRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-breach')!))
}

test.describe('Historical Breaches as Olivia', () => {
	test.beforeEach(async ({ page }) => {
		await signIn(page)
		await page.goto(PAGE)
	})

	test('the first search is the last two weeks, every sensor; the table holds 5 rows', async ({
		page,
		request,
	}) => {
		await expect(
			section(page).getByRole('heading', { name: /^Historical Breaches \(\d+\)$/ }),
		).toBeVisible()
		const form = filters(page)
		await expect(form.getByLabel('Order Number')).toHaveValue('')
		await expect(form.getByLabel('Order Number')).toHaveAttribute('placeholder', 'Search Order #')
		await expect(form.getByLabel('Start Date')).toHaveValue(shortDate(14))
		await expect(form.getByLabel('End Date')).toHaveValue(shortDate(0))
		await expect(form.getByLabel('Start Date')).toHaveAttribute('placeholder', 'Start Date')
		await expect(form.getByLabel('End Date')).toHaveAttribute('placeholder', 'End Date')
		for (const s of ['Humidity', 'Light', 'Pressure', 'Shock', 'Temperature', 'Tilt'])
			await expect(form.getByRole('switch', { name: s })).not.toBeChecked()
		const want = await apiList(request, {
			date_from: `${isoDay(14)}T00:00:00.000Z`,
			date_to: `${isoDay(0)}T23:59:59.999Z`,
		})
		await expect(
			section(page).getByRole('heading', { name: `Historical Breaches (${want.total_orders})` }),
		).toBeVisible()
		expect(await rowIds(page)).toEqual(want.orders.map((o) => o.breached_order_id))
		await expect(table(page).locator('tbody tr')).toHaveCount(Math.max(5, want.orders.length))
	})

	test('the search by sensor and date finds past breaches', async ({ page, request }) => {
		await search(page, { start: shortDate(90), sensors: ['Humidity'] })
		await expect(page).toHaveURL(/hist_sensor=humidity/)
		await settled(page)
		const want = await apiList(request, {
			date_from: `${isoDay(90)}T00:00:00.000Z`,
			date_to: `${isoDay(0)}T23:59:59.999Z`,
			sensors: 'humidity',
		})
		expect(want.total_orders, 'acme has humidity breaches in the last 90 days').toBeGreaterThan(0)
		await expect(
			section(page).getByRole('heading', { name: `Historical Breaches (${want.total_orders})` }),
		).toBeVisible()
		expect(await rowIds(page)).toEqual(want.orders.map((o) => o.breached_order_id))
		// Every row breached humidity; its tooltip lists the thresholds and durations, on keyboard focus too.
		const first = breachRows(page).first()
		const chip = first.getByRole('button', { name: /^Humidity \d+$/ })
		await chip.focus()
		const tip = first.getByRole('tooltip').filter({ hasText: /Min: / }).filter({ visible: true })
		await expect(tip).toHaveText(/Min: 20 %Max: 70 %Durations: .+ (above|below)/)
		await expect(chip).toHaveAccessibleDescription(/Min: 20 %/)
		for (const row of await breachRows(page).all())
			await expect(row.getByRole('button', { name: /^Humidity \d+$/ })).toBeVisible()
		// The form shows what was searched.
		await expect(filters(page).getByRole('switch', { name: 'Humidity' })).toBeChecked()
		await expect(filters(page).getByLabel('Start Date')).toHaveValue(shortDate(90))

		// An order number narrows it to that order's breaches.
		const order = (await breachRows(page)
			.first()
			.locator('td')
			.nth(2)
			.getByRole('link')
			.first()
			.textContent())!
		await search(page, { order: order.toLowerCase() })
		await settled(page)
		await expect(
			breachRows(page).first().locator('td').nth(2).getByRole('link', { name: order, exact: true }),
		).toBeVisible()
		for (const row of await breachRows(page).all())
			await expect(
				row
					.locator('td')
					.nth(2)
					.getByRole('link', { name: new RegExp(`^${order}`) })
					.first(),
			).toBeVisible()
	})

	test('a date after today or an end before the start is refused under its field', async ({
		page,
	}) => {
		await search(page, { start: shortDate(3), end: shortDate(5) })
		await expect(
			filters(page).getByText('The end date must not be before the start date'),
		).toBeVisible()
		await expect(table(page).getByText('Correct the filters to search.')).toBeVisible()
		await search(page, { start: shortDate(3), end: shortDate(-2) })
		await expect(filters(page).getByText('Choose a date no later than today')).toBeVisible()
	})

	test('Clear Filters resets the fields (last two weeks, sensors off) and does not search', async ({
		page,
	}) => {
		await search(page, { start: shortDate(120), order: 'SO-2', sensors: ['Temperature', 'Shock'] })
		await settled(page)
		const heading = await section(page)
			.getByRole('heading', { name: /^Historical Breaches/ })
			.textContent()
		const ids = await rowIds(page)
		const url = page.url()
		await filters(page)
			.getByRole(js() ? 'button' : 'link', { name: 'Clear Filters' })
			.click()
		const form = filters(page)
		await expect(form.getByLabel('Order Number')).toHaveValue('')
		await expect(form.getByLabel('Start Date')).toHaveValue(shortDate(14))
		await expect(form.getByLabel('End Date')).toHaveValue(shortDate(0))
		await expect(form.getByRole('switch', { name: 'Temperature' })).not.toBeChecked()
		await expect(form.getByRole('switch', { name: 'Shock' })).not.toBeChecked()
		// The table still shows the last search.
		if (js()) expect(page.url()).toBe(url)
		await expect(section(page).getByRole('heading', { name: /^Historical Breaches/ })).toHaveText(
			heading!,
		)
		expect(await rowIds(page)).toEqual(ids)
	})

	test('pages are 0-based in the URL; first and previous are off on the first page, next and last on the last', async ({
		page,
		request,
	}) => {
		await search(page, { start: shortDate(365) })
		await settled(page)
		const want = await apiList(request, {
			date_from: `${isoDay(365)}T00:00:00.000Z`,
			date_to: `${isoDay(0)}T23:59:59.999Z`,
		})
		expect(want.total_pages, 'more than one page of historical breaches this year').toBeGreaterThan(
			2,
		)
		const pager = section(page).getByRole('navigation', { name: 'Historical Breaches pages' })
		await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
			'aria-current',
			'page',
		)
		await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0)
		await expect(pager.getByRole('link', { name: 'First page' })).toHaveCount(0)
		const first = await rowIds(page)

		await pager.getByRole('link', { name: 'Next page' }).click()
		await expect(page).toHaveURL(/hist_page=1(&|$)/)
		await settled(page)
		await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
			'aria-current',
			'page',
		)
		const second = await apiList(request, {
			date_from: `${isoDay(365)}T00:00:00.000Z`,
			date_to: `${isoDay(0)}T23:59:59.999Z`,
			page: '1',
		})
		expect(await rowIds(page)).toEqual(second.orders.map((o) => o.breached_order_id))
		expect(await rowIds(page)).not.toEqual(first)

		await pager.getByRole('link', { name: 'Last page' }).click()
		await expect(page).toHaveURL(new RegExp(`hist_page=${want.total_pages - 1}(&|$)`))
		await settled(page)
		await expect(
			pager.getByRole('link', { name: `Page ${want.total_pages}`, exact: true }),
		).toHaveAttribute('aria-current', 'page')
		await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0)
		await expect(pager.getByRole('link', { name: 'Last page' })).toHaveCount(0)
		await expect(table(page).locator('tbody tr')).toHaveCount(5)

		// Search resets the page to 0 (001 §4).
		await search(page, {})
		await expect(page).not.toHaveURL(/hist_page=/)
		await settled(page)
		await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
			'aria-current',
			'page',
		)
	})

	test('each page change redraws the pager: every page number once, one page current', async ({
		page,
	}) => {
		await search(page, { start: shortDate(365) })
		await settled(page)
		const pager = section(page).getByRole('navigation', { name: 'Historical Breaches pages' })
		/** The pager's numbers and gaps as read, e.g. "1 2 3 4 5 … 10". */
		const numbers = () =>
			pager.locator('li').evaluateAll((items) =>
				items
					.map((li) => li.textContent!.trim())
					.filter((t) => /^(\d+|…)$/.test(t))
					.join(' '),
			)
		const firstRead = await numbers()
		for (const n of [2, 3, 4, 5]) {
			await pager.getByRole('link', { name: `Page ${n}`, exact: true }).click()
			await expect(page).toHaveURL(new RegExp(`hist_page=${n - 1}(&|$)`))
			await settled(page)
			await expect(pager.locator('[aria-current="page"]')).toHaveCount(1)
			await expect(pager.locator('[aria-current="page"]')).toHaveText(String(n))
			const read = (await numbers()).split(' ').filter((t) => t !== '…')
			expect(new Set(read).size, `page ${n}: ${read.join(' ')}`).toBe(read.length)
			expect(read.map(Number)).toEqual([...read.map(Number)].sort((a, b) => a - b))
		}
		// Back on the first page the pager reads as it did on first load.
		await pager.getByRole('link', { name: 'First page' }).click()
		await settled(page)
		await expect.poll(numbers).toBe(firstRead)
	})

	test('the claim pack downloads: a zip of the summary, readings, thresholds, breach periods and timeline', async ({
		page,
	}) => {
		const row = breachRows(page).first()
		const link = row.getByRole('link', { name: /^Download claim pack/ })
		const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
		expect(download.suggestedFilename()).toMatch(/^claim-pack-.+\.zip$/)
		const files = readZip(readFileSync((await download.path())!))
		expect([...files.keys()]).toEqual([
			'summary.txt',
			'readings.csv',
			'thresholds.csv',
			'breach_periods.csv',
			'timeline.csv',
		])
		const order = (await row.locator('td').nth(2).getByRole('link').first().textContent())!
		expect(files.get('summary.txt')).toContain(order)
		expect(files.get('readings.csv')!.split('\r\n')[0]).toBe(
			'measured_at_utc,sensor_type,value,unit,min_threshold,max_threshold,status',
		)
		expect(files.get('breach_periods.csv')!.trim().split('\r\n').length).toBeGreaterThan(1)
	})
})

test('the Breached Orders tab holds Historical Breaches after Ongoing Breaches; its search and pages keep the tab', async ({
	page,
}) => {
	await signIn(page)
	await page.goto('/dashboard?tab=breached_orders')
	const tab = page.getByRole('region', { name: 'Breached Orders' })
	await expect(tab.getByRole('heading', { name: /^Ongoing Breaches/ })).toBeVisible()
	await expect(section(page)).toBeVisible()
	// Ongoing first, then Historical.
	const headings = await tab.getByRole('heading', { level: 2 }).allTextContents()
	expect(headings.findIndex((h) => h.startsWith('Ongoing Breaches'))).toBeLessThan(
		headings.findIndex((h) => h.startsWith('Historical Breaches')),
	)
	await search(page, { start: shortDate(365), sensors: ['Temperature'] })
	await expect(page).toHaveURL(/tab=breached_orders/)
	await settled(page)
	await section(page)
		.getByRole('navigation', { name: 'Historical Breaches pages' })
		.getByRole('link', { name: 'Next page' })
		.click()
	await expect(page).toHaveURL(/tab=breached_orders.*hist_page=1|hist_page=1.*tab=breached_orders/)
	await settled(page)
	await expect(breachRows(page)).toHaveCount(5)
	for (const row of await breachRows(page).all())
		await expect(row.getByRole('button', { name: /^Temperature \d+$/ })).toBeVisible()
})

test('an ongoing breach’s detail downloads its claim pack too', async ({ page }) => {
	await signIn(page)
	await page.goto('/dashboard?tab=breached_orders&breach_q=SO-1001')
	const detail = page.getByRole('region', { name: 'Breached order', exact: true })
	const link = detail.getByRole('link', { name: 'Download claim pack' })
	await expect(link).toBeVisible()
	const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
	const files = readZip(readFileSync((await download.path())!))
	expect([...files.keys()]).toEqual([
		'summary.txt',
		'readings.csv',
		'thresholds.csv',
		'breach_periods.csv',
		'timeline.csv',
	])
	expect(files.get('summary.txt')).toContain('SO-1001 (PO-7781)')
	expect(files.get('summary.txt')).toContain('(ongoing)')
	// The still-open excursion has no end yet.
	expect(files.get('breach_periods.csv')).toMatch(/,ongoing,/)
})

test.describe('who sees Historical Breaches', () => {
	test('Victor (no TRACKER service) sees none, and its read is a 404', async ({ page }) => {
		await signIn(page, 'victor@acme.test')
		await page.goto(PAGE)
		await expect(page.getByRole('region', { name: 'Following' })).toBeVisible()
		await expect(section(page)).toHaveCount(0)
		expect((await page.request.get('/dashboard/breaches/historical')).status()).toBe(404)
	})

	/** Reloads `url` until `check` passes (each page reads the toggles again). */
	async function until(page: Page, url: string, check: () => Promise<void>) {
		await expect(async () => {
			await page.goto(url)
			await check()
		}).toPass({ timeout: 30_000, intervals: [1_000] })
	}

	// Both read globex's section, whose toggle the last test switches: they hold the toggle lock.
	test('Gary sees globex’s breaches, never acme’s; nor acme’s claim packs', async ({
		page,
		request,
	}) => {
		test.setTimeout(180_000) // the lock may wait for the other project's run
		// One of acme's breaches, as Olivia's API lists it.
		const acme = await apiList(request, { limit: '1' })
		await signIn(page, 'gary@globex.test')
		await withToggleLock(async () => {
			await until(page, `${PAGE}?hist_from=${encodeURIComponent(shortDate(365))}`, async () => {
				await expect(breachRows(page).first()).toBeVisible({ timeout: 2_000 })
			})
			await settled(page)
			for (const row of await breachRows(page).all()) {
				for (const name of await row.locator('td').nth(2).getByRole('link').allTextContents())
					expect(name).toMatch(/^GX-/)
			}
			expect(await rowIds(page)).not.toContain(acme.orders[0]!.breached_order_id)
		})
		expect(
			(
				await page.request.get(
					`/dashboard/breaches/${acme.orders[0]!.breached_order_id}/claim-pack`,
				)
			).status(),
		).toBe(404)
	})

	test('the toggle scm.historicalBreaches off for globex hides it from Gary', async ({
		page,
		request,
	}) => {
		test.setTimeout(180_000)
		await signIn(page, 'gary@globex.test')
		await withToggleLock(async () => {
			await setToggle(request, 'scm.historicalBreaches', false, 'globex')
			try {
				await until(page, PAGE, async () => {
					await expect(page.getByRole('region', { name: 'Following' })).toBeVisible({
						timeout: 2_000,
					})
					await expect(section(page)).toHaveCount(0, { timeout: 1_000 })
				})
				expect((await page.request.get('/dashboard/breaches/historical')).status()).toBe(404)
			} finally {
				await setToggle(request, 'scm.historicalBreaches', true, 'globex')
			}
			// Back on before the lock goes.
			await until(page, PAGE, async () => {
				await expect(section(page)).toBeVisible({ timeout: 2_000 })
			})
		})
	})
})
