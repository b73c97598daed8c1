import { describe, expect, it } from 'vitest'
import { acceptedSecrets, isAcceptedSecret } from './rotating-secrets'

// Every secret "rotatable (new key signs, old key still verifies until it expires)".
describe('rotating secrets', () => {
	it('accepts the current value first, then the previous ones, once each', () => {
		expect(acceptedSecrets('new', ['old', 'new', 'older'])).toEqual(['new', 'old', 'older'])
		expect(acceptedSecrets('new', undefined)).toEqual(['new'])
	})

	it('matches a sent value against every accepted one, and never an empty one', () => {
		const accepted = acceptedSecrets('the-new-key-0123', [
			'the-old-key-0123',
			'a-longer-older-key-0123',
		])
		expect(isAcceptedSecret('the-new-key-0123', accepted)).toBe(true)
		expect(isAcceptedSecret('the-old-key-0123', accepted)).toBe(true)
		expect(isAcceptedSecret('a-longer-older-key-0123', accepted)).toBe(true)
		expect(isAcceptedSecret('the-new-key-0124', accepted)).toBe(false)
		expect(isAcceptedSecret('the-new-key-012', accepted)).toBe(false)
		expect(isAcceptedSecret('', accepted)).toBe(false)
		expect(isAcceptedSecret('', [''])).toBe(false)
	})
})
