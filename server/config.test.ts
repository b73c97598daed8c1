import { describe, expect, it } from 'vitest'
import { generateKeyPairSync } from 'node:crypto'
import { loadConfig } from './config'

/** The mail settings (README "Configuration"): no SMTP by default; a From at PUBLIC_URL's host. */
describe('mail configuration', () => {
	it('has no SMTP and a no-reply sender at the public host by default', () => {
		const c = loadConfig({ PUBLIC_URL: 'https://waymark.example.com/' })
		expect(c.SMTP_URL).toBeUndefined()
		expect(c.mailFrom).toBe('Waymark <no-reply@waymark.example.com>')
		expect(c.OUTBOX_POLL_SECONDS).toBe(10)
	})

	it('takes an smtp(s) URL and a From, and refuses anything else without echoing the value', () => {
		const c = loadConfig({
			SMTP_URL: 'smtps://u:p@smtp.example.com:465',
			MAIL_FROM: 'Ops <ops@example.com>',
			OUTBOX_POLL_SECONDS: '30',
		})
		expect(c).toMatchObject({
			SMTP_URL: 'smtps://u:p@smtp.example.com:465',
			mailFrom: 'Ops <ops@example.com>',
			OUTBOX_POLL_SECONDS: 30,
		})
		expect(() => loadConfig({ SMTP_URL: 'http://u:secret@example.com' })).toThrow(
			/SMTP_URL: SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
		)
		expect(() => loadConfig({ SMTP_URL: 'http://u:secret@example.com' })).not.toThrow(/secret/)
	})
})

/** "TRUST_PROXY as a hop count or a list of proxy addresses, never 'trust every X-Forwarded-For'". */
describe('TRUST_PROXY', () => {
	it('is off by default, a hop count, or a list of proxy addresses and ranges', () => {
		expect(loadConfig({}).TRUST_PROXY).toBe(false)
		expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false)
		expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
		expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).TRUST_PROXY).toEqual([
			'10.0.0.5',
			'10.0.1.0/24',
			'::1',
			'loopback',
		])
	})

	it('refuses "trust every proxy" and anything that is not an address, naming the variable', () => {
		expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(
			/TRUST_PROXY: TRUST_PROXY must be off, the number of proxies/,
		)
		expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
		expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.example.com' })).toThrow(
			/"proxy.example.com" is none of these/,
		)
	})

	it('refuses a range that is every address (0.0.0.0/0, ::/0) or no range at all, as a message, not a crash (issue 45, door 5)', () => {
		for (const every of ['0.0.0.0/0', '::/0', '10.0.0.5, ::/0'])
			expect(() => loadConfig({ TRUST_PROXY: every }), every).toThrow(/would trust every address/)
		for (const bad of ['10.0.0.0/33', '::1/129', '999.1.1.1', '10.0.0'])
			expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/is none of these/)
		expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fd00::/8' }).TRUST_PROXY).toEqual([
			'10.0.0.0/8',
			'fd00::/8',
		])
	})
})

/** Issue 45, door 11: a port fetch refuses started and served, and every sign-in failed. */
describe('PORT and PUBLIC_URL', () => {
	it('refuse a port that browsers and fetch block, naming the variable', () => {
		expect(() => loadConfig({ PORT: '4190' })).toThrow(
			/PORT: port 4190 is one that browsers and fetch refuse/,
		)
		expect(() => loadConfig({ PUBLIC_URL: 'http://localhost:6667' })).toThrow(
			/PUBLIC_URL: port 6667/,
		)
		// Behind a proxy the public URL's port is the one called, not the one listened on.
		expect(loadConfig({ PORT: '4190', PUBLIC_URL: 'https://waymark.example' }).PORT).toBe(4190)
		expect(loadConfig({ PORT: '3000' }).PORT).toBe(3000)
	})
})

/** "The demo seed off by default when DATABASE_URL is set (on with DEMO_SEED=on)". */
describe('DEMO_SEED', () => {
	it('is on by default with PGlite, off by default with DATABASE_URL, and what it is set to otherwise', () => {
		const url = 'postgres://wm:wm@127.0.0.1:5432/wm'
		expect(loadConfig({}).DEMO_SEED).toBe(true)
		expect(loadConfig({ DATABASE_URL: url }).DEMO_SEED).toBe(false)
		expect(loadConfig({ DATABASE_URL: url, DEMO_SEED: 'on' }).DEMO_SEED).toBe(true)
		expect(loadConfig({ DEMO_SEED: 'off' }).DEMO_SEED).toBe(false)
	})
})

describe('webhook destinations ("the demo and the tests allow loopback only")', () => {
	it('allow loopback with the demo data (PGlite, DEMO_SEED unset), nothing on PostgreSQL, or what WEBHOOK_ALLOW_NETWORKS says', () => {
		expect(loadConfig({}).webhookAllowNetworks).toEqual(['loopback'])
		expect(
			loadConfig({ DATABASE_URL: 'postgres://wm:wm@127.0.0.1:5432/wm' }).webhookAllowNetworks,
		).toEqual([])
		expect(loadConfig({ DEMO_SEED: 'off' }).webhookAllowNetworks).toEqual([])
		expect(
			loadConfig({ WEBHOOK_ALLOW_NETWORKS: 'private, 10.1.0.0/16' }).webhookAllowNetworks,
		).toEqual(['private', '10.1.0.0/16'])
	})
})

/** Power BI for the analytics page (README "Configuration", docs/decisions/0016): all five or none. */
describe('Power BI configuration', () => {
	const five = {
		POWERBI_TENANT_ID: 'tenant',
		POWERBI_CLIENT_ID: 'client',
		POWERBI_CLIENT_SECRET: 'top-secret-value',
		POWERBI_WORKSPACE_ID: '11111111-1111-4111-8111-111111111111',
		POWERBI_REPORT_ID: '22222222-2222-4222-8222-222222222222',
	}
	it('is off by default, on with all five, and refused with some', () => {
		expect(loadConfig({}).powerBi).toBeNull()
		expect(loadConfig(five).powerBi).toMatchObject({
			tenantId: 'tenant',
			reportId: five.POWERBI_REPORT_ID,
			authorityUrl: 'https://login.microsoftonline.com',
			apiUrl: 'https://api.powerbi.com',
		})
		expect(() => loadConfig({ ...five, POWERBI_CLIENT_SECRET: undefined })).toThrow(
			/must be set together/,
		)
		expect(() => loadConfig({ ...five, POWERBI_REPORT_ID: undefined })).not.toThrow(
			/top-secret-value/,
		)
	})
})

/** Every secret "rotatable": X_PREVIOUS lists the values being rotated out (server/rotating-secrets.ts). */
describe('previous secrets', () => {
	it('are comma-separated lists, empty by default, each as long as the secret itself must be', () => {
		const c = loadConfig({
			SESSION_SECRET_PREVIOUS: 'an-old-session-secret-0123456789abcdef',
			WEB_API_KEY_PREVIOUS: 'old-web-api-key-0001, old-web-api-key-0002',
			GUEST_LINK_SECRET_PREVIOUS: 'an-old-guest-link-secret-0123456789abcd',
			OIDC_CLIENT_SECRET_PREVIOUS: 'an-old-client-secret-012345',
		})
		expect(c.WEB_API_KEY_PREVIOUS).toEqual(['old-web-api-key-0001', 'old-web-api-key-0002'])
		expect(c.GUEST_LINK_SECRET_PREVIOUS).toEqual(['an-old-guest-link-secret-0123456789abcd'])
		expect(c.OIDC_CLIENT_SECRET_PREVIOUS).toEqual(['an-old-client-secret-012345'])
		expect(loadConfig({}).GUEST_LINK_SECRET_PREVIOUS).toEqual([])
		expect(() => loadConfig({ GUEST_LINK_SECRET_PREVIOUS: 'short' })).toThrow(
			/GUEST_LINK_SECRET_PREVIOUS: each previous guest-link secret must have at least 32 characters/,
		)
		expect(() => loadConfig({ WEB_API_KEY_PREVIOUS: 'short' })).toThrow(
			/WEB_API_KEY_PREVIOUS: each previous web API key must have at least 16 characters/,
		)
	})

	it("OIDC_CLIENT_SECRET alone is the embedded provider's client secret; an external provider still needs all three", () => {
		expect(
			loadConfig({ OIDC_CLIENT_SECRET: 'the-embedded-client-secret' }).OIDC_CLIENT_SECRET,
		).toBe('the-embedded-client-secret')
		expect(() =>
			loadConfig({ OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_SECRET: 'x' }),
		).toThrow(/must be set together/)
		expect(() => loadConfig({ OIDC_CLIENT_ID: 'waymark' })).toThrow(/must be set together/)
	})
})

/** The embedded provider's signing keys "come from the environment or the database". */
describe('OIDC_SIGNING_KEYS', () => {
	const rsa = (kid: string, modulusLength = 2048) => ({
		...generateKeyPairSync('rsa', { modulusLength }).privateKey.export({ format: 'jwk' }),
		kid,
	})
	const [one, two] = [rsa('one'), rsa('two')]
	const keys = (...list: unknown[]) => ({ OIDC_SIGNING_KEYS: JSON.stringify({ keys: list }) })

	it('is unset by default, or a JWKS of RSA private keys in order (the first signs), marked RS256 for signing', () => {
		expect(loadConfig({}).OIDC_SIGNING_KEYS).toBeUndefined()
		const c = loadConfig(keys(one, two))
		expect(c.OIDC_SIGNING_KEYS!.map((k) => [k.kid, k.alg, k.use])).toEqual([
			['one', 'RS256', 'sig'],
			['two', 'RS256', 'sig'],
		])
	})

	it('refuses what cannot sign, in one line naming the variable and the key, never quoting key material', () => {
		const refused = (env: Record<string, string>) => {
			try {
				loadConfig(env)
			} catch (error) {
				return (error as Error).message.split('\n').slice(1).join('\n').trim()
			}
			throw new Error('accepted')
		}
		expect(
			refused({ OIDC_SIGNING_KEYS: `{"keys": [${JSON.stringify(one).slice(0, 200)}` }),
		).toMatch(/^OIDC_SIGNING_KEYS: OIDC_SIGNING_KEYS is not JSON.*; it must be a JWKS/)
		expect(
			refused({ OIDC_SIGNING_KEYS: `{"keys": [${JSON.stringify(one).slice(0, 200)}` }),
		).not.toContain(String(one.n).slice(0, 20))
		expect(refused({ OIDC_SIGNING_KEYS: '{"keys": []}' })).toMatch(
			/must be a JWKS with at least one key/,
		)
		expect(refused({ OIDC_SIGNING_KEYS: JSON.stringify([one]) })).toMatch(/must be a JWKS/)
		expect(refused(keys(one, { ...two, kid: 'one' }))).toBe(
			'OIDC_SIGNING_KEYS: OIDC_SIGNING_KEYS key 2 (kid "one"): the kid is used by an earlier key',
		)
		expect(refused(keys({ ...one, kid: undefined }))).toMatch(/key 1 has no "kid"/)
		const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicOnly } = two
		expect(refused(keys(one, publicOnly))).toMatch(/key 2 \(kid "two"\) is a public key/)
		const ec = {
			...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
			kid: 'ec',
		}
		expect(refused(keys(ec))).toMatch(/key 1 \(kid "ec"\) is not an RSA key \(kty "EC"\)/)
		expect(refused(keys({ ...one, alg: 'RS512' }))).toMatch(/has alg "RS512"; only RS256 is used/)
		expect(refused(keys(rsa('small', 1024)))).toMatch(
			/key 1 \(kid "small"\) has 1024 bits; at least 2048 are needed/,
		)
		expect(refused(keys({ ...one, p: undefined }))).toMatch(
			/key 1 \(kid "one"\) is not a valid RSA private key/,
		)
		expect(() =>
			loadConfig({
				...keys(one),
				OIDC_ISSUER: 'https://idp.example.com',
				OIDC_CLIENT_ID: 'w',
				OIDC_CLIENT_SECRET: 's',
			}),
		).toThrow(/OIDC_SIGNING_KEYS are the embedded provider's keys/)
	})
})
