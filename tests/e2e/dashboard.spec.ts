import { test, expect, signInAs } from './fixtures'

test.beforeEach(async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' }),
	).toBeVisible()
})

test('Live Feed is the default tab, ten rows, and loads more', async ({ page }) => {
	const list = page.getByRole('region', { name: 'Live Feed' }).getByRole('listitem')
	await expect(list).toHaveCount(10)
	await page.getByRole('link', { name: 'Load more' }).click()
	await expect(list).toHaveCount(20)
})

test('Recently Viewed lists what Olivia opened; order links open in a new tab', async ({
	page,
}) => {
	await page.getByRole('link', { name: 'Recently Viewed' }).click()
	const region = page.getByRole('region', { name: 'Recently Viewed' })
	for (const name of ['SO-1001', 'SO-1002', 'SO-1007']) {
		await expect(region.getByRole('link', { name })).toHaveAttribute('target', '_blank')
	}
})

test('Following lists the followed orders and Unfollow removes one with the toast', async ({
	page,
}, testInfo) => {
	await page.getByRole('link', { name: 'Following' }).click()
	const region = page.getByRole('region', { name: 'Following' })
	// Each project unfollows its own order: both run against one server.
	const order = testInfo.project.name === 'js' ? 'SO-1003' : 'SO-1001'
	await expect(region.getByRole('link', { name: order })).toBeVisible()
	await region.getByRole('button', { name: `Unfollow ${order}` }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Unfollow Order' })).toContainText(
		'You have unfollowed order',
	)
	await expect(region.getByRole('link', { name: order })).toHaveCount(0)
})

test('the landing page leads to every dashboard variant by its URL (ADR 0013), and back', async ({
	page,
}) => {
	const views = page.getByRole('navigation', { name: 'Dashboard views' })
	await expect(views.getByRole('link', { name: 'Lists' })).toHaveAttribute('aria-current', 'page')
	await views.getByRole('link', { name: 'Widgets' }).click()
	await expect(page).toHaveURL(/\/dashboard\/old$/)
	await expect(page.getByRole('heading', { name: 'Average Order Time' })).toBeVisible()
	await page
		.getByRole('navigation', { name: 'Dashboard views' })
		.getByRole('link', { name: 'Cards' })
		.click()
	await expect(page).toHaveURL(/\/dashboard\/new$/)
	await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
	await page
		.getByRole('navigation', { name: 'Dashboard views' })
		.getByRole('link', { name: 'Lists' })
		.click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByRole('region', { name: 'Live Feed' })).toBeVisible()
})
