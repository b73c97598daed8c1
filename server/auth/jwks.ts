import { createRemoteJWKSet, type JWK, type JWTVerifyGetKey } from 'jose'
import type { JsonWebKey } from 'node:crypto'

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
