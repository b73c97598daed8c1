import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { createSession, type Session, type SessionData, type SessionStorage } from 'react-router'

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

const VERSION = 'v1'

function deriveKey(secret: string, name: string): Buffer {
	return Buffer.from(hkdfSync('sha256', secret, 'waymark', `cookie:${name}`, 32))
}

function seal(key: Buffer, plaintext: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', key, iv)
	const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
	return [
		VERSION,
		iv.toString('base64url'),
		body.toString('base64url'),
		cipher.getAuthTag().toString('base64url'),
	].join('.')
}

/** The plaintext, or null for anything tampered with, truncated or sealed with another key. */
function unseal(key: Buffer, sealed: string): string | null {
	const [version, iv, body, tag] = sealed.split('.')
	if (version !== VERSION || !iv || !body || !tag) return null
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
		decipher.setAuthTag(Buffer.from(tag, 'base64url'))
		return Buffer.concat([
			decipher.update(Buffer.from(body, 'base64url')),
			decipher.final(),
		]).toString('utf8')
	} catch {
		return null
	}
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
	for (const part of (header ?? '').split(';')) {
		const [k, ...v] = part.trim().split('=')
		if (k === name) return v.join('=')
	}
	return undefined
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
