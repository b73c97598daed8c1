import { describe, expect, it } from 'vitest'
import { landingSubmission, resultsPath } from './landing'

const read = (query: string) => landingSubmission(new URLSearchParams(query))

describe('public tracker landing (000 §2, §5)', () => {
	it('"Query organization prefills and locks the organization field"', () => {
		expect(read('organization=acme')).toMatchObject({
			organization: 'acme',
			locked: true,
			submitted: false,
			error: null,
		})
		expect(read('')).toMatchObject({ organization: '', locked: false, submitted: false })
	})

	it('"organization and order number must both be non-empty", after trimming', () => {
		expect(read('organization=acme&orderNo=%20%20').error).toMatch(/Please enter/)
		expect(read('organization=&orderNo=SO-1001').error).toMatch(/Please enter/)
		expect(read('organization=%20acme%20&orderNo=%20PO-7781%20')).toMatchObject({
			organization: 'acme',
			orderNo: 'PO-7781',
			error: null,
			locked: false,
		})
	})

	it('keeps the lock through a failed submission, and refuses a filled honeypot', () => {
		expect(read('lock=1&organization=acme&orderNo=').locked).toBe(true)
		expect(read('organization=acme&orderNo=SO-1001&website=http://spam').error).not.toBeNull()
	})

	it('goes to /tracking/{organization}/{orderNo}', () => {
		expect(resultsPath('acme', 'PO 77/81')).toBe('/tracking/acme/PO%2077%2F81')
	})
})
