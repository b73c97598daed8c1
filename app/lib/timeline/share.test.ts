import { describe, expect, it } from 'vitest'
import { closeShare, NEW_EMAIL_CHARGE, shareTitle, shareUrl } from './share'

describe('share modal URL state and texts (002 §2 "Share modal", §4 "Share flow")', () => {
	it("titles the modal 'SHARE SOSS #{order name}'", () => {
		expect(shareTitle('SO-1001')).toBe('SHARE SOSS #SO-1001')
	})

	it('says a $1/month charge will be applied for a new e-mail', () => {
		expect(NEW_EMAIL_CHARGE).toContain('$1/month')
	})

	it('opens the modal keeping the other parameters, and closes dropping only its own', () => {
		expect(shareUrl('/timeline/x?tab=comments', { share: '1' })).toBe(
			'/timeline/x?tab=comments&share=1',
		)
		expect(closeShare('/timeline/x?share=1&tab=photos')).toBe('/timeline/x?tab=photos')
		expect(closeShare('/timeline/x?share=1')).toBe('/timeline/x')
	})
})
