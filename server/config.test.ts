import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

/** The mail settings (README "Configuration"): no SMTP by default; a From at PUBLIC_URL's host. */
describe('mail configuration', () => {
	it('has no SMTP and a no-reply sender at the public host by default', () => {
		const c = loadConfig({ PUBLIC_URL: 'https://waymark.example.com/' })
		expect(c.SMTP_URL).toBeUndefined()
		expect(c.mailFrom).toBe('Waymark <no-reply@waymark.example.com>')
		expect(c.OUTBOX_POLL_SECONDS).toBe(10)
	})

	it('takes an smtp(s) URL and a From, and refuses anything else without echoing the value', () => {
		const c = loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Ops <ops@example.com>', OUTBOX_POLL_SECONDS: '30' })
		expect(c).toMatchObject({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', mailFrom: 'Ops <ops@example.com>', OUTBOX_POLL_SECONDS: 30 })
		expect(() => loadConfig({ SMTP_URL: 'http://u:secret@example.com' })).toThrow(/SMTP_URL: SMTP_URL must start with smtp:\/\/ or smtps:\/\//)
		expect(() => loadConfig({ SMTP_URL: 'http://u:secret@example.com' })).not.toThrow(/secret/)
	})
})
