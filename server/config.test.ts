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

/** Power BI for the analytics page (README "Configuration", docs/decisions/0016): all five or none. */
describe('Power BI configuration', () => {
	const five = {
		POWERBI_TENANT_ID: 'tenant',
		POWERBI_CLIENT_ID: 'client',
		POWERBI_CLIENT_SECRET: 'top-secret-value',
		POWERBI_WORKSPACE_ID: '11111111-1111-4111-8111-111111111111',
		POWERBI_REPORT_ID: '22222222-2222-4222-8222-222222222222',
	}
	it('is off by default, on with all five, and refused with some', () => {
		expect(loadConfig({}).powerBi).toBeNull()
		expect(loadConfig(five).powerBi).toMatchObject({ tenantId: 'tenant', reportId: five.POWERBI_REPORT_ID, authorityUrl: 'https://login.microsoftonline.com', apiUrl: 'https://api.powerbi.com' })
		expect(() => loadConfig({ ...five, POWERBI_CLIENT_SECRET: undefined })).toThrow(/must be set together/)
		expect(() => loadConfig({ ...five, POWERBI_REPORT_ID: undefined })).not.toThrow(/top-secret-value/)
	})
})
