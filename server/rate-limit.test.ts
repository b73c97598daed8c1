import { describe, expect, it } from 'vitest'
import { FixedWindowLimiter } from './rate-limit'

// "Rate limits per client address on the anonymous endpoints (answer 429 with
// a clear message), so that order numbers cannot be enumerated at speed."

describe('FixedWindowLimiter', () => {
	it('allows `limit` hits per window, then refuses with the seconds left', () => {
		let now = 1_000_000
		const limiter = new FixedWindowLimiter(3, 60_000, 100, () => now)
		expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true])
		now += 15_000
		const refused = limiter.hit('a')
		expect(refused).toEqual({ allowed: false, remaining: 0, retryAfter: 45 })
		expect(limiter.hit('b').allowed).toBe(true)
	})

	it('starts a new window once the old one has passed', () => {
		let now = 0
		const limiter = new FixedWindowLimiter(1, 1_000, 100, () => now)
		expect(limiter.hit('a').allowed).toBe(true)
		expect(limiter.hit('a').allowed).toBe(false)
		now = 1_000
		expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 0, retryAfter: 1 })
	})

	it('stays bounded: expired windows go first, then the oldest keys', () => {
		let now = 0
		const limiter = new FixedWindowLimiter(5, 1_000, 3, () => now)
		limiter.hit('old')
		now = 500
		limiter.hit('b')
		limiter.hit('c')
		now = 1_200
		limiter.hit('d')
		expect(limiter.size).toBe(3)
		for (let i = 0; i < 10; i++) limiter.hit(`flood-${i}`)
		expect(limiter.size).toBe(3)
	})
})
