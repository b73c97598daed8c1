import { test, expect, signInAs } from './fixtures'
import { setToggle, withToggleLock } from './toggles'

// Dead ends: every status page has a way back and every menu entry opens a page its user may open,
// JavaScript on and off.

test('Olivia: every app menu entry opens a page of ours; /404 leads back to the dashboard', async ({
	page,
	baseURL,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(`${baseURL}/dashboard`)
	const menu = page.locator('details.menu').filter({ hasText: 'Apps' })
	await menu.locator('summary').click()
	const items = menu.getByRole('listitem')
	await expect(items).toHaveText([
		'Analytics',
		'Enterprise',
		'Tracker',
		'Notifications',
		'Webhooks',
		'Advanced Search',
	])
	// Every entry is a link (no inert label), and none leads to /403 or /404.
	const hrefs = await menu
		.getByRole('link')
		.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
	expect(hrefs).toHaveLength(6)
	for (const href of hrefs) {
		const response = await page.request.get(href!)
		expect(response.status(), href!).toBe(200)
		expect(response.url(), href!).not.toMatch(/\/40[34]$/)
	}

	await page.goto('/no-such-page')
	await page.getByRole('link', { name: 'Back to the dashboard' }).click()
	await expect(page).toHaveURL(`${baseURL}/dashboard`)
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
})

test('Nadia: no menu entry leads to /403, and /403 lets her sign in with another account', async ({
	page,
}) => {
	await page.goto('/dashboard')
	await signInAs(page, 'nadia@acme.test')
	await expect(page).toHaveURL(/\/403$/)
	await expect(page.getByText('Apps')).toHaveCount(0)
	// Neither the menu nor the brand leads to a page she may not open.
	await expect(
		page.getByRole('link', { name: /Enterprise|Advanced Search|Dashboard/ }),
	).toHaveCount(0)
	await page.getByRole('button', { name: 'Sign in with another account' }).click()
	// Without JavaScript the provider asks once more; with it the page submits itself.
	await expect(page.getByRole('heading', { name: /Sign in to Waymark|Sign out/ })).toBeVisible()
	const confirm = page.getByRole('button', { name: 'Sign out' })
	if (await confirm.isVisible()) await confirm.click()
	await signInAs(page, 'olivia@acme.test')
	await expect(
		page.getByRole('heading', { name: /Welcome to your dashboard, Olivia/ }),
	).toBeVisible()
})

test('a visitor on /404 is led back to the public tracker', async ({ page, baseURL }) => {
	await page.goto('/tracking/acme/SO-1001/x/y')
	await expect(page).toHaveURL(/\/404$/)
	await page.getByRole('link', { name: 'Back to the order tracker' }).click()
	await expect(page).toHaveURL(`${baseURL}/tracking`)
})

// 000 §2 "/dashboard: New or old dashboard depending on feature toggles" (the mapping: ADR 0013).
test('the dashboard toggles choose what /dashboard shows: v3 off, the old widget page', async ({
	page,
	baseURL,
}) => {
	await page.goto('/login')
	await signInAs(page, 'gary@globex.test')
	await expect(page.getByRole('region', { name: 'Live Feed' })).toBeVisible()
	await withToggleLock(async () => {
		try {
			await setToggle(page.request, 'web.ui.dashboard.v3', false, 'globex')
			await page.goto('/dashboard')
			await expect(page).toHaveURL(`${baseURL}/dashboard/old`)
			const views = page.getByRole('navigation', { name: 'Dashboard views' })
			await expect(views.getByRole('link')).toHaveText(['Widgets'])
		} finally {
			await setToggle(page.request, 'web.ui.dashboard.v3', true, 'globex')
		}
	})
	await page.goto('/dashboard')
	await expect(page).toHaveURL(`${baseURL}/dashboard`)
	await expect(page.getByRole('region', { name: 'Live Feed' })).toBeVisible()
})

test('SO-1001: the grouped Transit nodes are named by carrier and tracking number; the filter bar starts as the Transit Filter does (Stale off)', async ({
	page,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
	await page.goto('/advanced_search?qs_query_string=SO-1001')
	await expect(page.getByTestId('order-name')).toHaveText('SO-1001')
	// Selecting one of the grouped Transit nodes lists the group, each named apart.
	const card = page.locator('.node[data-building="Transit"] a').first()
	await page.goto((await card.getAttribute('href'))!)
	const groupLinks = page.locator('.group-nodes a')
	await expect(groupLinks.filter({ hasText: 'UPS 1Z999AA10123456784' })).toHaveCount(1)
	await expect(groupLinks.filter({ hasText: 'USPS 9400111899223197428490' })).toHaveCount(1)
	await page.goto(new URL(page.url()).pathname)
	const bar = page.getByRole('form', { name: 'Order Timeline filters' })
	await expect(bar.getByLabel('Stale')).not.toBeChecked()
	await expect(bar.getByLabel('Transit', { exact: true })).toBeChecked()
})
