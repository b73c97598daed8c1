import { describe, expect, it } from 'vitest'
import { deriveKey, seal, sealedCookieCheck, SESSION_COOKIE } from './sealed-cookie'

describe('sealedCookieCheck', () => {
	it('opens a session cookie this server sealed, with the current or a previous secret, and nothing else', () => {
		const check = sealedCookieCheck(SESSION_COOKIE, ['current-secret', 'previous-secret'])
		const made = (secret: string) =>
			`${SESSION_COOKIE}=${seal(deriveKey(secret, SESSION_COOKIE), '{"user":1}')}`
		expect(check(`a=b; ${made('current-secret')}`)).toBe(true)
		expect(check(made('previous-secret'))).toBe(true)
		expect(check(made('another-server'))).toBe(false)
		expect(check(`${SESSION_COOKIE}=v1.forged.cookie.value`)).toBe(false)
		expect(check(undefined)).toBe(false)
	})
})
