import { describe, expect, it } from 'vitest'
import { memoryLimits } from '../rate-limit'
import { failureLimiter, SIGN_IN_FAILURES } from './interactions'

// "Sign-in failures also limited per e-mail across addresses". The same limiter runs
// on PostgreSQL's shared store in tests/api/shared-limits.test.ts.
describe('sign-in failure limits', () => {
	it(`blocks an e-mail after ${SIGN_IN_FAILURES.perAccount} failures from one address, until the window ends`, async () => {
		let now = 0
		const limiter = failureLimiter(memoryLimits({ now: () => now }))
		for (let i = 0; i < SIGN_IN_FAILURES.perAccount; i++) {
			expect(await limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBe(0)
		}
		expect(await limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBeGreaterThan(0)
		expect(await limiter.attempt('203.0.113.1', 'victor@acme.test')).toBe(0)
		expect(await limiter.attempt('203.0.113.2', 'olivia@acme.test')).toBe(0)
		now += 15 * 60_000
		expect(await limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBe(0)
	})

	it(`blocks an address that failed ${SIGN_IN_FAILURES.perAddress} times across many e-mails (password spraying), whatever e-mail it tries next`, async () => {
		let now = 0
		const limiter = failureLimiter(memoryLimits({ now: () => now }))
		for (let i = 0; i < SIGN_IN_FAILURES.perAddress; i++) {
			const email = `person-${i}@acme.test`
			expect(await limiter.attempt('203.0.113.1', email), email).toBe(0)
		}
		expect(await limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBeGreaterThan(0)
		expect(await limiter.attempt('203.0.113.2', 'olivia@acme.test')).toBe(0)
		now += 15 * 60_000
		expect(await limiter.attempt('203.0.113.1', 'olivia@acme.test')).toBe(0)
	})

	it(`blocks an e-mail that failed ${SIGN_IN_FAILURES.perEmail} times from as many addresses, from any address`, async () => {
		let now = 0
		const limiter = failureLimiter(memoryLimits({ now: () => now }))
		for (let i = 0; i < SIGN_IN_FAILURES.perEmail; i++) {
			expect(await limiter.attempt(`198.51.100.${i}`, 'olivia@acme.test'), `address ${i}`).toBe(0)
		}
		expect(await limiter.attempt('203.0.113.250', 'olivia@acme.test')).toBeGreaterThan(0)
		// Another e-mail from those addresses is not held back.
		expect(await limiter.attempt('198.51.100.1', 'victor@acme.test')).toBe(0)
		now += 15 * 60_000
		expect(await limiter.attempt('203.0.113.250', 'olivia@acme.test')).toBe(0)
	})

	it('counts an attempt before its password is checked, so attempts in flight together cannot overshoot', async () => {
		const limiter = failureLimiter(memoryLimits({ now: () => 0 }))
		// 50 attempts arrive before any hash has finished: exactly the limit may go on to be checked.
		const waits = await Promise.all(
			Array.from({ length: 50 }, () => limiter.attempt('203.0.113.1', 'olivia@acme.test')),
		)
		expect(waits.filter((wait) => wait === 0)).toHaveLength(SIGN_IN_FAILURES.perAccount)
	})

	it('gives a successful attempt back: right passwords never lock anybody out', async () => {
		const limiter = failureLimiter(memoryLimits({ now: () => 0 }))
		for (let i = 0; i < SIGN_IN_FAILURES.perAccount * 3; i++) {
			expect(await limiter.attempt('203.0.113.1', 'olivia@acme.test'), `attempt ${i}`).toBe(0)
			await limiter.succeeded('203.0.113.1', 'olivia@acme.test')
		}
	})
})
