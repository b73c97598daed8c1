import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * A cookie's value sealed with AES-256-GCM (the key derived from a secret with HKDF): the web
 * app's session cookie (app/services/auth/cookie.server.ts), and the door's check that a request
 * carries a session this server made (server/http/admission.ts), without reading what is in it.
 */
/** The web app's session cookie. */
export const SESSION_COOKIE = 'wm_session'

const VERSION = 'v1'

export function deriveKey(secret: string, name: string): Buffer {
	return Buffer.from(hkdfSync('sha256', secret, 'waymark', `cookie:${name}`, 32))
}

export function seal(key: Buffer, plaintext: string): string {
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
export function unseal(key: Buffer, sealed: string): string | null {
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

/** Whether a Cookie header holds cookie `name` sealed with one of `secrets`: a session this server made. */
export function sealedCookieCheck(name: string, secrets: readonly string[]) {
	const keys = secrets.map((s) => deriveKey(s, name))
	return (cookieHeader: string | undefined): boolean => {
		const sealed = readCookie(cookieHeader, name)
		return !!sealed && keys.some((k) => unseal(k, sealed) !== null)
	}
}
