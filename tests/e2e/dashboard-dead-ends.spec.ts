import type { Page, Request } from '@playwright/test'
import { seedId } from '../../server/db/seed/random'
import { test, expect, signInAs } from './fixtures'
import { issueToken } from './tokens'

/**
 * The dashboard's last dead ends (001 §2, §4, §8, §9), JavaScript on and off: a Tagged Comments card
 * takes a comment with its toasts; the card dashboard's Orders Without Update pages; the tabbed
 * Unfollow is disabled while it runs and its toast lasts 10 s; Ongoing Breaches' 'Load more' reads
 * only the next page by offset; Historical Breaches' table stacks on a phone as the other tables do.
 * Both projects share one server: each comments on, follows and unfollows its own orders, through
 * the API where no page is to be seen (a timeline opened would change Olivia's Recently Viewed,
 * which other specs read).
 */

async function signIn(page: Page) {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const toast = (page: Page, title: string) =>
	page.getByRole('region', { name: 'Notifications' }).filter({ hasText: title }).first()

/** React Router's data requests (`….data`) the page makes from now on, as paths with their query. */
function dataRequests(page: Page): string[] {
	const seen: string[] = []
	page.on('request', (r: Request) => {
		const url = new URL(r.url())
		if (url.pathname.endsWith('.data')) seen.push(`${r.method()} ${url.pathname}${url.search}`)
	})
	return seen
}

/** Olivia's calls to the API itself: her follow of an order, and an order's comments (newest first). */
async function oliviasApi(page: Page) {
	const base = process.env.E2E_BASE_URL!
	const token = await issueToken(page.request, base, 'olivia@acme.test', process.env.E2E_DATA_DIR!)
	const headers = { Authorization: `Bearer ${token}`, 'X-Supply-Chain': 'acme' }
	const follows = (id: string) => `${base}/api/web/ship_sets/${id}/follows`
	return {
		follows: async (id: string) =>
			((await (await page.request.get(follows(id), { headers })).json()) as { follow: unknown })
				.follow !== null,
		follow: async (id: string) =>
			expect((await page.request.post(follows(id), { headers })).status()).toBe(200),
		unfollow: async (id: string) =>
			expect((await page.request.delete(follows(id), { headers })).status()).toBe(200),
		comments: async (id: string) =>
			(
				(await (
					await page.request.get(`${base}/api/web/ship_sets/${id}/comments`, { headers })
				).json()) as { comments: { comment_body: string; node_id: string | null }[] }
			).comments,
	}
}

/** Holds the page's next post until `release` is called. */
async function holdPosts(page: Page) {
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(
		() => true,
		async (route) => {
			if (route.request().method() === 'POST') await held
			await route.continue()
		},
	)
	return () => release()
}

test.beforeEach(async ({ page }) => signIn(page))

test('Tagged Comments: a card takes a comment, with its toasts (001 §8)', async ({
	page,
}, info) => {
	test.slow()
	await page.goto('/dashboard/new')
	// A generated order's card, each project its own (the timeline's tests tag Olivia on SO-1001/SO-1002).
	const cards = region(page, 'Tagged Comments')
		.getByRole('list', { name: 'Comments you were tagged in' })
		.getByRole('listitem')
		.filter({ has: page.getByRole('link', { name: /^SO-2\d+$/ }) })
	const card = cards.nth(info.project.name === 'js' ? 0 : 1)
	const orderLink = card.getByRole('link', { name: /^SO-2\d+$/ })
	const order = (await orderLink.textContent())!.trim()
	// The order and node the tagged comment is on: /timeline/{id}?nodeId={node}.
	const href = new URL((await orderLink.getAttribute('href'))!, page.url())
	const orderId = href.pathname.split('/').pop()!
	const api = await oliviasApi(page)
	const followed = await api.follows(orderId)
	const field = card.getByRole('textbox', { name: `Comment on ${order}` })
	const post = card.getByRole('button', { name: `Post Comment on ${order}` })

	// A missing text: the toast 'Comment field is required' (title 'Comment') and the field's message.
	await field.fill('   ')
	await post.click()
	const refused = page.getByRole('alert').filter({ hasText: 'Comment field is required' })
	await expect(refused).toContainText('Comment')
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(card.getByText('this field is required', { exact: true })).toBeVisible()

	const text = `Seen from the dashboard (${info.project.name} ${Date.now()})`
	await field.fill(text)
	await post.click()
	await expect(
		page.getByRole('status').filter({ hasText: 'You have added a comment' }),
	).toContainText('Comment')
	await expect(
		region(page, 'Tagged Comments').getByRole('textbox', { name: `Comment on ${order}` }),
	).toHaveValue('')

	// The comment is on the tagged comment's order and node.
	const posted = (await api.comments(orderId)).filter((c) => c.comment_body === text)
	expect(posted).toEqual([expect.objectContaining({ node_id: href.searchParams.get('nodeId') })])
	// Auto-follow is on in the demo data: the follow goes back as it was.
	if (!followed) await api.unfollow(orderId)
})

test('the card dashboard’s Orders Without Update pages by 5, and a filter goes back to page 1', async ({
	page,
	javaScriptEnabled,
}) => {
	await page.goto('/dashboard/new')
	const widget = region(page, 'Orders Without Update')
	const rows = widget.getByRole('list', { name: 'Orders without update' }).getByRole('listitem')
	const names = () => rows.locator('.order-row__name').allTextContents()
	await expect(rows).toHaveCount(5)
	const first = await names()
	const pager = widget.getByRole('navigation', { name: 'Orders Without Update pages' })
	await expect(pager).toContainText(/Showing 1-5 of \d+/)
	const seen = dataRequests(page)
	await pager.getByRole('link', { name: 'Next orders without update page' }).click()
	await expect(page).toHaveURL(/[?&]ex_page=2(&|$)/)
	await expect(pager).toContainText(/Showing 6-\d+ of \d+/)
	await expect(pager.getByRole('link', { name: 'Orders without update page 2' })).toHaveAttribute(
		'aria-current',
		'page',
	)
	const second = await names()
	expect(second.length).toBeGreaterThan(0)
	expect(second.filter((n) => first.includes(n))).toEqual([])
	// With JavaScript the page is the card's own read.
	if (javaScriptEnabled)
		expect(seen.map((s) => s.replace(/\?.*/, ''))).toEqual(['GET /dashboard/cards/exceptions.data'])

	// Another timeframe starts again from the first page.
	const card = region(page, 'Order Exceptions')
	await card.getByLabel('Days', { exact: true }).selectOption('1')
	if (!javaScriptEnabled) await card.getByRole('button', { name: /^Apply/ }).click()
	await expect(page).toHaveURL(/[?&]ex_days=1(&|$)/)
	expect(new URL(page.url()).searchParams.get('ex_page')).toBeNull()
	await expect(pager).toContainText(/Showing 1-5 of \d+/)
})

test('tabbed Following: Unfollow is disabled while it runs, and its toast lasts 10 s (001 §9)', async ({
	page,
	javaScriptEnabled,
}, info) => {
	// Orders no other test follows or unfollows, one per project.
	const order = info.project.name === 'js' ? 'SO-1011' : 'SO-1019'
	await (await oliviasApi(page)).follow(seedId('acme', 'ship_set', order))
	if (javaScriptEnabled) await page.clock.install()
	await page.goto('/dashboard?tab=following')
	const following = region(page, 'Following')
	const button = following.getByRole('button', { name: `Unfollow ${order}` })
	await expect(button).toBeEnabled()
	const release = javaScriptEnabled ? await holdPosts(page) : () => {}
	await button.click()
	// "Unfollow and pagination controls are disabled while loading" (001 §5).
	if (javaScriptEnabled) await expect(button).toBeDisabled()
	release()
	const shown = toast(page, 'Unfollow Order')
	await expect(shown).toContainText('You have unfollowed order')
	await expect(following.getByRole('link', { name: order })).toHaveCount(0)
	if (!javaScriptEnabled) return
	// "Toast timeout 10 s": still there after 5 s, gone after 10.
	await page.clock.fastForward(5_000)
	await expect(shown).toBeVisible()
	await page.clock.fastForward(5_500)
	await expect(shown).toHaveCount(0)
})

test('Ongoing Breaches: Load more reads only the next page, from the offset shown (001 §4)', async ({
	page,
	javaScriptEnabled,
}) => {
	await page.goto('/dashboard/old')
	const ongoing = page.getByRole('region', { name: /^Ongoing Breaches/ })
	const title = ongoing.getByRole('heading', { level: 2 })
	await expect(title).toHaveText(/^Ongoing Breaches \(\d+\)$/)
	const total = Number((await title.textContent())!.match(/\((\d+)\)/)![1])
	test.skip(total <= 10, 'fewer than three pages of 5')
	const items = ongoing.getByRole('list', { name: 'Ongoing breached orders' }).getByRole('listitem')
	await expect(items).toHaveCount(5)
	const seen = dataRequests(page)
	const more = ongoing.getByRole('link', { name: 'Load more' })
	await more.click()
	await expect(page).toHaveURL(/[?&]breach_page=2(&|$)/)
	await expect(items).toHaveCount(10)
	await more.click()
	await expect(page).toHaveURL(/[?&]breach_page=3(&|$)/)
	await expect(items).toHaveCount(Math.min(total, 15))
	const names = await items.locator('.breach-item__shipment').allTextContents()
	expect(new Set(names).size).toBe(names.length)
	if (!javaScriptEnabled) return
	// Two reads of one page each (5 from 5, 5 from 10): never the list again from 0 with a bigger limit.
	expect(seen.map((s) => s.replace(/&_routes=.*/, ''))).toEqual([
		'GET /dashboard/breaches/ongoing.data?place=widget&offset=5',
		'GET /dashboard/breaches/ongoing.data?place=widget&offset=10',
	])
})

test('Historical Breaches: every column at 1366 px, rows stacked as the other tables at 400 px', async ({
	page,
}) => {
	await page.setViewportSize({ width: 1366, height: 900 })
	await page.goto('/dashboard?tab=breached_orders')
	const table = page.getByRole('table', { name: 'Historical Breaches' })
	const rows = table.locator('tbody tr:not([aria-hidden])')
	await expect(rows.first()).toBeVisible()
	const count = await rows.count()
	// A laptop: one line of four columns, every heading inside the table's box.
	const box = (await table.locator('xpath=..').boundingBox())!
	for (const heading of ['Shipment', 'Summary of Breaches', 'Sensors Breached', 'Orders']) {
		const th = (await table.getByRole('columnheader', { name: heading }).boundingBox())!
		expect(th.x + th.width, heading).toBeLessThanOrEqual(box.x + box.width + 1)
	}
	const cells = rows.first().locator(':scope > *')
	const tops = await cells.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top))
	expect(new Set(tops).size).toBe(1)

	// A phone: each row a card of labelled cells, one under the other, as the kit's tables stack.
	await page.setViewportSize({ width: 400, height: 900 })
	await expect
		.poll(() =>
			cells.evaluateAll((els) => new Set(els.map((e) => e.getBoundingClientRect().top)).size),
		)
		.toBe(4)
	// Still a table to a screen reader (a header row, a row per breach); the labels are seen, not read again.
	await expect(table.getByRole('row')).toHaveCount(count + 1)
	const shipment = (await rows.first().locator('.hist-shipment__name').textContent())!.trim()
	await expect(rows.first()).toHaveAccessibleName(new RegExp(`^${shipment}`))
	// The table is one of the kit's: its box is the labelled, focusable region the other tables are in.
	await expect(page.getByRole('region', { name: 'Breaches found' }).getByRole('table')).toHaveCount(
		1,
	)
	const page400 = await page.evaluate(
		() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth,
	)
	expect(page400).toBe(true)
})
