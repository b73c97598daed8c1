import type { Page } from '@playwright/test'
import { seedId } from '../../server/db/seed/random'
import { tinyPng } from '../../server/db/seed/files'
import { test, expect, openOrder, signInAs } from './fixtures'
import { answerCaptchaQuestion } from './tracker-captcha'

/**
 * Every page fits its window at a phone's, a laptop's and a wide screen's width (400, 1366 and
 * 1920 px): the page never scrolls sideways, no table is wider than its box (every column
 * readable at 1366 px, rows stacked at 400 px), and nothing sticks out of its card. Runs with
 * JavaScript on and off.
 */

const WIDTHS = [400, 1366, 1920] as const

/** What sticks out at the current width: the page, a table past its box, a part past its card. */
async function overflows(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const out: string[] = []
		const name = (el: Element) =>
			`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}` +
			(el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : '')
		const shown = (el: Element) => {
			const r = el.getBoundingClientRect()
			return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
		}
		const page = document.scrollingElement!
		if (page.scrollWidth > page.clientWidth)
			out.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`)
		for (const table of document.querySelectorAll('table')) {
			const box = table.parentElement!
			if (!shown(table) || table.closest('.visually-hidden')) continue
			if (table.scrollWidth > box.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1)
				out.push(
					`${name(table)} is ${Math.max(table.scrollWidth, box.scrollWidth)} px wide in ${box.clientWidth} px`,
				)
		}
		for (const card of document.querySelectorAll('.ui-card')) {
			if (!shown(card)) continue
			const edge = card.getBoundingClientRect()
			const past = (el: Element) => {
				const r = el.getBoundingClientRect()
				return r.right > edge.right + 1 || r.left < edge.left - 1
			}
			for (const el of card.querySelectorAll('*')) {
				if (!shown(el) || el.closest('.visually-hidden, dialog')) continue
				const r = el.getBoundingClientRect()
				// The outermost part that sticks out, not each of its children.
				if (past(el) && !(el.parentElement !== card && past(el.parentElement!)))
					out.push(
						`${name(el)} (${Math.round(r.left)}–${Math.round(r.right)}) past its card ${name(card)} (${Math.round(edge.left)}–${Math.round(edge.right)})`,
					)
			}
		}
		return out
	})
}

/** Checks the page at each width; `ready` waits for what the page must show first. */
async function expectFits(page: Page, ready: () => Promise<void>) {
	for (const width of WIDTHS) {
		await page.setViewportSize({ width, height: 900 })
		await ready()
		await expect.poll(() => overflows(page), { message: `at ${width} px` }).toEqual([])
	}
}

async function signIn(page: Page) {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
}

test.describe('signed in', () => {
	test.beforeEach(async ({ page }) => signIn(page))

	for (const [path, heading] of [
		['/dashboard', /Welcome to your dashboard/],
		['/dashboard?tab=following', /Welcome to your dashboard/],
		['/dashboard?tab=breached_orders', /Welcome to your dashboard/],
		['/dashboard/old', /Welcome to your dashboard/],
		['/dashboard/new', /Welcome to your dashboard/],
		['/analytics/freight-cost', /Analytics/],
		['/settings/api-keys', /API keys/],
		['/settings/imports', /Imports/],
		['/settings/webhooks', /Webhooks/],
		['/analytics_events', /events/i],
	] as const) {
		test(`${path} fits at 400, 1366 and 1920 px`, async ({ page }) => {
			await page.goto(path)
			await expectFits(page, () =>
				expect(page.getByRole('heading', { name: heading }).first()).toBeVisible(),
			)
		})
	}

	test('001 §9 "Dashboard grid 1366 px wide": the dashboards and the order timeline, not the other pages', async ({
		page,
	}) => {
		await page.setViewportSize({ width: 1920, height: 900 })
		const contentWidth = () =>
			page.locator('main').evaluate((main) => {
				const style = getComputedStyle(main)
				return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
			})
		for (const path of ['/dashboard', '/dashboard/old', '/dashboard/new']) {
			await page.goto(path)
			await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
			expect(await contentWidth(), path).toBe(1366)
		}
		// The timeline's three columns (events, tabs, side cards) on the same grid.
		const timeline = await openOrder(page, 'SO-1001')
		expect(await contentWidth(), timeline).toBe(1366)
		await page.goto('/settings/webhooks')
		expect(await contentWidth()).toBeLessThan(1366)
	})

	test('the advanced-search results show every column without scrolling', async ({ page }) => {
		await page.goto('/advanced_search?qs_query_string=SO-10&per_page=25')
		const table = page.getByRole('table')
		await expectFits(page, () => expect(table.locator('tbody tr').first()).toBeVisible())
		// Every column's heading is on screen at a laptop's width, none behind a scroll.
		await page.setViewportSize({ width: 1366, height: 900 })
		const box = (await page.locator('.table-scroll').boundingBox())!
		for (const heading of ['Status Date', 'Location', 'Final Mile', 'Conveyance']) {
			const th = (await table
				.getByRole('columnheader', { name: new RegExp(heading) })
				.boundingBox())!
			expect(th.x + th.width, heading).toBeLessThanOrEqual(box.x + box.width)
		}
	})

	test("a timeline's side cards hold their parts, the Photos card 3 to 7 of its photos, 7 beside the page", async ({
		page,
		baseURL,
	}) => {
		// One order per project (they may run side by side): eight photos, so the strip pages.
		const order = test.info().project.name === 'js' ? 'SO-1008' : 'SO-1009'
		const path = await openOrder(page, order)
		const form = new FormData()
		form.set('intent', 'upload-photos')
		for (let i = 0; i < 8; i++)
			form.append(
				'file[]',
				new Blob([new Uint8Array(tinyPng(8, 6, [i * 30, 90, 160], [200, 200, 200]))], {
					type: 'image/png',
				}),
				`layout-${i}.png`,
			)
		const res = await page.request.post(`${path}/files`, {
			multipart: form,
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(res.status()).toBe(302)
		await page.goto(path)
		const card = page.locator('.side-cards details').filter({ hasText: /^Photos · \d+/ })
		await expectFits(page, () => expect(card.getByText(/^Photos · 8$/)).toBeVisible())
		// As many as the strip has room for (002 §9 "carousel of 3 slides (responsive up to 7)"), none
		// smaller than 2.5rem: 7 in the side card beside the page from a laptop's width up and in the
		// cards under it on a tablet, 3 on a phone; the Photos tab alike.
		const thumbnails = async (strip: import('@playwright/test').Locator) => {
			const widths = await strip
				.locator('.photo-list li:visible img')
				.evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().width))
			return { count: widths.length, smallest: Math.round(Math.min(...widths)) }
		}
		for (const [width, count] of [
			[400, 3],
			[800, 7],
			[1366, 7],
			[1920, 7],
		] as const) {
			await page.setViewportSize({ width, height: 900 })
			await expect(card.getByRole('link', { name: 'Next photos' })).toBeVisible()
			await expect(card.locator('.photo-list li:visible'), `at ${width} px`).toHaveCount(count)
			expect((await thumbnails(card)).smallest, `at ${width} px`).toBeGreaterThanOrEqual(40)
			await expect.poll(() => overflows(page), { message: `at ${width} px` }).toEqual([])
		}
		await page.goto(`${path}?tab=photos`)
		const strip = page.getByRole('region', { name: 'Node details' }).locator('.photo-strip')
		for (const [width, count] of [
			[400, 3],
			[800, 7],
			[1366, 7],
			[1920, 7],
		] as const) {
			await page.setViewportSize({ width, height: 900 })
			await expect(strip.locator('.photo-list li:visible'), `at ${width} px`).toHaveCount(count)
			expect((await thumbnails(strip)).smallest, `at ${width} px`).toBeGreaterThanOrEqual(40)
			await expect.poll(() => overflows(page), { message: `at ${width} px` }).toEqual([])
		}
	})

	test("SO-1001's timeline fits, its grouped transit's tracking numbers inside the details", async ({
		page,
	}) => {
		await openOrder(page, 'SO-1001')
		await expectFits(page, () => expect(page.getByTestId('order-name')).toHaveText('SO-1001'))
	})
})

test.describe('public tracker', () => {
	test('the results table stacks on a phone and shows every column on a laptop', async ({
		page,
		javaScriptEnabled,
	}) => {
		await page.goto('/tracking')
		await page.getByLabel('Organization').fill('acme')
		await page.getByLabel('Order / Reference / Tracking Number').fill('PO-7781')
		if (!javaScriptEnabled) await answerCaptchaQuestion(page)
		else
			await expect(page.locator('altcha-widget input[type="checkbox"]')).toBeChecked({
				timeout: 20_000,
			})
		await page.getByRole('button', { name: 'SEARCH' }).click()
		await expect(page).toHaveURL(/\/tracking\/acme\/PO-7781$/)
		const rows = page.locator('.results-table tbody tr')
		await expectFits(page, () => expect(rows).toHaveCount(2))
		await page.setViewportSize({ width: 400, height: 900 })
		// Stacked, it is still a table to a screen reader: a header row and a row per order.
		await expect(
			page.getByRole('region', { name: 'Orders found' }).getByRole('table').getByRole('row'),
		).toHaveCount(3)
		await expect(page.getByRole('columnheader', { name: 'Last Status' })).toHaveCount(1)
		// The cells' labels are seen, not read again: a row reads as its values.
		await expect(rows.first()).toHaveAccessibleName(/^SO-1001 PO-7781 /)
		for (const label of ['Order Status', 'Last Status'])
			await expect(rows.first().locator(`[data-label="${label}"]`)).toBeInViewport()
	})

	test("the public timeline's details wrap long tracking numbers", async ({ page }) => {
		// SO-1001's grouped Transit node, open at its USPS shipment.
		const number = '9400111899223197428490'
		await page.goto(
			`/tracking/acme/${number}/${seedId('acme', 'ship_set', 'SO-1001')}?trackingNumber=${number}`,
		)
		const details = page.locator('.grouped-node--open .details').first()
		await expectFits(page, () => expect(details.getByText(number)).toBeVisible())
		// No cell of the details panel runs into the next one.
		await page.setViewportSize({ width: 1366, height: 900 })
		const spill = await details.evaluate((dl) =>
			[...dl.querySelectorAll('dt, dd')]
				.filter((el) => el.scrollWidth > el.clientWidth + 1)
				.map((el) => el.textContent),
		)
		expect(spill).toEqual([])
	})
})
