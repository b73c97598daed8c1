import { test as base, expect } from '@playwright/test'

/**
 * The base URL comes from global-setup (a free port); a console error or an
 * uncaught page error fails the test (CSP violations show up as both).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
	// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from the pattern
	baseURL: async ({}, use) => {
		await use(process.env.E2E_BASE_URL)
	},
	consoleErrors: [
		async ({ page }, use) => {
			const errors: string[] = []
			page.on('console', (msg) => {
				if (msg.type() !== 'error') return
				// A page the server answers with 403/404 on purpose logs its own status; a form the
				// server refuses through a fetcher (400 with the field's message) logs its .data request's
				// (the page's, or its action route's under the page's path).
				const failed = msg.text().startsWith('Failed to load resource')
				const own =
					failed &&
					(msg.location().url === page.url() ||
						(msg.text().includes('status of 400') &&
							isDataRequestOf(msg.location().url, page.url())))
				if (!own) errors.push(msg.text())
			})
			page.on('pageerror', (error) => errors.push(error.message))
			await use(errors)
			expect(errors, 'console errors').toEqual([])
		},
		{ auto: true },
	],
})
export { expect }

/** Whether `url` is React Router's data request (`{path}.data`) for the page at `pageUrl`. */
function isDataRequestOf(url: string, pageUrl: string): boolean {
	try {
		const a = new URL(url)
		const p = new URL(pageUrl)
		const page = p.pathname.replace(/\/$/, '')
		// The page's own action, or one of its action routes (/timeline/{id}/comments.data).
		return (
			a.origin === p.origin &&
			(a.pathname === `${page}.data` ||
				(a.pathname.startsWith(`${page}/`) && a.pathname.endsWith('.data')))
		)
	} catch {
		return false
	}
}

export const DEMO_PASSWORD = 'demo-password-1'

/** Signs in on the provider's page the browser was sent to (from /login or a guarded page). */
export async function signInAs(
	page: import('@playwright/test').Page,
	email: string,
	password = DEMO_PASSWORD,
) {
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
	await page.getByLabel('E-mail').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Opens an order through quick search, which redirects to the timeline when exactly one order matches. */
export async function openOrder(page: import('@playwright/test').Page, name: string) {
	await page.goto(`/advanced_search?qs_query_string=${name}`)
	await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}/)
	await expect(page.getByTestId('order-name')).toHaveText(name)
	return new URL(page.url()).pathname
}

/**
 * Shares the order open in `page` (its timeline) with `guest` as a Restricted View, reads the guest
 * link from the outbox and signs the browser out: the link a guest's e-mail carries.
 */
export async function shareRestricted(
	page: import('@playwright/test').Page,
	orderName: string,
	guest: string,
): Promise<URL> {
	await page.getByRole('link', { name: 'Share', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: `SHARE SOSS #${orderName}` })
	await dialog.getByLabel('E-mails').fill(guest)
	await dialog.getByRole('button', { name: 'SUBMIT' }).click()
	await expect(dialog.getByLabel('Restricted View')).toBeChecked()
	await dialog.getByRole('button', { name: 'SHARE' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Share Order' })).toBeVisible()
	await page.goto('/outbox')
	const mail = page.getByRole('article', {
		name: new RegExp(`^E-mail to ${guest.replace(/[.+]/g, '\\$&')}:`),
	})
	const text = (await mail.locator('pre').textContent()) ?? ''
	const link = new URL(text.match(/https?:\/\/\S+\/guest\/\S+/)![0])
	await page.context().clearCookies()
	return link
}
