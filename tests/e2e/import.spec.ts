import { test, expect, signInAs } from './fixtures'

/**
 * Data in by people, JavaScript on and off: "a CSV with 3 good rows and 1 bad row
 * previews the bad one with its reason, imports the 3, and the import record shows 3/1"; and the
 * API keys screen: a key is shown once, listed by its prefix, and revoked. Order numbers carry the
 * project's name, so the two projects' runs do not meet on the shared server.
 */

test('a CSV of orders: the bad row previewed with its reason, the 3 good ones imported, the record shows 3/1', async ({
	page,
}) => {
	const p = test.info().project.name.toUpperCase()
	const csv = [
		'order_number,reference_number,final_location_name,final_location_city,final_location_country,promise_date,shipment_id,carrier,tracking_number',
		`E2E-${p}-1,PO-E2E-1,E2E Clinic,Dallas,US,2026-12-01T00:00:00Z,E2E-${p}-1-S,UPS,E2E${p}1Z1`,
		`E2E-${p}-2,PO-E2E-2,E2E Clinic,Dallas,US,2026-12-02T00:00:00Z,E2E-${p}-2-S,FedEx,E2E${p}1Z2`,
		`E2E-${p}-3,PO-E2E-3,E2E Clinic,Dallas,US,next week,E2E-${p}-3-S,UPS,E2E${p}1Z3`,
		`E2E-${p}-4,PO-E2E-4,E2E Clinic,Dallas,US,,,,`,
	].join('\n')
	await page.goto('/settings/imports')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible()
	await page
		.getByLabel('CSV file')
		.setInputFiles({ name: `orders-${p}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Check file' }).click()

	await expect(page).toHaveURL(/\/settings\/imports\/[0-9a-f-]{36}$/)
	await expect(page.getByTestId('import-summary')).toHaveText(
		'3 good rows ready to import, 1 bad row',
	)
	const bad = page.getByRole('region', { name: 'Bad rows' }).getByRole('row')
	await expect(bad).toHaveCount(2)
	await expect(bad.nth(1)).toContainText('4')
	await expect(bad.nth(1)).toContainText('promise_date: Invalid ISO datetime')

	await page.getByRole('button', { name: 'Import 3 good rows' }).click()
	await expect(page.getByTestId('import-summary')).toHaveText('3 rows imported, 1 row refused')
	await page.getByRole('link', { name: 'Back to imports' }).click()
	const record = page
		.getByRole('region', { name: 'Imports' })
		.getByRole('row', { name: new RegExp(`orders-${p}\\.csv`) })
	// The file name is the row's header; then Kind, By, When, Status, Imported, Refused.
	await expect(record.getByRole('cell').nth(3)).toHaveText('Imported')
	await expect(record.getByRole('cell').nth(4)).toHaveText('3')
	await expect(record.getByRole('cell').nth(5)).toHaveText('1')

	// The imported order is in the product.
	await page.goto(`/advanced_search?qs_query_string=E2E-${p}-2`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
})

test('an API key: made with a name, shown once, listed by its prefix, revoked', async ({
	page,
}) => {
	const name = `E2E key ${test.info().project.name}`
	await page.goto('/settings/api-keys')
	await signInAs(page, 'olivia@acme.test')
	await page.getByLabel('Name').fill(name)
	await page.getByRole('button', { name: 'Create key' }).click()
	const shown = page.getByLabel('New key')
	await expect(shown).toHaveValue(/^wmk_[A-Za-z0-9_-]{40,}$/)
	const key = await shown.inputValue()

	await page.goto('/settings/api-keys')
	await expect(page.getByLabel('New key')).toHaveCount(0)
	const row = page.getByRole('row', { name: new RegExp(name) })
	await expect(row).toContainText(`${key.slice(0, 10)}…`)
	await expect(row).toContainText('Never')
	await row.getByRole('button', { name: `Revoke ${name}` }).click()
	await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked')
	expect(await page.content()).not.toContain(key)
})
