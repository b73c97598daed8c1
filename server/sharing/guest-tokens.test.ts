import { describe, expect, it } from 'vitest'
import { guestLink, guestTokenHash, isSignedGuestToken, issueGuestToken } from './guest-tokens'

const SECRET = 'unit-test-guest-link-secret-0123456789'

describe('guest tokens', () => {
	it('accepts its own signature and refuses a changed one or another secret', () => {
		const { token, tokenHash, expiresAt } = issueGuestToken(
			SECRET,
			new Date('2026-01-01T00:00:00Z'),
		)
		expect(isSignedGuestToken(token, SECRET)).toBe(true)
		expect(tokenHash).toBe(guestTokenHash(token))
		expect(expiresAt.toISOString()).toBe('2026-01-31T00:00:00.000Z')
		const [random, signature] = token.split('.')
		const flipped = `${random}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
		expect(isSignedGuestToken(flipped, SECRET)).toBe(false)
		expect(isSignedGuestToken(token, `${SECRET}-other`)).toBe(false)
		expect(isSignedGuestToken(`${token}.x`, SECRET)).toBe(false)
		expect(isSignedGuestToken('', SECRET)).toBe(false)
	})

	it('builds a link of query parameters only', () => {
		const link = guestLink('http://localhost:3000', {
			shipSetId: 'abc',
			token: 't.s',
			email: 'a+b@x.test',
			supplyChain: 'acme',
		})
		expect(link).toBe(
			'http://localhost:3000/guest/abc/timeline?type=restricted&token=t.s&email=a%2Bb%40x.test&supply_chain=acme',
		)
		expect(link).not.toContain('#')
	})
})

// "Rotatable (new key signs, old key still verifies until it expires)": GUEST_LINK_SECRET_PREVIOUS.
describe('guest tokens across a rotation of the secret', () => {
	it('accepts a token signed with any listed secret and none signed with another', () => {
		const { token } = issueGuestToken(SECRET)
		expect(isSignedGuestToken(token, [`${SECRET}-new`, SECRET])).toBe(true)
		expect(isSignedGuestToken(token, [`${SECRET}-new`])).toBe(false)
		expect(isSignedGuestToken(token, [])).toBe(false)
	})
})
