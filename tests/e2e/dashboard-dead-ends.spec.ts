import type { Page, Request } from '@playwright/test'
import { test, expect, openOrder, signInAs } from './fixtures'

/**
 * The dashboard's last dead ends (001 §2, §4, §8, §9), JavaScript on and off: a Tagged Comments card
 * takes a comment with its toasts; the card dashboard's Orders Without Update pages; the tabbed
 * Unfollow is disabled while it runs and its toast lasts 10 s; Ongoing Breaches' 'Load more' reads
 * only the next page by offset; Historical Breaches' table stacks on a phone as the other tables do.
 * Both projects share one server: each comments on, follows and unfollows its own orders.
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
	await openOrder(page, order)
	const follow = page.locator('.timeline-order-row').getByRole('button', { name: /^Follow(ing)?$/ })
	if ((await follow.textContent())!.trim() !== 'Following') {
		const posted = page.waitForResponse((r) => r.request().method() === 'POST')
		await follow.click()
		await posted
		await expect(follow).toHaveText('Following')
	}
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
