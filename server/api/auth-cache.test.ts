import { describe, expect, it } from 'vitest'
import { createAuthCache } from './auth-cache'

/**
 * Issue 20: "cache what is the same for every request of a user … stay correct across several
 * processes: per-process caches must be short-lived or invalidated". What a token resolved to is
 * kept a few seconds, never past the token's expiry, and sign-out drops it at once.
 */
describe('createAuthCache', () => {
	const token = (hash: string, expiresInMs: number, now: number) => ({ hash, expiresAt: new Date(now + expiresInMs) })

	it('answers what was kept until the time to live has passed', () => {
		let now = 1_000_000
		const cache = createAuthCache<string>(5_000, () => now)
		cache.set('a', { token: token('h1', 60_000, now), value: 'olivia' })
		now += 4_999
		expect(cache.get('a')?.value).toBe('olivia')
		now += 1
		expect(cache.get('a')).toBeUndefined()
	})

	it('never answers past the token’s own expiry', () => {
		let now = 1_000_000
		const cache = createAuthCache<string>(5_000, () => now)
		cache.set('a', { token: token('h1', 1_000, now), value: 'olivia' })
		now += 999
		expect(cache.get('a')?.value).toBe('olivia')
		now += 1
		expect(cache.get('a')).toBeUndefined()
	})

	it('drops every entry of a token that sign-out ended, and only those', () => {
		const now = 1_000_000
		const cache = createAuthCache<string>(5_000, () => now)
		cache.set('token\u0000t1', { token: token('h1', 60_000, now), value: 'olivia' })
		cache.set('caller\u0000acme\u0000\u0000t1', { token: token('h1', 60_000, now), value: 'olivia in acme' })
		cache.set('token\u0000t2', { token: token('h2', 60_000, now), value: 'victor' })
		cache.forgetToken('h1')
		expect(cache.get('token\u0000t1')).toBeUndefined()
		expect(cache.get('caller\u0000acme\u0000\u0000t1')).toBeUndefined()
		expect(cache.get('token\u0000t2')?.value).toBe('victor')
	})

	it('keeps nothing with a time to live of 0', () => {
		const cache = createAuthCache<string>(0)
		cache.set('a', { token: token('h1', 60_000, Date.now()), value: 'olivia' })
		expect(cache.get('a')).toBeUndefined()
		expect(cache.size).toBe(0)
	})
})
