import { test, expect, openOrder, signInAs } from './fixtures'

/**
 * The Historical Logs modal's time zone choice (002 §4 "Historical logs": "a timezone choice of UTC
 * or Local"), read on SO-1001's seeded lines. The browser is in Tokyo, the order in Louisville: with
 * JavaScript Local is the browser's zone; without it the server cannot know that zone, so Local is
 * the order's, and the modal says so.
 */
test.use({ timezoneId: 'Asia/Tokyo' })

test('Historical Logs lists each line in UTC, then in local time', async ({ page }, info) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	const path = await openOrder(page, 'SO-1001')
	await page.goto(`${path}?logs=1`)
	const dialog = page.getByRole('dialog', { name: 'Historical Logs' })
	const last = dialog.locator('tbody tr').last().locator('time')
	const when = await last.getAttribute('datetime')
	await expect(last).toHaveText(/^\w{3}, \d{2} \w{3} \d{4} \d{1,2}:\d{2} [AP]M UTC$/)
	await expect(dialog.getByRole('link', { name: 'UTC' })).toHaveAttribute('aria-current', 'true')

	await dialog.getByRole('link', { name: 'Local' }).click()
	await expect(page).toHaveURL(/tz=local/)
	const local = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(local.getByRole('link', { name: 'Local' })).toHaveAttribute('aria-current', 'true')
	const row = local.locator('tbody tr').last().locator('time')
	await expect(row).toHaveAttribute('datetime', when!)
	if (info.project.name === 'js') {
		// The tz database's name for Tokyo's zone (decision 0038), not the browser's 'GMT+9'.
		await expect(row).toHaveText(/ JST$/)
		await expect(local.locator('.tz-note')).toHaveCount(0)
	} else {
		await expect(row).toHaveText(/ E[SD]T$/)
		await expect(local.locator('.tz-note')).toContainText(
			'time zone of the order’s final shipping location',
		)
	}
})

test('with JavaScript, opening Historical Logs reads the logs alone, and its time zone reads nothing', async ({
	page,
	javaScriptEnabled,
}) => {
	test.skip(!javaScriptEnabled, 'without JavaScript a link loads the page, as it must')
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
	await openOrder(page, 'SO-1001')
	const reads: string[] = []
	page.on('request', (r) => {
		const url = new URL(r.url())
		if (url.pathname.endsWith('.data'))
			reads.push(
				`${url.pathname.replace(/^\/timeline\/[0-9a-f-]{36}/, '')} ${url.searchParams.get('_routes')}`,
			)
	})
	await page.getByRole('link', { name: 'Historical Logs' }).click()
	const dialog = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(dialog.locator('tbody tr').first()).toBeVisible()
	expect(reads).toEqual(['/logs.data routes/timeline/logs/route'])
	await dialog.getByRole('link', { name: 'Local' }).click()
	await expect(dialog.getByRole('link', { name: 'Local' })).toHaveAttribute('aria-current', 'true')
	expect(reads).toHaveLength(1)
})
