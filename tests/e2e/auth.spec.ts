import { test, expect, signInAs } from './fixtures'

// Sign-in through the embedded OpenID provider, JavaScript on and off.

test('Olivia signs in and lands on her greeting; the session cookie is encrypted and httpOnly', async ({
	page,
	context,
	baseURL,
}) => {
	await page.goto('/dashboard')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(`${baseURL}/dashboard`)
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' }),
	).toBeVisible()
	await expect(page.getByPlaceholder('Search for an order or reference number...')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Advanced Search' }).first()).toBeVisible()
	const cookies = await context.cookies()
	const session = cookies.find((c) => c.name === 'wm_session')!
	expect(session.httpOnly).toBe(true)
	expect(session.sameSite).toBe('Lax')
	expect(session.value).not.toContain('olivia')
	expect(cookies.find((c) => c.name === 'logged_in')?.value).toBe('Y')
})

// "With PUBLIC_URL unset, sign-in works whether the browser opened localhost, 127.0.0.1 or the machine's
// name (today 127.0.0.1:3000 fails with /login?error=callback)". The test server runs without PUBLIC_URL.
test('sign-in passes on 127.0.0.1, the address the browser typed, and stays on it', async ({
	page,
	baseURL,
}) => {
	const typed = baseURL!.replace('//localhost:', '//127.0.0.1:')
	expect(typed).not.toBe(baseURL)
	await page.goto(`${typed}/dashboard`)
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(`${typed}/dashboard`)
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' }),
	).toBeVisible()
})

test('Victor is greeted by e-mail and sent to the 404 text on /analytics', async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'victor@acme.test')
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, victor@acme.test' }),
	).toBeVisible()
	await page.goto('/analytics')
	await expect(page).toHaveURL(/\/404$/)
	await expect(
		page.getByText('We are sorry but the page you are looking for does not exist.'),
	).toBeVisible()
})

test('Nadia, without DASHBOARD.DEFAULT or CORE.DEFAULT, lands on /403', async ({ page }) => {
	await page.goto('/dashboard')
	await signInAs(page, 'nadia@acme.test')
	await expect(page).toHaveURL(/\/403$/)
	await expect(
		page.getByText('You do not have access to this page. Please contact your account manager.'),
	).toBeVisible()
})

test('a deep link followed while signed out comes back to that same link after sign-in', async ({
	page,
	baseURL,
}) => {
	await page.goto('/timeline/00000000-0000-4000-8000-000000000001?nodeId=abc&tab=documents')
	await signInAs(page, 'olivia@acme.test')
	await expect(page).toHaveURL(
		`${baseURL}/timeline/00000000-0000-4000-8000-000000000001?nodeId=abc&tab=documents`,
	)
})

test('a wrong password is refused and the e-mail kept', async ({ page }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test', 'not-the-password')
	await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.')
	await expect(page.getByLabel('E-mail')).toHaveValue('olivia@acme.test')
})

test('sign-out ends the app session and the provider’s', async ({ page, context }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
	await page.getByText('Olivia', { exact: true }).click()
	await page.getByRole('button', { name: 'Sign out' }).click()
	const confirm = page.getByRole('button', { name: 'Sign out' })
	// Without JavaScript the provider asks once more; with it the page submits itself.
	if (await confirm.isVisible().catch(() => false)) await confirm.click()
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
	const cookies = await context.cookies()
	expect(cookies.find((c) => c.name === 'logged_in')?.value).toBe('N')
	expect(cookies.find((c) => c.name === 'wm_session')).toBeUndefined()
	// The provider's session is gone too: the dashboard asks for a password again.
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
})

test('after sign-out the password is asked again, even when the provider’s “Sign out?” is left unanswered (issue 45, door 4)', async ({
	page,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
	await page.getByText('Olivia', { exact: true }).click()
	await page.getByRole('button', { name: 'Sign out' }).click()
	// Without JavaScript the provider asks once more: leave it, and come back to the app.
	await page.waitForLoadState()
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
	await expect(page.getByLabel('Password')).toBeVisible()
	// The password signs in again, as before.
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
})

test('after sign-out a copied session cookie is worth nothing: pages sign in again and actions change nothing', async ({
	page,
	context,
	browser,
	baseURL,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
	const copied = (await context.cookies()).filter(
		(c) => c.name === 'wm_session' || c.name === 'logged_in',
	)
	await page.getByText('Olivia', { exact: true }).click()
	await page.getByRole('button', { name: 'Sign out' }).click()
	const confirm = page.getByRole('button', { name: 'Sign out' })
	if (await confirm.isVisible().catch(() => false)) await confirm.click()
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()

	// Another browser replays the cookie copied before sign-out.
	const thief = await browser.newContext({ baseURL })
	await thief.addCookies(copied)
	const stolen = await thief.newPage()
	await stolen.goto('/dashboard')
	await expect(stolen.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
	const replayed = await thief.request.post('/dashboard', {
		form: { intent: 'unfollow' },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(replayed.status()).toBe(302)
	expect(replayed.headers().location).toMatch(/^\/login\?redirectTo=/)
	await thief.close()
})

test('a sign-in redirect outside Latin-1 is followed, percent-encoded, not a server error', async ({
	page,
	baseURL,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
	const res = await page.request.get(
		'/login?redirectTo=/advanced_search%3Fqs_query_string%3D%E2%82%AC%E6%97%A5',
		{ maxRedirects: 0 },
	)
	expect(res.status()).toBe(302)
	expect(res.headers().location).toBe('/advanced_search?qs_query_string=%E2%82%AC%E6%97%A5')
	await page.goto('/login?redirectTo=/advanced_search%3Fqs_query_string%3D%E2%82%AC')
	await expect(page).toHaveURL(`${baseURL}/advanced_search?qs_query_string=%E2%82%AC`)
})

test('a callback error goes to /login, not back to the provider (000 §2)', async ({ page }) => {
	// A callback without a code.
	await page.goto('/authorize?state=x')
	await expect(page).toHaveURL(/\/login\?error=callback$/)
	await expect(page.getByRole('status')).toHaveText('Sign-in did not complete.')
	// The provider's refusal, with its state and without (an external provider that refuses the user).
	await page.goto('/authorize?error=access_denied&error_description=The+user+refused&state=x')
	await expect(page).toHaveURL(/\/login\?error=access_denied&error_description=The\+user\+refused$/)
	await expect(page.getByRole('status')).toHaveText(
		'The sign-in was refused: this account may not sign in here, or access was denied. (The user refused)',
	)
	await page.goto('/authorize?error=access_denied')
	await expect(page).toHaveURL(/\/login\?error=access_denied$/)
	await expect(page.getByRole('status')).toContainText('The sign-in was refused')
	await page.getByRole('button', { name: 'Try again' }).click()
	await expect(page.getByRole('heading', { name: 'Sign in to Waymark' })).toBeVisible()
})

test("/authorize shows 'Redirecting...', then goes to the dashboard (000 §2)", async ({
	page,
	baseURL,
}) => {
	await page.goto('/login')
	const callback = page.waitForResponse((r) => new URL(r.url()).pathname === '/authorize')
	// The page moves on at once: its move to the dashboard is answered 204 (the browser stays on
	// the page) so that the page can be read, then the dashboard is opened.
	let moved = false
	await page.route(
		(url) => url.pathname === '/dashboard',
		(route) => {
			moved = true
			return route.fulfill({ status: 204 })
		},
	)
	await signInAs(page, 'olivia@acme.test')
	expect((await callback).status()).toBe(200)
	await expect(page.getByRole('heading', { name: 'Redirecting...' })).toBeVisible()
	await expect.poll(() => moved).toBe(true)
	await page.unrouteAll()
	await page.goto('/dashboard')
	await expect(page).toHaveURL(`${baseURL}/dashboard`)
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
})

test('a signed-in user visiting /login goes to the dashboard', async ({ page, baseURL }) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	await expect(page.getByRole('heading', { name: /Welcome to your dashboard/ })).toBeVisible()
	await page.goto('/login')
	await expect(page).toHaveURL(`${baseURL}/dashboard`)
})

test('the header search trims the text and opens the advanced search', async ({
	page,
	baseURL,
}) => {
	await page.goto('/login')
	await signInAs(page, 'olivia@acme.test')
	// SO-10 matches many orders, so the advanced search lists them instead of opening one.
	await page.getByPlaceholder('Search for an order or reference number...').fill('  SO-10 ')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(`${baseURL}/advanced_search?qs_query_string=SO-10`)
})

test('password guessing is stopped after ten failures', async ({ page }, testInfo) => {
	await page.goto('/login')
	const email = `guesser-${testInfo.project.name}@acme.test`
	for (let attempt = 1; attempt <= 10; attempt++) {
		await signInAs(page, email, `wrong-${attempt}`)
		await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.')
	}
	await signInAs(page, email, 'wrong-11')
	await expect(page.getByRole('alert')).toHaveText(
		'Too many failed sign-in attempts. Please wait a few minutes and try again.',
	)
})
