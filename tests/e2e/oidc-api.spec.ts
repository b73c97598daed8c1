import { test, expect, type APIRequestContext } from '@playwright/test'
import { SignJWT, decodeJwt, generateKeyPair } from 'jose'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer, type RunningServer } from './server-process'
import { issueToken } from './tokens'

// Tokens issued by the real embedded provider, checked by the API; and what a
// browser sees when its access token expires. A server of its own, with
// access tokens that live 5 seconds.
test.describe.configure({ mode: 'serial' })

const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-oidc-'))
let server: RunningServer
test.beforeAll(async () => {
	test.setTimeout(180_000)
	server = await startServer(dataDir, { ACCESS_TOKEN_TTL: '5' })
})
test.afterAll(async () => {
	await server?.stop()
	rmSync(dataDir, { recursive: true, force: true })
})

async function tags(
	request: APIRequestContext,
	base: string,
	token: string | null,
	supplyChain = 'acme',
) {
	const headers: Record<string, string> = { 'X-Supply-Chain': supplyChain }
	if (token !== null) headers.Authorization = `Bearer ${token}`
	return request.get(`${base}/api/web/tags`, { headers })
}

test('the API accepts the provider’s tokens and refuses every bad one', async ({ request }) => {
	const base = server.url
	const token = await issueToken(request, base, 'olivia@acme.test', dataDir)
	expect(decodeJwt(token)).toMatchObject({ iss: `${base}/oidc`, aud: 'waymark-web' })
	expect((await tags(request, base, token)).status()).toBe(200)

	// No token.
	expect((await tags(request, base, null)).status()).toBe(401)
	// Tampered: the payload changed, the signature kept.
	const [h, p, s] = token.split('.')
	const claims = { ...decodeJwt(token), email: 'gary@globex.test' }
	const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`
	expect(p).not.toBe(forged.split('.')[1])
	expect((await tags(request, base, forged)).status()).toBe(401)
	// Another issuer's token, same claims.
	const { privateKey } = await generateKeyPair('RS256')
	const foreign = await new SignJWT({ ...decodeJwt(token), iss: 'https://other-issuer.example' })
		.setProtectedHeader({ alg: 'RS256', kid: 'other' })
		.sign(privateKey)
	expect((await tags(request, base, foreign)).status()).toBe(401)
	// A supply chain the user does not belong to.
	expect((await tags(request, base, token, 'globex')).status()).toBe(403)
	// Expired: the provider's own token, 5 s later.
	await new Promise((r) => setTimeout(r, 6000))
	expect((await tags(request, base, token)).status()).toBe(401)
})

test('an expired session says so and signs in again, back to the same page', async ({ page }) => {
	const base = server.url
	await page.goto(`${base}/dashboard?tab=following`)
	await page.getByLabel('E-mail').fill('olivia@acme.test')
	await page.getByLabel('Password').fill('demo-password-1')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' }),
	).toBeVisible()
	await new Promise((r) => setTimeout(r, 6000))
	await page.goto(`${base}/dashboard?tab=recently_viewed`)
	await expect(page.getByText('User session expired.')).toBeVisible()
	expect((await page.context().cookies()).find((c) => c.name === 'logged_in')?.value).toBe('N')
	// The provider still knows Olivia: sign-in completes by itself and returns to the page.
	await expect(page).toHaveURL(`${base}/dashboard?tab=recently_viewed`, { timeout: 15_000 })
	await expect(
		page.getByRole('heading', { name: 'Welcome to your dashboard, Olivia' }),
	).toBeVisible()
})
