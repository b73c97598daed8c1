import { expect, type APIRequestContext } from '@playwright/test'
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The authorization-code flow with PKCE, as the web app runs it, without a browser. */
export async function issueToken(
	request: APIRequestContext,
	base: string,
	email: string,
	dataDir: string,
) {
	const verifier = randomBytes(32).toString('base64url')
	const challenge = createHash('sha256').update(verifier).digest('base64url')
	const redirectUri = `${base}/authorize`
	const auth = new URL(`${base}/oidc/auth`)
	Object.entries({
		client_id: 'waymark-web',
		response_type: 'code',
		scope: 'openid email profile',
		redirect_uri: redirectUri,
		state: 'state-1',
		code_challenge: challenge,
		code_challenge_method: 'S256',
	}).forEach(([k, v]) => auth.searchParams.set(k, v))

	let url = auth.toString()
	let signedIn = false
	for (let hop = 0; hop < 12 && !url.startsWith(redirectUri); hop++) {
		const interaction = url.match(/\/oidc\/interaction\/([^/?]+)$/)
		const res =
			interaction && !signedIn
				? await request.post(`${base}/oidc/interaction/${interaction[1]}/login`, {
						form: { email, password: 'demo-password-1' },
						maxRedirects: 0,
					})
				: await request.get(url, { maxRedirects: 0 })
		if (interaction && !signedIn) signedIn = true
		expect([302, 303], `${url}: ${res.status()}`).toContain(res.status())
		url = new URL(res.headers()['location']!, base).toString()
	}
	const code = new URL(url).searchParams.get('code')
	expect(code).toBeTruthy()
	const { oidcClientSecret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))
	const token = await request.post(`${base}/oidc/token`, {
		form: {
			grant_type: 'authorization_code',
			code: code!,
			code_verifier: verifier,
			redirect_uri: redirectUri,
			client_id: 'waymark-web',
			client_secret: oidcClientSecret,
		},
	})
	expect(token.status()).toBe(200)
	return (await token.json()).access_token as string
}
