import { describe, expect, it } from 'vitest'
import { signInErrorMessage } from './sign-in-errors'

describe('what /login says after a callback error (000 §2)', () => {
	it('names a refusal, with the provider’s description', () => {
		expect(signInErrorMessage('access_denied', 'The user refused')).toBe(
			'The sign-in was refused: this account may not sign in here, or access was denied. (The user refused)',
		)
	})
	it('falls back for our own failure and unknown codes', () => {
		expect(signInErrorMessage('callback', null)).toBe('Sign-in did not complete.')
		expect(signInErrorMessage('toString', '  ')).toBe('Sign-in did not complete.')
	})
	it('shortens a long description', () => {
		expect(signInErrorMessage('server_error', 'x'.repeat(1000)).length).toBeLessThan(400)
	})
})
