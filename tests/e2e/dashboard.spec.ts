import { test, expect, signInAs } from './fixtures'

test.beforeEach(async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' })).toBeVisible()
})

test('Live Feed is the default tab, ten rows, and loads more', async ({ page }) => {
	const list = page.getByRole('region', { name: 'Live Feed' }).getByRole('listitem')
	await expect(list).toHaveCount(10)
	await page.getByRole('link', { name: 'Load more' }).click()
	await expect(list).toHaveCount(20)
})

test('Recently Viewed lists what Olivia opened; order links open in a new tab', async ({ page }) => {
	await page.getByRole('link', { name: 'Recently Viewed' }).click()
	const region = page.getByRole('region', { name: 'Recently Viewed' })
	for (const name of ['SO-1001', 'SO-1002', 'SO-1007']) {
		await expect(region.getByRole('link', { name })).toHaveAttribute('target', '_blank')
	}
})

test('Following lists the followed orders and Unfollow removes one with the toast', async ({ page }, testInfo) => {
	await page.getByRole('link', { name: 'Following' }).click()
	const region = page.getByRole('region', { name: 'Following' })
	// Each project unfollows its own order: both run against one server.
	const order = testInfo.project.name === 'js' ? 'SO-1003' : 'SO-1001'
	await expect(region.getByRole('link', { name: order })).toBeVisible()
	await region.getByRole('button', { name: `Unfollow ${order}` }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Unfollow Order' })).toContainText('You have unfollowed order')
	await expect(region.getByRole('link', { name: order })).toHaveCount(0)
})
