import { createSession, type Session, type SessionData, type SessionStorage } from 'react-router'
import { deriveKey, readCookie, seal, unseal } from '#shared/sealed-cookie'

export { readCookie }

/**
 * A session kept whole in one cookie, encrypted and authenticated with
 * AES-256-GCM (key derived from the session secret with HKDF), httpOnly,
 * SameSite=Lax, Secure when the app is served over https. The web tier keeps
 * no session state of its own, so it scales horizontally.
 */
interface EncryptedCookieOptions {
	name: string
	secret: string
	/** Secrets being rotated out: a cookie sealed with one is still read, and sealed with `secret` when next written. */
	previousSecrets?: string[]
	secure: boolean
	/** Seconds; the cookie outlives the browser session. */
	maxAge: number
}

export function serializeCookie(
	name: string,
	value: string,
	opts: { maxAge?: number; httpOnly?: boolean; secure: boolean },
): string {
	const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax']
	if (opts.httpOnly !== false) parts.push('HttpOnly')
	if (opts.secure) parts.push('Secure')
	if (opts.maxAge !== undefined) {
		parts.push(`Max-Age=${opts.maxAge}`)
		if (opts.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
	}
	return parts.join('; ')
}

export function createEncryptedCookieSessionStorage<Data = SessionData, Flash = Data>(
	opts: EncryptedCookieOptions,
): SessionStorage<Data, Flash> {
	const key = deriveKey(opts.secret, opts.name)
	const readKeys = [key, ...(opts.previousSecrets ?? []).map((s) => deriveKey(s, opts.name))]
	return {
		async getSession(cookieHeader) {
			const sealed = readCookie(cookieHeader, opts.name)
			let plaintext: string | null = null
			for (const k of sealed ? readKeys : []) {
				plaintext = unseal(k, sealed!)
				if (plaintext !== null) break
			}
			let data: Partial<Data> = {}
			if (plaintext) {
				try {
					data = JSON.parse(plaintext) as Partial<Data>
				} catch {
					data = {}
				}
			}
			return createSession<Data, Flash>(data as Data)
		},
		async commitSession(session: Session<Data, Flash>) {
			return serializeCookie(opts.name, seal(key, JSON.stringify(session.data)), {
				maxAge: opts.maxAge,
				secure: opts.secure,
			})
		},
		async destroySession() {
			return serializeCookie(opts.name, '', { maxAge: 0, secure: opts.secure })
		},
	}
}
