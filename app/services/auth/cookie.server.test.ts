import { describe, expect, it } from 'vitest'
import { createEncryptedCookieSessionStorage, readCookie } from './cookie.server'

const storage = createEncryptedCookieSessionStorage<{ user: { email: string; token: string } }>({
	name: 'wm_session',
	secret: 'a-secret-of-at-least-thirty-two-characters',
	secure: false,
	maxAge: 3600,
})

async function roundTrip() {
	const session = await storage.getSession(null)
	session.set('user', { email: 'olivia@acme.test', token: 'eyJ.secret.token' })
	return storage.commitSession(session)
}

describe('encrypted cookie session', () => {
	it('is httpOnly, SameSite=Lax, and its value reveals nothing of the data', async () => {
		const header = await roundTrip()
		expect(header).toMatch(/^wm_session=v1\./)
		expect(header).toContain('HttpOnly')
		expect(header).toContain('SameSite=Lax')
		expect(header).not.toContain('Secure')
		const value = readCookie(header.split(';')[0], 'wm_session')!
		expect(value).not.toContain('olivia')
		expect(Buffer.from(value.split('.')[2]!, 'base64url').toString('latin1')).not.toContain(
			'olivia',
		)
	})

	it('reads back what it wrote', async () => {
		const cookie = (await roundTrip()).split(';')[0]
		const session = await storage.getSession(cookie)
		expect(session.get('user')).toEqual({ email: 'olivia@acme.test', token: 'eyJ.secret.token' })
	})

	it('yields an empty session for a tampered cookie or one sealed with another secret', async () => {
		const cookie = (await roundTrip()).split(';')[0]!
		const [name, value] = cookie.split('=')
		const parts = value!.split('.')
		const body = Buffer.from(parts[2]!, 'base64url')
		body[0] = body[0]! ^ 1
		parts[2] = body.toString('base64url')
		expect((await storage.getSession(`${name}=${parts.join('.')}`)).get('user')).toBeUndefined()
		const other = createEncryptedCookieSessionStorage<{ user: unknown }>({
			name: 'wm_session',
			secret: 'another-secret-of-at-least-thirty-two-chars',
			secure: false,
			maxAge: 60,
		})
		expect((await other.getSession(cookie)).get('user')).toBeUndefined()
	})

	it('destroys by expiring the cookie, and marks Secure when asked', async () => {
		const secure = createEncryptedCookieSessionStorage({
			name: 's',
			secret: 'x'.repeat(32),
			secure: true,
			maxAge: 60,
		})
		const header = await secure.destroySession(await secure.getSession(null))
		expect(header).toContain('Max-Age=0')
		expect(header).toContain('Secure')
	})
})

// Secrets are "rotatable (new key signs, old key still verifies until it expires)".
describe('rotating the session secret (SESSION_SECRET_PREVIOUS)', () => {
	const oldSecret = 'a-secret-of-at-least-thirty-two-characters'
	const newSecret = 'the-new-secret-of-at-least-thirty-two-chars'
	const rotated = createEncryptedCookieSessionStorage<{ user: { email: string; token: string } }>({
		name: 'wm_session',
		secret: newSecret,
		previousSecrets: [oldSecret],
		secure: false,
		maxAge: 3600,
	})
	const newOnly = createEncryptedCookieSessionStorage<{ user: { email: string; token: string } }>({
		name: 'wm_session',
		secret: newSecret,
		secure: false,
		maxAge: 3600,
	})

	it('still reads a cookie sealed with the previous secret, and seals it again with the new one', async () => {
		const oldCookie = (await roundTrip()).split(';')[0]!
		const session = await rotated.getSession(oldCookie)
		expect(session.get('user')).toEqual({ email: 'olivia@acme.test', token: 'eyJ.secret.token' })
		const resealed = (await rotated.commitSession(session)).split(';')[0]!
		expect((await newOnly.getSession(resealed)).get('user')?.email).toBe('olivia@acme.test')
		// Without the previous secret listed, the old cookie reads as no session.
		expect((await newOnly.getSession(oldCookie)).get('user')).toBeUndefined()
	})
})
