import { test, expect } from './fixtures'

// Runs in both projects: JavaScript enabled and disabled.

async function location(request: import('@playwright/test').APIRequestContext, path: string) {
	const res = await request.get(path, { maxRedirects: 0 })
	expect(res.status(), path).toBe(302)
	return res.headers()['location']
}

test('the root redirects to the dashboard, which asks a signed-out visitor to sign in', async ({
	page,
	request,
}) => {
	expect(await location(request, '/')).toBe('/dashboard')
	await page.goto('/')
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
})

test('an unknown path shows the 404 text with status 404', async ({ page }) => {
	const response = await page.goto('/no/such/page')
	expect(response?.status()).toBe(404)
	await expect(
		page.getByText('We are sorry but the page you are looking for does not exist.'),
	).toBeVisible()
	await expect(page.getByRole('contentinfo')).toContainText('Privacy Policy')
})

test('unknown paths under /tracking go to /404', async ({ page }) => {
	await page.goto('/tracking/acme/SO-1001/x/extra')
	await expect(page).toHaveURL(/\/404$/)
	await expect(
		page.getByText('We are sorry but the page you are looking for does not exist.'),
	).toBeVisible()
})

test('/403 shows the restricted page', async ({ page }) => {
	const response = await page.goto('/403')
	expect(response?.status()).toBe(403)
	await expect(
		page.getByText('You do not have access to this page. Please contact your account manager.'),
	).toBeVisible()
})

test('legacy order links redirect to the timeline, keeping the query', async ({ request }) => {
	expect(await location(request, '/related_order/abc?nodeId=n1')).toBe('/timeline/abc?nodeId=n1')
	expect(await location(request, '/sales_orders/9/ship_sets/abc/timeline')).toBe('/timeline/abc')
})

test('the legacy search URLs end on the advanced search with qs_query_string', async ({
	request,
}) => {
	expect(await location(request, '/dashboard/search?number=SO-1001')).toBe('/search?number=SO-1001')
	expect(await location(request, '/search?number=PO%207781')).toMatch(
		/^\/advanced_search\?qs_query_string=PO(%20|\+)7781$/,
	)
})

test('signed-in pages send a signed-out visitor to /login, remembering the path', async ({
	request,
}) => {
	expect(await location(request, '/analytics')).toBe('/login?redirectTo=%2Fanalytics')
	expect(await location(request, '/advanced_search?qs_query_string=SO-1')).toBe(
		'/login?redirectTo=%2Fadvanced_search%3Fqs_query_string%3DSO-1',
	)
})

test('pages carry the security headers and nonce every script', async ({ page }) => {
	const response = await page.goto('/tracking')
	const headers = response!.headers()
	const csp = headers['content-security-policy']!
	expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
	expect(csp).toContain("object-src 'none'")
	expect(csp).toContain("base-uri 'none'")
	expect(csp).toContain("frame-ancestors 'none'")
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['cache-control']).toContain('no-store')
	const nonce = csp.match(/'nonce-([^']+)'/)![1]
	const html = await response!.text()
	const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1])
	for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`)
})

test('a form post from another origin is refused', async ({ request }) => {
	const res = await request.post('/tracking', {
		headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
		form: { a: '1' },
	})
	expect(res.status()).toBe(403)
})
