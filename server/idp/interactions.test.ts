import { describe, expect, it } from 'vitest'
import { failureLimiter, SIGN_IN_FAILURES } from './interactions'

describe('sign-in failure limits', () => {
	it(`blocks an e-mail after ${SIGN_IN_FAILURES.perAccount} failures from one address, until the window ends`, () => {
		let now = 0
		const limiter = failureLimiter(() => now)
		for (let i = 0; i < SIGN_IN_FAILURES.perAccount; i++) {
			expect(limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBe(0)
		}
		expect(limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBeGreaterThan(0)
		expect(limiter.attempt('203.0.113.1', 'victor@acme.test')).toBe(0)
		expect(limiter.attempt('203.0.113.2', 'olivia@acme.test')).toBe(0)
		now += 15 * 60_000
		expect(limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBe(0)
	})

	it(`blocks an address that failed ${SIGN_IN_FAILURES.perAddress} times across many e-mails (password spraying), whatever e-mail it tries next`, () => {
		let now = 0
		const limiter = failureLimiter(() => now)
		for (let i = 0; i < SIGN_IN_FAILURES.perAddress; i++) {
			const email = `person-${i}@acme.test`
			expect(limiter.attempt('203.0.113.1', email), email).toBe(0)
		}
		expect(limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBeGreaterThan(0)
		expect(limiter.attempt('203.0.113.2', 'olivia@acme.test')).toBe(0)
		now += 15 * 60_000
		expect(limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBe(0)
	})

	it('counts an attempt before its password is checked, so attempts in flight together cannot overshoot', () => {
		const limiter = failureLimiter(() => 0)
		// 50 attempts arrive before any hash has finished: exactly the limit may go on to be checked.
		const allowed = Array.from({ length: 50 }, () => limiter.attempt('203.0.113.1', 'olivia@acme.test')).filter((wait) => wait === 0)
		expect(allowed).toHaveLength(SIGN_IN_FAILURES.perAccount)
	})

	it('gives a successful attempt back: right passwords never lock anybody out', () => {
		const limiter = failureLimiter(() => 0)
		for (let i = 0; i < SIGN_IN_FAILURES.perAccount * 3; i++) {
			expect(limiter.attempt('203.0.113.1', 'olivia@acme.test'), `attempt ${i}`).toBe(0)
			limiter.succeeded('203.0.113.1', 'olivia@acme.test')
		}
	})
})
