import { createRemoteJWKSet, type JWK, type JWTVerifyGetKey } from 'jose'
import { createPrivateKey, type JsonWebKey } from 'node:crypto'

/**
 * The issuer's signing keys, found through OpenID discovery on first use and
 * cached by jose (refetched when a token names an unknown key id).
 */
export function discoveredJwks(issuer: string, fetchImpl: typeof fetch = fetch): JWTVerifyGetKey {
	let keys: Promise<JWTVerifyGetKey> | undefined
	const load = async () => {
		const res = await fetchImpl(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
		if (!res.ok) throw new Error(`OpenID discovery failed for ${issuer}: ${res.status}`)
		const { jwks_uri } = (await res.json()) as { jwks_uri?: string }
		if (!jwks_uri) throw new Error(`OpenID discovery for ${issuer} names no jwks_uri`)
		return createRemoteJWKSet(new URL(jwks_uri))
	}
	return async (header, token) => {
		keys ??= load().catch((error: unknown) => {
			keys = undefined
			throw error
		})
		return (await keys)(header, token)
	}
}

/** The public half of an RSA or EC private JWK. */
export function publicJwk(key: JsonWebKey): JWK {
	const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = key
	return pub as JWK
}

/**
 * OIDC_SIGNING_KEYS (signing keys "come from the environment or the database"): a JWKS
 * of RSA private keys, `{"keys": [signing key, …keys that only verify]}`. The first signs; the
 * others are published and accepted until they are removed from the list (rotation: put a new key
 * first, keep the old one after it for the longest token lifetime, then drop it). Throws one line
 * naming the key and what is wrong, for the start to print.
 */
export function parseSigningKeys(text: string): JsonWebKey[] {
	let parsed: unknown
	try {
		parsed = JSON.parse(text)
	} catch (error) {
		// Not the parser's message: it quotes the text, which holds private keys.
		const at = /position (\d+)/.exec((error as Error).message)?.[1]
		throw new Error(
			`OIDC_SIGNING_KEYS is not JSON${at ? ` (at character ${at})` : ''}; it must be a JWKS: {"keys": [the signing key, then keys that only verify]}`,
		)
	}
	const keys = (parsed as { keys?: unknown } | null)?.keys
	if (!Array.isArray(keys) || keys.length === 0) {
		throw new Error(
			'OIDC_SIGNING_KEYS must be a JWKS with at least one key: {"keys": [the signing key, then keys that only verify]}',
		)
	}
	const kids = new Set<string>()
	return keys.map((key: unknown, i) => {
		const jwk = (key ?? {}) as JsonWebKey
		const where = `OIDC_SIGNING_KEYS key ${i + 1}${typeof jwk.kid === 'string' ? ` (kid "${jwk.kid}")` : ''}`
		if (typeof key !== 'object' || key === null || Array.isArray(key))
			throw new Error(`${where} is not a JSON object`)
		if (typeof jwk.kid !== 'string' || !jwk.kid.trim())
			throw new Error(`${where} has no "kid" (each key needs its own key id)`)
		if (kids.has(jwk.kid)) throw new Error(`${where}: the kid is used by an earlier key`)
		kids.add(jwk.kid)
		if (jwk.kty !== 'RSA')
			throw new Error(
				`${where} is not an RSA key (kty ${JSON.stringify(jwk.kty)}); the provider signs with RS256`,
			)
		if (typeof jwk.d !== 'string')
			throw new Error(
				`${where} is a public key; the provider needs the private key (with "d", "p", "q", …)`,
			)
		if (jwk.alg !== undefined && jwk.alg !== 'RS256')
			throw new Error(`${where} has alg ${JSON.stringify(jwk.alg)}; only RS256 is used`)
		if (jwk.use !== undefined && jwk.use !== 'sig')
			throw new Error(`${where} has use ${JSON.stringify(jwk.use)}; it must be "sig"`)
		let bits: number | undefined
		try {
			bits = createPrivateKey({ key: jwk, format: 'jwk' }).asymmetricKeyDetails?.modulusLength
		} catch (error) {
			throw new Error(`${where} is not a valid RSA private key (${(error as Error).message})`)
		}
		if (!bits || bits < 2048)
			throw new Error(`${where} has ${bits ?? 'unknown'} bits; at least 2048 are needed`)
		// The same alg and use on every key: oidc-provider ranks candidate keys by how well these match (a stable
		// sort), so with equal ranks the first listed signs (tests/api/secret-rotation.test.ts checks it).
		return { ...jwk, alg: 'RS256', use: 'sig' }
	})
}
