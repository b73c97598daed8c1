import type { Page } from '@playwright/test'
import { test, expect, signInAs } from './fixtures'

/**
 * 002 §2 "Share modal", §4 "Share flow", "Notifications", §5, §8 toasts; and
 * "a share to a new e-mail puts a guest link in the outbox". The outbox is read where its
 * administrators read it (/outbox); the guest link's token and its refusal after a revoke are
 * covered by tests/api/share.test.ts. Runs with JavaScript on and off; each project uses its
 * own addresses (and, for notifications, its own order) so they never race each other.
 */
async function openOrder(page: Page, name: string) {
	await page.goto(`/advanced_search?qs_query_string=${name}`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	await expect(page.getByTestId('order-name')).toHaveText(name)
	return new URL(page.url()).pathname
}

test.beforeEach(async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(/\/dashboard/)
})

test('sharing SO-1001 with a new e-mail creates a guest link in the outbox, listed and revocable', async ({
	page,
}, info) => {
	// One long flow (two steps, a share, the outbox, a revoke) on a machine shared with other runs.
	test.setTimeout(90_000)
	const js = info.project.name === 'js'
	const guest = `guest-${info.project.name}-${Date.now()}@example.com`
	const path = await openOrder(page, 'SO-1001')
	const shipSetId = path.split('/').pop()!

	await page.getByRole('link', { name: 'Share', exact: true }).click()
	await expect(page).toHaveURL(/share=1/)
	const dialog = page.getByRole('dialog', { name: 'SHARE SOSS #SO-1001' })
	await expect(dialog).toBeVisible()
	const emails = dialog.getByLabel('E-mails')
	const submit = dialog.getByRole('button', { name: 'SUBMIT' })

	// "SUBMIT is disabled until at least one e-mail is entered"; without JavaScript the server says so.
	if (js) {
		await expect(submit).toBeDisabled()
	} else {
		await submit.click()
		await expect(dialog.getByRole('alert')).toHaveText('At least one e-mail is required')
	}

	// An invalid address is refused with its message; what was typed stays.
	await emails.fill('nadia@acme.test, not-an-email')
	await submit.click()
	await expect(dialog.getByText('not-an-email is not a valid e-mail address')).toBeVisible()
	await expect(emails).toHaveValue('nadia@acme.test, not-an-email')

	// Step 2: the member and the NEW address with the $1/month tooltip; Restricted View by default.
	await emails.fill(`nadia@acme.test, ${guest}`)
	await dialog.getByLabel('Message (optional)').fill('Your order is on its way')
	await submit.click()
	const newOnes = dialog.getByRole('region', { name: 'Not in the supply chain' })
	await expect(newOnes.getByRole('listitem')).toHaveText(`${guest} NEW`)
	// The addresses and the message are posted, never put into a URL (history, request logs).
	expect(page.url()).not.toContain('share_emails')
	expect(decodeURIComponent(page.url())).not.toContain(guest)
	expect(decodeURIComponent(page.url())).not.toContain('on its way')
	// Back: step 1 again, as typed; SUBMIT: step 2 again.
	await dialog.getByRole('button', { name: 'Back' }).click()
	await expect(emails).toHaveValue(`nadia@acme.test, ${guest}`)
	await expect(dialog.getByLabel('Message (optional)')).toHaveValue('Your order is on its way')
	await submit.click()
	await expect(
		dialog.getByRole('region', { name: 'In the supply chain', exact: true }),
	).toContainText('nadia@acme.test')
	await expect(newOnes.getByRole('listitem')).toHaveText(`${guest} NEW`)
	await expect(newOnes.getByText('NEW', { exact: true })).toHaveAttribute(
		'title',
		'A $1/month charge will be applied for this new user.',
	)
	await expect(newOnes).toContainText('A $1/month charge will be applied for this new user.')
	await expect(dialog.getByLabel('Restricted View')).toBeChecked()
	await expect(dialog.getByLabel('Supply Chain View')).not.toBeChecked()
	await dialog.getByRole('button', { name: 'SHARE' }).click()

	// 002 §8: 'Share Order – You have shared order'; the modal closes.
	const toast = page.getByRole('status').filter({ hasText: 'Share Order' })
	await expect(toast).toContainText('You have shared order')
	await expect(dialog).toHaveCount(0)
	await expect(page).not.toHaveURL(/share=/)

	// The new guest link is listed in the modal.
	await page.getByRole('link', { name: 'Share', exact: true }).click()
	const row = dialog.getByRole('row').filter({ hasText: guest })
	await expect(row).toContainText('Restricted View')

	// The outbox holds the guest's e-mail, with the guest link (no fragment) and the message.
	await page.goto('/outbox')
	const mail = page.getByRole('article', {
		name: `E-mail to ${guest}: Olivia shared order SO-1001 with you`,
	})
	await expect(mail).toContainText('Your order is on its way')
	const text = (await mail.locator('pre').textContent()) ?? ''
	const link = new URL(text.match(/https?:\/\/\S+\/guest\/\S+/)![0])
	expect(link.pathname).toBe(`/guest/${shipSetId}/timeline`)
	expect(link.searchParams.get('type')).toBe('restricted')
	expect(link.searchParams.get('email')).toBe(guest)
	expect(link.searchParams.get('supply_chain')).toBe('acme')
	expect(link.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/)
	// Nadia, a member, got the timeline link instead.
	await expect(
		page
			.getByRole('article', {
				name: 'E-mail to nadia@acme.test: Olivia shared order SO-1001 with you',
			})
			.first(),
	).toContainText(`/timeline/${shipSetId}`)

	// Revoke: the link leaves the list.
	await page.goto(`${path}?share=1`)
	await dialog.getByRole('button', { name: `Revoke the guest link of ${guest}` }).click()
	await expect(
		page.getByRole('status').filter({ hasText: `You have revoked the guest link of ${guest}` }),
	).toBeVisible()
	await expect(dialog.getByRole('row').filter({ hasText: guest })).toHaveCount(0)

	// Each action left a line in Historical Logs (newest first, 100 a page).
	await page.goto(`${path}?logs=1`)
	const logs = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(
		logs
			.getByRole('row')
			.filter({ hasText: `Shared order with nadia@acme.test, ${guest} (Restricted View)` }),
	).toContainText('Olivia')
	await expect(
		logs.getByRole('row').filter({ hasText: `Revoked the guest link of ${guest}` }),
	).toHaveCount(1)
})

test('notification settings save per order with the toast', async ({ page }, info) => {
	// Each project its own order, so the two never overwrite each other's settings.
	const order = info.project.name === 'js' ? 'SO-1001' : 'SO-1002'
	await openOrder(page, order)
	const menu = page.locator('details.notif-menu')
	await menu.locator('summary').click()
	const nodes = menu.getByRole('group', { name: 'Nodes' })
	await expect(nodes).toBeHidden() // revealed only for 'nodes'

	// 'nodes' without a node is refused.
	await menu.getByRole('radio', { name: 'Nodes' }).check()
	await expect(nodes).toBeVisible()
	for (const box of await nodes.getByRole('checkbox').all()) await box.uncheck()
	await menu.getByRole('button', { name: 'SAVE' }).click()
	await expect(menu.getByText('Select at least one node')).toBeVisible()

	await menu.getByRole('radio', { name: 'Nodes' }).check()
	await nodes.getByLabel('Factory').check()
	await nodes.getByLabel('DC').check()
	await menu.getByLabel('Comments').check()
	await menu.getByLabel('Promise date').uncheck()
	await menu.getByRole('button', { name: 'SAVE' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Notification Order' })).toContainText(
		'You have set notification',
	)

	// Saved: a fresh load shows the choices.
	await page.reload()
	await menu.locator('summary').click()
	await expect(menu.getByRole('radio', { name: 'Nodes' })).toBeChecked()
	await expect(nodes.getByLabel('Factory')).toBeChecked()
	await expect(nodes.getByLabel('DC')).toBeChecked()
	await expect(nodes.getByLabel('Transit')).not.toBeChecked()
	await expect(menu.getByLabel('Comments')).toBeChecked()
	await expect(menu.getByLabel('Promise date')).not.toBeChecked()

	// Back to the demo data's settings (all status updates, comments, promise date).
	await menu.getByRole('radio', { name: 'All status updates' }).check()
	await menu.getByLabel('Promise date').check()
	await menu.getByRole('button', { name: 'SAVE' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Notification Order' })).toBeVisible()

	// Both saves are in Historical Logs.
	await page.goto(`${new URL(page.url()).pathname}?logs=1`)
	const logs = page.getByRole('dialog', { name: 'Historical Logs' })
	await expect(
		logs
			.getByRole('row')
			.filter({ hasText: 'Set notification: nodes (Factory, DC; comments)' })
			.first(),
	).toBeVisible()
	await expect(
		logs
			.getByRole('row')
			.filter({ hasText: 'Set notification: all status updates (comments; promise date)' })
			.first(),
	).toBeVisible()
})
