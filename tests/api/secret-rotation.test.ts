import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK } from 'jose'
import type { JsonWebKey } from 'node:crypto'
import { createHarness, GUEST_LINK_SECRET, WEB_API_KEY, type Harness } from './harness'
import { organizations, outboxEmails, shareRecipients, shares } from '../../server/db/schema'
import { isSignedGuestToken, issueGuestToken } from '../../server/sharing/guest-tokens'
import { signUnsubscribe, unsubscribeKey } from '../../server/news-out/unsubscribe'
import {
	API_AUDIENCE,
	API_RESOURCE,
	createIdentityProvider,
	WEB_CLIENT_ID,
} from '../../server/idp/provider'
import { loadSigningKeys, signingKeysVerifier } from '../../server/signing-keys'
import { loadSecrets, loadSharedSecrets, newSigningKey } from '../../server/secrets'
import { loadConfig } from '../../server/config'

// "Keys and secrets shared: the embedded provider's signing keys and every secret come from the
// environment or the database, rotatable (new key signs, old key still verifies until it expires)."
// The API here is mid-rotation: WEB_API_KEY and GUEST_LINK_SECRET (the harness's usual values) are the
// PREVIOUS ones, NEW_* the current. Each "old value still passes" check fails when the previous list is
// not consulted; each "never listed" check fails when anything is accepted.

const NEW_WEB_API_KEY = 'rotated-web-api-key-abcdefghij'
const NEW_GUEST_LINK_SECRET = 'rotated-guest-link-secret-0123456789abcdef'
const NEVER_LISTED = 'never-listed-secret-0123456789abcdefghij'

let h: Harness
let so1001: string
let acmeId: string
let n = 0
beforeAll(async () => {
	h = await createHarness({
		secrets: {
			webApiKey: NEW_WEB_API_KEY,
			previousWebApiKeys: [WEB_API_KEY],
			guestLinkSecret: NEW_GUEST_LINK_SECRET,
			previousGuestLinkSecrets: [GUEST_LINK_SECRET],
		},
	})
	so1001 = await h.orderId('acme', 'SO-1001')
	const [org] = await h.db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, 'acme'))
	acmeId = org!.id
})
afterAll(() => h?.close())

describe('the web API key (WEB_API_KEY_PREVIOUS)', () => {
	const toggles = (key: string) => h.call('/api/web/toggles', { headers: { 'X-Api-Key': key } })

	it('takes the new key and, while it is listed as previous, the old one; never another', async () => {
		expect((await toggles(NEW_WEB_API_KEY)).status).toBe(200)
		expect((await toggles(WEB_API_KEY)).status).toBe(200)
		expect((await toggles(NEVER_LISTED)).status).toBe(401)
		expect((await toggles('')).status).toBe(401)
	})
})

describe('guest links (GUEST_LINK_SECRET_PREVIOUS)', () => {
	/** A guest link as the share flow writes it, its token signed with `secret`. */
	async function linkSignedWith(
		secret: string,
		email: string,
		viewType: 'customer' | 'supply_chain' = 'customer',
	) {
		const { token, tokenHash, expiresAt } = issueGuestToken(secret)
		const [s] = await h.db
			.insert(shares)
			.values({ organizationId: acmeId, shipSetId: so1001, viewType })
			.returning({ id: shares.id })
		await h.db.insert(shareRecipients).values({
			organizationId: acmeId,
			shareId: s!.id,
			shipSetId: so1001,
			email,
			viewType,
			tokenHash,
			expiresAt,
		})
		return token
	}
	const open = (token: string, email: string) =>
		h.call(`/api/web/guest/${so1001}/restricted`, {
			headers: {
				Authorization: `Bearer ${token}`,
				'X-Email': email,
				'X-Supply-Chain': 'acme',
				'X-Api-Key': NEW_WEB_API_KEY,
				'X-Client-Address': `198.51.100.${++n}`,
			},
		})

	it('opens a link signed before the rotation, one signed after it, and no other', async () => {
		expect(
			(
				await open(
					await linkSignedWith(GUEST_LINK_SECRET, 'before@example.com'),
					'before@example.com',
				)
			).status,
		).toBe(200)
		expect(
			(
				await open(
					await linkSignedWith(NEW_GUEST_LINK_SECRET, 'after@example.com'),
					'after@example.com',
				)
			).status,
		).toBe(200)
		expect(
			(await open(await linkSignedWith(NEVER_LISTED, 'forged@example.com'), 'forged@example.com'))
				.status,
		).toBe(401)
	})

	it('shows a Supply Chain View invitation signed before the rotation (same secret, ADR 0025), and no forged one', async () => {
		const show = async (secret: string, email: string) =>
			h.call(
				`/api/web/invitations?token=${encodeURIComponent(await linkSignedWith(secret, email, 'supply_chain'))}&email=${encodeURIComponent(email)}`,
				{
					headers: { 'X-Api-Key': NEW_WEB_API_KEY, 'X-Client-Address': `198.51.100.${++n}` },
				},
			)
		expect((await show(GUEST_LINK_SECRET, 'invited.before@example.com')).status).toBe(200)
		expect((await show(NEW_GUEST_LINK_SECRET, 'invited.after@example.com')).status).toBe(200)
		expect((await show(NEVER_LISTED, 'invited.forged@example.com')).status).toBe(404)
	})

	it('signs new links with the current secret only', async () => {
		const olivia = await h.tokenFor('olivia@acme.test')
		const res = await h.call(`/api/web/ship_sets/${so1001}/shares`, {
			method: 'POST',
			token: olivia,
			supplyChain: 'acme',
			body: {
				share: {
					auth_list: [],
					not_auth_list: ['rotated.guest@example.com'],
					subscribed_list: [],
					message: '',
				},
			},
		})
		expect(res.status).toBe(201)
		const [mail] = await h.db
			.select({ text: outboxEmails.text })
			.from(outboxEmails)
			.where(eq(outboxEmails.to, 'rotated.guest@example.com'))
		const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!
		expect(isSignedGuestToken(token, NEW_GUEST_LINK_SECRET)).toBe(true)
		expect(isSignedGuestToken(token, GUEST_LINK_SECRET)).toBe(false)
	})

	it('still unsubscribes with a link signed under the previous secret (its key derives from it)', async () => {
		const claims = {
			o: acmeId,
			e: 'olivia@acme.test',
			u: await h.userId('olivia@acme.test'),
			s: 'digest' as const,
		}
		const read = (secret: string) =>
			h.call(
				`/api/web/unsubscribe?token=${encodeURIComponent(signUnsubscribe(unsubscribeKey(secret), claims))}`,
				{ headers: { 'X-Api-Key': NEW_WEB_API_KEY } },
			)
		expect((await read(GUEST_LINK_SECRET)).status).toBe(200)
		expect((await read(NEW_GUEST_LINK_SECRET)).status).toBe(200)
		expect((await read(NEVER_LISTED)).status).toBe(400)
	})
})

/** The embedded provider served on a loopback port (as server/http/app.ts mounts it at /oidc). */
async function serveProvider(opts: {
	clientSecret: string
	previousClientSecrets?: string[]
	signingKeys?: JsonWebKey[]
}) {
	const provider = createIdentityProvider({
		db: h.db,
		issuer: 'http://127.0.0.1/oidc',
		appUrls: ['http://localhost:3000'],
		clientSecret: opts.clientSecret,
		previousClientSecrets: opts.previousClientSecrets,
		signingKeys: opts.signingKeys ?? [newSigningKey()],
		cookieSecret: 'cookie-secret-0123456789abcdef0123456789',
		trustProxy: false,
	})
	const server: Server = createServer(provider.callback())
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
	return {
		provider,
		base,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

describe("the embedded provider's client secret (OIDC_CLIENT_SECRET_PREVIOUS)", () => {
	/** What the token endpoint says about the client: invalid_client when its secret is refused, else the (made-up) code's invalid_grant. */
	async function clientAuth(base: string, secret: string) {
		const res = await fetch(`${base}/token`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				grant_type: 'authorization_code',
				code: 'no-such-code',
				redirect_uri: 'http://localhost:3000/authorize',
				code_verifier: 'v'.repeat(43),
				client_id: WEB_CLIENT_ID,
				client_secret: secret,
			}),
		})
		return ((await res.json()) as { error: string }).error
	}

	it('accepts the new and the previous secret at the token endpoint, and no other', async () => {
		const rotated = await serveProvider({
			clientSecret: 'the-new-client-secret-0123456789',
			previousClientSecrets: ['the-old-client-secret-0123456789'],
		})
		const notRotated = await serveProvider({ clientSecret: 'the-new-client-secret-0123456789' })
		try {
			expect(await clientAuth(rotated.base, 'the-new-client-secret-0123456789')).toBe(
				'invalid_grant',
			)
			expect(await clientAuth(rotated.base, 'the-old-client-secret-0123456789')).toBe(
				'invalid_grant',
			)
			expect(await clientAuth(rotated.base, NEVER_LISTED)).toBe('invalid_client')
			// Once the previous secret is removed it is refused; another provider instance was never changed.
			expect(await clientAuth(notRotated.base, 'the-old-client-secret-0123456789')).toBe(
				'invalid_client',
			)
			expect(await clientAuth(notRotated.base, 'the-new-client-secret-0123456789')).toBe(
				'invalid_grant',
			)
		} finally {
			await rotated.close()
			await notRotated.close()
		}
	})
})

describe('signing keys from the environment (OIDC_SIGNING_KEYS) or the database', () => {
	const [a, b, c] = [newSigningKey(), newSigningKey(), newSigningKey()]
	const env = (...keys: JsonWebKey[]) => ({
		DATABASE_URL: 'postgres://unused.example/waymark',
		OIDC_SIGNING_KEYS: JSON.stringify({ keys }),
	})
	const sign = async (jwk: JsonWebKey) =>
		new SignJWT({ sub: 'u' })
			.setProtectedHeader({ alg: 'RS256', kid: String(jwk.kid) })
			.setIssuedAt()
			.setExpirationTime('5m')
			.sign(await importJWK(jwk as JWK, 'RS256'))
	const keyRows = async () =>
		Number(
			(await h.db.execute<{ n: string }>(sql`select count(*) as n from signing_keys`)).rows[0]!.n,
		)

	it("uses the environment's keys, first signing, and leaves the table alone", async () => {
		const before = await keyRows()
		const config = loadConfig(env(a, b))
		const keys = await loadSigningKeys(config, h.db)
		expect(keys.map((k) => k.kid)).toEqual([a.kid, b.kid])
		expect(await keyRows()).toBe(before)
		const shared = await loadSharedSecrets(config, h.db, keys)
		expect(shared.oidcSigningKeys).toBe(keys)
	})

	it("without them, makes and uses the database's key", async () => {
		const keys = await loadSigningKeys(
			loadConfig({ DATABASE_URL: 'postgres://unused.example/waymark' }),
			h.db,
		)
		expect(keys.length).toBeGreaterThanOrEqual(1)
		expect(keys.map((k) => k.kid)).not.toContain(a.kid)
		expect(await keyRows()).toBeGreaterThanOrEqual(1)
		expect(
			await loadSigningKeys(
				loadConfig({ DATABASE_URL: 'postgres://unused.example/waymark' }),
				h.db,
			),
		).toEqual(keys)
	})

	it('rotates: a token signed by the old key verifies while the key is still listed, and not after', async () => {
		const oldToken = await sign(a)
		// Before: [a]. During: [b, a] (b signs, a verifies). After: [b].
		await expect(
			jwtVerify(oldToken, signingKeysVerifier(loadConfig(env(a)).OIDC_SIGNING_KEYS!, null)),
		).resolves.toBeTruthy()
		const during = signingKeysVerifier(loadConfig(env(b, a)).OIDC_SIGNING_KEYS!, null)
		await expect(jwtVerify(oldToken, during)).resolves.toBeTruthy()
		await expect(jwtVerify(await sign(b), during)).resolves.toBeTruthy()
		await expect(jwtVerify(await sign(c), during)).rejects.toThrow()
		await expect(
			jwtVerify(oldToken, signingKeysVerifier(loadConfig(env(b)).OIDC_SIGNING_KEYS!, null)),
		).rejects.toThrow()
	})

	it('the provider publishes every listed key, public halves only, and signs with the first', async () => {
		const served = await serveProvider({
			clientSecret: 'a-client-secret-0123456789abcdef',
			signingKeys: loadConfig(env(b, a)).OIDC_SIGNING_KEYS!,
		})
		try {
			const { keys } = (await (await fetch(`${served.base}/jwks`)).json()) as {
				keys: Record<string, unknown>[]
			}
			expect(keys.map((k) => k.kid)).toEqual([b.kid, a.kid])
			expect(keys.every((k) => k.d === undefined && k.p === undefined)).toBe(true)
			// An access token it issues is signed by the first key, and the API's verifier for the same list takes it.
			const { provider } = served
			const client = await provider.Client.find(WEB_CLIENT_ID)
			const resourceServer = new provider.ResourceServer(API_RESOURCE, {
				audience: API_AUDIENCE,
				scope: 'openid',
				accessTokenFormat: 'jwt',
				jwt: { sign: { alg: 'RS256' } },
			})
			const accessToken = await new provider.AccessToken({
				accountId: await h.userId('olivia@acme.test'),
				client: client!,
				grantId: 'rotation-test-grant',
				gty: 'authorization_code',
				scope: 'openid',
				resourceServer,
			}).save()
			expect(decodeProtectedHeader(accessToken).kid).toBe(b.kid)
			await expect(
				jwtVerify(accessToken, signingKeysVerifier(loadConfig(env(b, a)).OIDC_SIGNING_KEYS!, null)),
			).resolves.toBeTruthy()
		} finally {
			await served.close()
		}
	})

	it('with PGlite, keys from the environment are used and none is generated into secrets.json; the previous values are passed on', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'waymark-secrets-'))
		try {
			const secrets = loadSecrets(
				loadConfig({
					DATA_DIR: dir,
					OIDC_SIGNING_KEYS: JSON.stringify({ keys: [a] }),
					WEB_API_KEY_PREVIOUS: WEB_API_KEY,
					GUEST_LINK_SECRET_PREVIOUS: `${GUEST_LINK_SECRET}, ${NEVER_LISTED}`,
					OIDC_CLIENT_SECRET_PREVIOUS: 'the-old-client-secret-0123456789',
				}),
			)
			expect(secrets.oidcSigningKeys.map((k) => k.kid)).toEqual([a.kid])
			expect(secrets.previousWebApiKeys).toEqual([WEB_API_KEY])
			expect(secrets.previousGuestLinkSecrets).toEqual([GUEST_LINK_SECRET, NEVER_LISTED])
			expect(secrets.previousOidcClientSecrets).toEqual(['the-old-client-secret-0123456789'])
			const file = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Record<
				string,
				unknown
			>
			expect(file.oidcSigningKey).toBeUndefined()
			expect(file.guestLinkSecret).toBe(secrets.guestLinkSecret)
			// Without the variable the file's own key is made once and kept.
			const own = loadSecrets(loadConfig({ DATA_DIR: dir })).oidcSigningKeys
			expect(own).toHaveLength(1)
			expect(loadSecrets(loadConfig({ DATA_DIR: dir })).oidcSigningKeys).toEqual(own)
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	})
})
