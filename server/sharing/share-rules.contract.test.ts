import { describe, expect, it } from 'vitest'
import { MAX_SHARE_EMAILS, parseShareEmails } from './share-rules.contract'

/** 002 §4 "The user enters e-mails and submits"; §5 "SUBMIT is disabled until at least one e-mail is entered". */
describe('parseShareEmails', () => {
	it('splits on commas, semicolons and spaces, trims, lower-cases and de-duplicates', () => {
		expect(
			parseShareEmails(
				' Nadia@Acme.test, buyer@example.com;buyer@example.com\nx.y+z@sub.example.co ',
			),
		).toEqual({
			emails: ['nadia@acme.test', 'buyer@example.com', 'x.y+z@sub.example.co'],
		})
		expect(parseShareEmails(['a@example.com', 'b@example.com,a@example.com'])).toEqual({
			emails: ['a@example.com', 'b@example.com'],
		})
	})

	it('refuses an empty entry, names the first invalid address, and caps the count', () => {
		expect(parseShareEmails(' ,; ')).toEqual({ error: 'At least one e-mail is required' })
		for (const bad of ['plain', 'a@b', '@example.com', 'a..b@example.com', '.a@example.com']) {
			expect(parseShareEmails(`ok@example.com, ${bad}`)).toEqual({
				error: `${bad} is not a valid e-mail address`,
			})
		}
		const many = Array.from({ length: MAX_SHARE_EMAILS + 1 }, (_, i) => `u${i}@example.com`).join(
			',',
		)
		expect(parseShareEmails(many)).toEqual({
			error: `At most ${MAX_SHARE_EMAILS} e-mails can be shared at once`,
		})
	})
})
