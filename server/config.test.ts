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

/** Issue 21: "TRUST_PROXY as a hop count or a list of proxy addresses, never 'trust every X-Forwarded-For'". */
describe('TRUST_PROXY', () => {
	it('is off by default, a hop count, or a list of proxy addresses and ranges', () => {
		expect(loadConfig({}).TRUST_PROXY).toBe(false)
		expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false)
		expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
		expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback'])
	})

	it('refuses "trust every proxy" and anything that is not an address, naming the variable', () => {
		expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/TRUST_PROXY: TRUST_PROXY must be off, the number of proxies/)
		expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
		expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.example.com' })).toThrow(/"proxy.example.com" is none of these/)
	})
})

/** Issue 21: "the demo seed off by default when DATABASE_URL is set (on with DEMO_SEED=on)". */
describe('DEMO_SEED', () => {
	it('is on by default with PGlite, off by default with DATABASE_URL, and what it is set to otherwise', () => {
		const url = 'postgres://wm:wm@127.0.0.1:5432/wm'
		expect(loadConfig({}).DEMO_SEED).toBe(true)
		expect(loadConfig({ DATABASE_URL: url }).DEMO_SEED).toBe(false)
		expect(loadConfig({ DATABASE_URL: url, DEMO_SEED: 'on' }).DEMO_SEED).toBe(true)
		expect(loadConfig({ DEMO_SEED: 'off' }).DEMO_SEED).toBe(false)
	})
})
