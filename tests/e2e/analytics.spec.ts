import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'
import { issueToken } from './tokens'
import { setToggle, withToggleLock } from './toggles'

/**
 * Analytics (000 §2 "Analytics", §6 CORE.ANALYTICS), JavaScript on and off, on the demo
 * data with Power BI not configured (the built-in freight-cost report): /analytics goes to
 * /analytics/freight-cost; the report draws with its totals equal to the API's (which
 * tests/api/analytics.test.ts holds equal to a direct sum over freight_costs); a carrier filter
 * changes them; a table downloads as CSV; Victor gets the 404 page; with the v2 toggle off (Globex's,
 * read by no other spec) /analytics/freight-cost goes to /analytics.
 */

async function apiReport(
	request: APIRequestContext,
	email: string,
	supplyChain: string,
	query = '',
) {
	const token = await issueToken(
		request,
		process.env.E2E_BASE_URL!,
		email,
		process.env.E2E_DATA_DIR!,
	)
	const res = await request.get(
		`${process.env.E2E_BASE_URL}/private/analytics/1.0/freight_cost${query}`,
		{
			headers: { Authorization: `Bearer ${token}`, 'X-Supply-Chain': supplyChain },
		},
	)
	expect(res.status()).toBe(200)
	return (await res.json()) as {
		totals: { amount: number }
		carriers: { id: string; name: string }[]
	}
}

/** As the page writes money (app/lib/intl-formats.ts dollars). */
const dollars = (n: number) =>
	new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n)

const totalSpend = (page: Page) => page.getByTestId('total-spend')

test('Olivia reads the freight-cost report, filters it and downloads a table; Victor gets 404; the toggle off goes to /analytics', async ({
	page,
	browser,
	request,
	javaScriptEnabled,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)

	// The v2 toggle is on (seeded): /analytics → /analytics/freight-cost, 'Freight Cost' highlighted.
	await page.goto('/analytics')
	await expect(page).toHaveURL(/\/analytics\/freight-cost$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
	await expect(
		page
			.getByRole('navigation', { name: 'Analytics reports' })
			.getByRole('link', { name: 'Freight Cost' }),
	).toHaveAttribute('aria-current', 'page')

	const all = await apiReport(request, 'olivia@acme.test', 'acme')
	await expect(totalSpend(page)).toHaveText(dollars(all.totals.amount))
	const byCarrier = page.getByRole('table', { name: 'Freight cost by carrier' })
	if (javaScriptEnabled) {
		// Drawn by apexcharts, the numbers kept as a table under a disclosure.
		await expect(page.locator('.apexcharts-canvas').first()).toBeVisible()
		await page.getByText('Freight cost by carrier as a table').click()
	}
	await expect(byCarrier.getByRole('rowheader', { name: 'CMA CGM' })).toBeVisible()

	// A carrier filter (a GET form: URL state) changes the totals, to the API's for that carrier.
	const cma = all.carriers.find((c) => c.name === 'CMA CGM')!
	await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'CMA CGM' })
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(new RegExp(`carrier=${cma.id}`))
	const filtered = await apiReport(request, 'olivia@acme.test', 'acme', `?carrier=${cma.id}`)
	expect(filtered.totals.amount).toBeLessThan(all.totals.amount)
	await expect(totalSpend(page)).toHaveText(dollars(filtered.totals.amount))
	await expect(page.getByLabel('Carrier', { exact: true })).toHaveValue(cma.id)

	// Each table downloads as CSV, with the page's filters.
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: 'Download by carrier as CSV' }).click(),
	])
	expect(download.suggestedFilename()).toMatch(
		/^freight_cost_by_carrier_\d{4}-\d{2}_\d{4}-\d{2}\.csv$/,
	)
	const csv = await readFile((await download.path())!, 'utf8')
	const lines = csv.trim().split('\r\n')
	expect(lines[0]).toBe(
		'Carrier,Spend (USD),Shipments,Orders,Cost per order (USD),Weight (kg),Cost per kg (USD),Delivered,Late,On-time rate (%)',
	)
	expect(lines[1]).toMatch(/^CMA CGM,/)
	expect(lines.at(-1)).toMatch(new RegExp(`^Total,${filtered.totals.amount.toFixed(2)},`))

	// Victor has no CORE.ANALYTICS: the 404 page, and no CSV either.
	const victor = await browser.newPage({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled })
	await victor.goto('/login')
	await signInAs(victor, 'victor@acme.test')
	await expect(victor).toHaveURL(/\/dashboard/)
	await victor.goto('/analytics/freight-cost')
	await expect(victor).toHaveURL(/\/404$/)
	await expect(
		victor.getByText('We are sorry but the page you are looking for does not exist.'),
	).toBeVisible()
	expect((await victor.request.get('/analytics/freight-cost/export?table=carrier')).status()).toBe(
		404,
	)
	await victor.close()

	// The v2 toggle off (Globex's, as Gary): /analytics/freight-cost → /analytics, the report without the tab strip.
	const gary = await browser.newPage({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled })
	await gary.goto('/login')
	await signInAs(gary, 'gary@globex.test')
	await expect(gary).toHaveURL(/\/dashboard/)
	await withToggleLock(async () => {
		try {
			await setToggle(gary.request, 'web.ui.analytics.v2', false, 'globex')
			// The next page reads the toggles again.
			await expect(async () => {
				await gary.goto('/analytics/freight-cost?carrier=')
				await expect(gary).toHaveURL(/\/analytics\?carrier=$/, { timeout: 1_000 })
			}).toPass({ timeout: 30_000, intervals: [1_000] })
			await expect(gary.getByRole('navigation', { name: 'Analytics reports' })).toHaveCount(0)
			await expect(totalSpend(gary)).toHaveText(/^\$[\d,]+\.\d\d$/)
			await expect(gary.getByRole('heading', { name: 'Freight cost by month' })).toBeVisible()
		} finally {
			await setToggle(gary.request, 'web.ui.analytics.v2', true, 'globex')
		}
	})
	await gary.close()
})

test('the spend and on-time scatter: its axes read level, in round short amounts, their labels apart, at 1366 and 400 px', async ({
	page,
	javaScriptEnabled,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	await page.goto('/analytics/freight-cost')
	const title = 'Spend against on-time rate per carrier'
	if (!javaScriptEnabled) {
		// Without JavaScript the chart is its table: each carrier's spend and on-time rate.
		const row = page.getByRole('table', { name: title }).getByRole('row', { name: /^CMA CGM/ })
		await expect(row).toContainText(/\$[\d,]+\.\d\d/)
		await expect(row).toContainText(/\d+\.\d%/)
		return
	}
	const chart = page.getByRole('figure', {
		name: `${title} chart; the numbers are in the table below`,
	})
	/** An axis' labels as drawn: the text (not its title), whether turned, where. */
	const axis = (which: 'x' | 'y') =>
		chart.locator(`.apexcharts-${which}axis-label`).evaluateAll((labels) =>
			labels.map((t) => {
				const r = t.getBoundingClientRect()
				return {
					text: t.querySelector('tspan')?.textContent ?? '',
					turned: /rotate\(-?[1-9]/.test(t.getAttribute('transform') ?? ''),
					left: r.left,
					right: r.right,
				}
			}),
		)
	/** What does not read: a label that is not a round short amount, turned, outside the chart or on the next one. */
	const problems = async () => {
		const xs = await axis('x')
		const area = (await chart.boundingBox())!
		const out: string[] = []
		if (!xs.some((l) => l.text === '$0')) out.push('no $0 tick')
		for (const [i, label] of xs.entries()) {
			const next = xs[i + 1]
			if (!/^\$\d+(\.\d+)?[KM]?$/.test(label.text)) out.push(`${label.text}: not a short amount`)
			if (label.turned) out.push(`${label.text}: turned`)
			if (label.left < area.x - 1 || label.right > area.x + area.width + 1)
				out.push(`${label.text}: outside the chart`)
			if (next && label.right >= next.left) out.push(`${label.text}: on ${next.text}`)
		}
		for (const label of await axis('y'))
			if (!/^\d+%$/.test(label.text)) out.push(`${label.text}: not a whole percentage`)
		return out
	}
	for (const width of [1366, 400]) {
		await page.setViewportSize({ width, height: 900 })
		await chart.scrollIntoViewIfNeeded()
		// The chart redraws at its new width.
		await expect.poll(problems, { message: `at ${width} px` }).toEqual([])
	}
})
