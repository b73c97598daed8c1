import type { Page } from '@playwright/test'
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
