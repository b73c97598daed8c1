import type { Locator, Page } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'
import { setToggle, withToggleLock } from './toggles'

/**
 * The card dashboard /dashboard/new (001 §1, §2 "Newer card dashboard widgets", §9; ADR 0013), with
 * JavaScript on and off: every card with demo data, filters that change the numbers (with
 * JavaScript by reading that card alone), Tagged Comments' pages, the Issues Log rule, and the
 * toggles that hide each group or send the page to /dashboard.
 */

async function signIn(page: Page, email: string) {
	await page.goto('/login')
	await signInAs(page, email)
	await expect(page).toHaveURL(/\/dashboard/)
}

const region = (scope: Page | Locator, name: string) =>
	scope.getByRole('region', { name, exact: true })

/** The number shown for a delivery status ('Late', 'On Time', 'Total') in Late vs On Time. */
const countOf = (page: Page, status: string) =>
	region(page, 'Late vs On Time')
		.locator('.dash-counts > div')
		.filter({ has: page.getByText(status, { exact: true }) })
		.locator('dd')

/** The numbers of a table column (a chart's table is in the page with JavaScript too, under its disclosure). */
async function column(table: Locator, index: number): Promise<number[]> {
	const cells = await table.locator(`tbody tr > :nth-child(${index})`).allTextContents()
	return cells.map((t) => Number(t.replace(/[^0-9.-]/g, '')))
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/**
 * Chooses a value of one of a card's filters: with JavaScript the change applies at once, without it
 * 'Apply' loads the page with the filters.
 */
async function choose(
	card: Locator,
	label: string,
	value: string | { label: string },
	javaScriptEnabled: boolean,
) {
	await card.getByLabel(label, { exact: true }).selectOption(value)
	if (!javaScriptEnabled) await card.getByRole('button', { name: /^Apply/ }).click()
}

/** The reads a page makes from now on: the card routes' and the page's own. */
function watchReads(page: Page) {
	const reads: string[] = []
	page.on('request', (r) => {
		const { pathname } = new URL(r.url())
		if (pathname.startsWith('/dashboard/cards/') || pathname.startsWith('/dashboard/new'))
			reads.push(pathname)
	})
	return reads
}

test.describe('as Olivia', () => {
	test.beforeEach(async ({ page }) => {
		await signIn(page, 'olivia@acme.test')
		await page.goto('/dashboard/new')
		await expect(
			page.getByRole('heading', { level: 1, name: 'Welcome to your dashboard, Olivia' }),
		).toBeVisible()
	})

	test('every card shows the demo data; order links open in a new tab', async ({ page }) => {
		// Overview: "Late vs On Time shows counts per delivery status and a total. Average Order Time is shown in days."
		const late = Number(await countOf(page, 'Late').textContent())
		const onTime = Number(await countOf(page, 'On Time').textContent())
		const total = Number(await countOf(page, 'Total').textContent())
		expect(late).toBeGreaterThan(0)
		expect(onTime).toBeGreaterThan(0)
		expect(total).toBe(late + onTime)
		expect(await column(region(page, 'Late vs On Time').locator('table'), 2)).toEqual([
			late,
			onTime,
		])
		// "on the newer card days = hours/24 with 2 decimals"
		await expect(region(page, 'Average Order Time').getByTestId('average-order-time')).toHaveText(
			/^\d+\.\d{2} days over the last 12 months$/,
		)

		// Order Exceptions: the Issues Log by issue type, and at most 5 orders without updates.
		const issues = region(page, 'Issues Log').getByRole('table')
		expect((await column(issues, 2)).length).toBeGreaterThan(0)
		await expect(issues.locator('tbody td:nth-child(3)').first()).toHaveText(/^\$[\d,]+\.\d{2}$/)
		const quiet = region(page, 'Orders Without Update')
			.getByRole('list', { name: 'Orders without update' })
			.getByRole('listitem')
		expect(await quiet.count()).toBeGreaterThan(0)
		expect(await quiet.count()).toBeLessThanOrEqual(5)
		await expect(quiet.first().getByRole('link')).toHaveAttribute('target', '_blank')

		// Carrier Performance: Late and On Time per carrier; Trends 5 a page, 2 decimals, '+' on a rise.
		const lateByCarrier = await column(region(page, 'Late').locator('table'), 2)
		const onTimeByCarrier = await column(region(page, 'On Time').locator('table'), 2)
		expect(sum(lateByCarrier) + sum(onTimeByCarrier)).toBeGreaterThan(0)
		const trends = region(page, 'Trends').getByRole('table').locator('tbody tr')
		expect(await trends.count()).toBeGreaterThan(0)
		expect(await trends.count()).toBeLessThanOrEqual(5)
		for (const cell of await trends.locator('td:nth-child(2)').allTextContents())
			expect(cell).toMatch(/^\d{1,3}\.\d{2}%$/)
		for (const cell of await trends.locator('td:nth-child(3), td:nth-child(4)').allTextContents())
			expect(cell).toMatch(/^(\+\d+\.\d{2}|-\d+\.\d{2}|0\.00)$/)

		// Tagged Comments: 3 a page, each order a node link in a new tab.
		const tagged = region(page, 'Tagged Comments')
			.getByRole('list', { name: 'Comments you were tagged in' })
			.getByRole('listitem')
		await expect(tagged).toHaveCount(3)
		await expect(tagged.first().getByRole('link').first()).toHaveAttribute(
			'href',
			/^\/timeline\/[0-9a-f-]{36}(\?nodeId=.+)?$/,
		)
		await expect(tagged.first().getByRole('link').first()).toHaveAttribute('target', '_blank')

		// "a Following and Recently Viewed list with status icons"
		const viewed = region(page, 'Recently Viewed').getByRole('listitem')
		expect(await viewed.count()).toBeGreaterThan(0)
		expect(await viewed.count()).toBeLessThanOrEqual(5)
		await expect(
			viewed
				.first()
				.getByRole('img', { name: /^(In Transit|Final Mile|Delivered|Pending|Canceled|Closed)$/ }),
		).toBeVisible()
		await expect(viewed.first().getByRole('link')).toHaveAttribute('target', '_blank')
		const following = region(page, 'Following')
		await expect(
			following.getByRole('listitem').first().or(following.getByText('No orders available.')),
		).toBeVisible()
	})

	test('a filter changes its card’s numbers, and with JavaScript only that card is read again', async ({
		page,
		javaScriptEnabled,
	}) => {
		const reads = watchReads(page)
		// Overview: 12 months (the default) → 1 month.
		const overview = region(page, 'Overview')
		await expect(overview.getByLabel('Months')).toHaveValue('12')
		const yearTotal = Number(await countOf(page, 'Total').textContent())
		await choose(overview, 'Months', '1', javaScriptEnabled)
		await expect(page).toHaveURL(/[?&]ov_months=1(&|$)/)
		await expect(region(page, 'Average Order Time').getByTestId('average-order-time')).toHaveText(
			/over the last 1 month$/,
		)
		const monthTotal = Number(await countOf(page, 'Total').textContent())
		expect(monthTotal).toBeLessThan(yearTotal)
		if (javaScriptEnabled) expect(reads).toEqual(['/dashboard/cards/overview.data'])

		// Order Exceptions: issues raised within 2 days (the default) → within 2 weeks.
		reads.length = 0
		const exceptions = region(page, 'Order Exceptions')
		await expect(exceptions.getByLabel('Days')).toHaveValue('2')
		const issues = region(page, 'Issues Log').getByRole('table')
		const twoDays = sum(await column(issues, 2))
		await choose(exceptions, 'Days', '14', javaScriptEnabled)
		await expect(page).toHaveURL(/[?&]ex_days=14(&|$)/)
		await expect.poll(async () => sum(await column(issues, 2))).toBeGreaterThan(twoDays)
		// The Overview kept its filter.
		await expect(overview.getByLabel('Months')).toHaveValue('1')
		if (javaScriptEnabled) expect(reads).toEqual(['/dashboard/cards/exceptions.data'])

		// Carrier Performance: this month (the default) → this year (the same period in January; the
		// demo deliveries spread over the past twelve months).
		reads.length = 0
		const carriers = region(page, 'Carrier Performance')
		await expect(carriers.getByLabel('Duration')).toHaveValue('month')
		const shipments = async () =>
			sum(await column(region(page, 'Late').locator('table'), 2)) +
			sum(await column(region(page, 'On Time').locator('table'), 2))
		const month = await shipments()
		await choose(carriers, 'Duration', 'year', javaScriptEnabled)
		await expect(page).toHaveURL(/[?&]cp_duration=year(&|$)/)
		await expect(
			region(page, 'Trends').getByRole('columnheader', { name: 'This year' }),
		).toBeVisible()
		if (new Date().getUTCMonth() === 0) expect(await shipments()).toBe(month)
		else await expect.poll(shipments).toBeGreaterThan(month)
		if (javaScriptEnabled) expect(reads).toEqual(['/dashboard/cards/carriers.data'])
	})

	test('Carrier Performance: the carrier filter picks carriers, Trends pages by 5', async ({
		page,
		javaScriptEnabled,
	}) => {
		const carriers = region(page, 'Carrier Performance')
		const names = (
			await region(page, 'Trends').getByRole('table').locator('tbody th').allTextContents()
		).map((t) => t.trim())
		const picked = names[0]!
		if (javaScriptEnabled) {
			// The kit's combobox: type to filter, pick with the mouse.
			const box = carriers.getByRole('combobox', { name: 'Carriers' })
			await box.fill(picked)
			await page
				.getByRole('listbox', { name: 'Carriers options' })
				.getByRole('option', { name: picked, exact: false })
				.first()
				.click()
			await expect(
				carriers.getByRole('list', { name: 'Carriers: chosen' }).getByRole('listitem'),
			).toHaveCount(1)
		} else {
			const options = await carriers
				.getByLabel('Carriers', { exact: true })
				.locator('option')
				.allTextContents()
			await carriers
				.getByLabel('Carriers', { exact: true })
				.selectOption({ label: options.find((o) => o.startsWith(picked))! })
			await carriers.getByRole('button', { name: /^Apply/ }).click()
		}
		await expect(page).toHaveURL(/[?&]cp_carrier=[0-9a-f-]{36}/)
		await expect(region(page, 'Trends').getByRole('table').locator('tbody th')).toHaveText([picked])
		for (const widget of ['Late', 'On Time']) {
			const rows = region(page, widget).locator('table tbody th')
			if ((await rows.count()) > 0) await expect(rows).toHaveText([picked])
			else await expect(region(page, widget)).toContainText('No shipments available.')
		}

		// Every carrier again, then the second page of Trends.
		await page.goto('/dashboard/new')
		const pages = region(page, 'Trends').getByRole('navigation', { name: 'Trends pages' })
		await expect(pages).toContainText(/Showing 1-5 of \d+/)
		await pages.getByRole('link', { name: 'Next trends page' }).click()
		await expect(page).toHaveURL(/[?&]cp_page=2(&|$)/)
		await expect(pages).toContainText(/Showing 6-\d+ of \d+/)
		const second = (
			await region(page, 'Trends').getByRole('table').locator('tbody th').allTextContents()
		).map((t) => t.trim())
		expect(second.length).toBeGreaterThan(0)
		expect(second.filter((n) => names.includes(n))).toEqual([])
	})

	test('Tagged Comments: 3 a page; the next page reads that card alone, with 5 placeholder rows meanwhile', async ({
		page,
		javaScriptEnabled,
	}) => {
		const card = region(page, 'Tagged Comments')
		const items = card
			.getByRole('list', { name: 'Comments you were tagged in' })
			.getByRole('listitem')
		await expect(items).toHaveCount(3)
		const first = await items.first().textContent()
		const pager = card.getByRole('navigation', { name: 'Tagged comment pages' })
		await expect(pager).toContainText(/Page 1 of \d+/)
		const reads = watchReads(page)
		let release = () => {}
		if (javaScriptEnabled) {
			// Hold the card's read until its placeholder has been seen.
			const held = new Promise<void>((resolve) => (release = resolve))
			await page.route('**/dashboard/cards/tagged.data*', async (route) => {
				await held
				await route.continue()
			})
		}
		await pager.getByRole('link', { name: 'Next tagged comments' }).click()
		await expect(page).toHaveURL(/[?&]tagged_page=2(&|$)/)
		if (javaScriptEnabled) {
			// "While loading, the card-style lists show 5 placeholder rows."
			const loading = card.getByRole('status')
			await expect(loading).toContainText('Loading…')
			await expect(loading.locator('.skeleton')).toHaveCount(5)
			release()
		}
		await expect(pager).toContainText(/Page 2 of \d+/)
		expect(await items.count()).toBeGreaterThan(0)
		expect(await items.count()).toBeLessThanOrEqual(3)
		await expect(items.first()).not.toHaveText(first!)
		if (javaScriptEnabled) expect(reads).toEqual(['/dashboard/cards/tagged.data'])
		await pager.getByRole('link', { name: 'Previous tagged comments' }).click()
		await expect(pager).toContainText(/Page 1 of \d+/)
	})

	test('/dashboard is the tabbed dashboard: no Tagged Comments there any more', async ({
		page,
	}) => {
		await page.goto('/dashboard')
		await expect(page.getByRole('region', { name: 'Live Feed' })).toBeVisible()
		await expect(page.getByRole('region', { name: 'Tagged Comments' })).toHaveCount(0)
		await page.goto('/dashboard?tagged_page=2')
		await expect(page.getByRole('region', { name: 'Tagged Comments' })).toHaveCount(0)
	})
})

test('Victor (CORE only) sees Order Exceptions without the Issues Log', async ({ page }) => {
	await signIn(page, 'victor@acme.test')
	await page.goto('/dashboard/new')
	await expect(
		page.getByRole('heading', { level: 1, name: 'Welcome to your dashboard, victor@acme.test' }),
	).toBeVisible()
	await expect(region(page, 'Orders Without Update')).toBeVisible()
	await expect(region(page, 'Issues Log')).toHaveCount(0)
})

/**
 * The toggles are switched for Globex (Gary's supply chain), which no other test's dashboard reads,
 * under the toggle lock (the other project runs the same test at the same time). Each step reloads
 * until the page shows the change (the next page reads the toggles again).
 */
test.describe('toggles', () => {
	const GROUPS = {
		'web.ui.dashboard.overview': 'Overview',
		'web.ui.dashboard.orderExceptions': 'Order Exceptions',
		'web.ui.dashboard.v3.carrierPerformance': 'Carrier Performance',
		'web.ui.dashboard.taggedComments': 'Tagged Comments',
	}

	test.beforeEach(async ({ page }) => {
		test.setTimeout(180_000) // the lock may wait for the other project's run
		await signIn(page, 'gary@globex.test')
	})

	/** Reloads /dashboard/new until `check` passes (each page reads the toggles again). */
	async function untilShown(page: Page, check: () => Promise<void>) {
		await expect(async () => {
			await page.goto('/dashboard/new')
			await check()
		}).toPass({ timeout: 30_000, intervals: [1_000] })
	}

	test('each group’s toggle off hides that group only', async ({ page }) => {
		await withToggleLock(async () => {
			await untilShown(page, async () => {
				for (const name of Object.values(GROUPS))
					await expect(region(page, name)).toBeVisible({ timeout: 1_000 })
			})
			try {
				for (const name of Object.keys(GROUPS)) await setToggle(page.request, name, false, 'globex')
				await untilShown(page, async () => {
					for (const name of Object.values(GROUPS))
						await expect(region(page, name)).toHaveCount(0, { timeout: 1_000 })
				})
				await expect(
					page.getByRole('heading', { level: 1, name: 'Welcome to your dashboard, Gary' }),
				).toBeVisible()
				await expect(region(page, 'Following and Recently Viewed')).toBeVisible()
				// A hidden card's own read answers 404 too.
				expect((await page.request.get('/dashboard/cards/overview')).status()).toBe(404)
			} finally {
				for (const name of Object.keys(GROUPS)) await setToggle(page.request, name, true, 'globex')
			}
			await untilShown(page, async () => {
				for (const name of Object.values(GROUPS))
					await expect(region(page, name)).toBeVisible({ timeout: 1_000 })
			})
		})
	})

	test('with the v3 redirect toggle on, /dashboard/new goes to /dashboard', async ({ page }) => {
		await withToggleLock(async () => {
			try {
				await setToggle(page.request, 'web.ui.dashboard.v3.redirect', true, 'globex')
				await untilShown(page, async () => {
					await expect(page).toHaveURL(/\/dashboard$/, { timeout: 1_000 })
				})
				await expect(page.getByRole('region', { name: 'Live Feed' })).toBeVisible()
			} finally {
				await setToggle(page.request, 'web.ui.dashboard.v3.redirect', false, 'globex')
			}
			await untilShown(page, async () => {
				await expect(page).toHaveURL(/\/dashboard\/new$/, { timeout: 1_000 })
			})
		})
	})
})
