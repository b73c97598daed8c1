import type { BearerToken } from './queries/revoked-tokens'

/**
 * What the API resolved for one bearer token (and supply chain), kept a few seconds so that
 * the calls of one page (a timeline page makes six) verify the token and read the user and
 * the membership once, not once each (issue 20: "Pages cost little to serve … token checks,
 * toggles/permissions re-read per request"). ADR 0029.
 *
 * Per process and short-lived: a token that sign-out ended in THIS process is dropped at once
 * (`forgetToken`); another process sharing the database refuses it at most `AUTH_CACHE_MS`
 * later, and a membership or permission changed in the database is seen within the same time.
 * Only what was found is kept: a refusal (401, 403) is always decided afresh.
 */
export const AUTH_CACHE_MS = 5_000
const MAX_ENTRIES = 5_000

export interface CachedAuth<T> {
	value: T
	/** The token's hash and expiry (the revocation key). */
	token: BearerToken
}

export function createAuthCache<T>(ttlMs = AUTH_CACHE_MS, now: () => number = Date.now) {
	const entries = new Map<string, { at: number; tokenHash: string; expiresAt: number; value: CachedAuth<T> }>()
	return {
		get(key: string): CachedAuth<T> | undefined {
			const hit = entries.get(key)
			if (!hit) return undefined
			const t = now()
			if (t - hit.at >= ttlMs || t >= hit.expiresAt) {
				entries.delete(key)
				return undefined
			}
			return hit.value
		},
		set(key: string, value: CachedAuth<T>) {
			if (ttlMs <= 0) return
			if (entries.size >= MAX_ENTRIES) entries.clear()
			entries.set(key, { at: now(), tokenHash: value.token.hash, expiresAt: value.token.expiresAt.getTime(), value })
		},
		/** Sign-out: every entry of this token goes at once. */
		forgetToken(tokenHash: string) {
			for (const [key, entry] of entries) if (entry.tokenHash === tokenHash) entries.delete(key)
		},
		get size() {
			return entries.size
		},
	}
}

export type AuthCache<T> = ReturnType<typeof createAuthCache<T>>
