import { describe, expect, it } from 'vitest'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { AppLoadContext } from 'react-router'
import {
	CAPTCHA_DIFFICULTY,
	createCaptchaChallenge,
	hasPassedCaptcha,
	passCaptcha,
	rememberCaptchaPass,
	sentCaptcha,
	verifyCaptcha,
	verifyRecaptchaToken,
} from './captcha.server'
import { memoryFirstUse } from '../../../tests/unit/load-context'

// 000 §2 "A captcha must be passed once per session (remembered for the session); failure
// shows 'Error in verifying captcha. Please try again.'"; §8 "Captcha failure".

// One store per test module stands for the deployment's (memory with PGlite, rate_limits on PostgreSQL).
const shared = memoryFirstUse()
const context = (secret = 'session-secret-for-tests-0123456789', firstUse = shared) =>
	({
		sessionSecret: secret,
		secureCookies: false,
		clientAddress: '127.0.0.1',
		firstUse,
	}) as unknown as AppLoadContext

async function solvedPayload(ctx: AppLoadContext) {
	const captcha = await createCaptchaChallenge(ctx)
	if (captcha.provider !== 'altcha') throw new Error('expected ALTCHA')
	const solution = await solveChallenge({ challenge: captcha.challenge, deriveKey })
	return Buffer.from(JSON.stringify({ challenge: captcha.challenge, solution })).toString('base64')
}

describe('ALTCHA (the default captcha)', () => {
	it('accepts a solved challenge once, and nothing else', async () => {
		const ctx = context()
		const payload = await solvedPayload(ctx)
		expect(await verifyCaptcha(ctx, payload)).toBe(true)
		expect(await verifyCaptcha(ctx, payload), 'replayed').toBe(false)
		expect(
			await verifyCaptcha(context('another-secret-0123456789'), await solvedPayload(ctx)),
			'not ours',
		).toBe(false)
		expect(await verifyCaptcha(ctx, 'bm90IGpzb24='), 'garbage').toBe(false)
		expect(await verifyCaptcha(ctx, null)).toBe(false)
	})

	it('refuses a solution used through another context on the same store (another process on one database), not one on its own store', async () => {
		const store = memoryFirstUse()
		const first = context(undefined, store)
		const second = context(undefined, store)
		const payload = await solvedPayload(first)
		expect(await verifyCaptcha(first, payload)).toBe(true)
		expect(await verifyCaptcha(second, payload), 'replayed on the other process').toBe(false)
		// The guard is the store: a context with a store of its own (a second PGlite process, which the data-folder lock forbids) would not know.
		expect(await verifyCaptcha(context(undefined, memoryFirstUse()), payload)).toBe(true)
	})

	it('keeps the proof of work small: at most 100,000 PBKDF2 iterations', () => {
		expect(CAPTCHA_DIFFICULTY.cost * CAPTCHA_DIFFICULTY.counterMax).toBeLessThanOrEqual(100_000)
	})

	it('remembers a pass in a signed session cookie', async () => {
		const ctx = context()
		const setCookie = await rememberCaptchaPass(ctx)
		expect(setCookie).toMatch(/HttpOnly/)
		expect(setCookie).toMatch(/SameSite=Lax/)
		expect(setCookie).not.toMatch(/Max-Age|Expires/)
		const cookie = setCookie.split(';')[0]!
		const request = (c: string) => new Request('http://x/tracking', { headers: { Cookie: c } })
		expect(await hasPassedCaptcha(request(cookie), ctx)).toBe(true)
		// Change one character inside the signature (not the last: its low bits are base64 padding,
		// which decoders ignore, so 'x' → 'y' there could leave the same bytes and a valid cookie).
		const at = cookie.length - 10
		const tampered = cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1)
		expect(await hasPassedCaptcha(request(tampered), ctx), 'tampered').toBe(false)
		expect(await hasPassedCaptcha(new Request('http://x/tracking'), ctx)).toBe(false)
	})

	it('a form’s solution passes once: the pass cookie, then (replayed, missing or wrong) nothing', async () => {
		const ctx = context()
		const form = new FormData()
		form.set('altcha', await solvedPayload(ctx))
		const pass = await passCaptcha(ctx, form)
		expect(pass).toMatch(/HttpOnly/)
		expect(
			await hasPassedCaptcha(
				new Request('http://x/tracking', { headers: { Cookie: pass!.split(';')[0]! } }),
				ctx,
			),
		).toBe(true)
		expect(await passCaptcha(ctx, form), 'replayed').toBeNull()
		expect(await passCaptcha(ctx, new URLSearchParams()), 'nothing sent').toBeNull()
		expect(
			await passCaptcha(ctx, new URLSearchParams({ altcha: 'bm90IGpzb24=' })),
			'garbage',
		).toBeNull()
	})

	it('reads the answer from either field', () => {
		expect(sentCaptcha(new URLSearchParams('altcha=abc'))).toBe('abc')
		expect(sentCaptcha(new URLSearchParams('recaptcha=tok'))).toBe('tok')
		expect(sentCaptcha(new URLSearchParams('altcha='))).toBeNull()
	})
})

describe('reCAPTCHA v3 (when configured)', () => {
	const settings = { siteKey: 'site', secretKey: 'secret', minScore: 0.5 }
	const google = (body: object) => (async () => Response.json(body)) as unknown as typeof fetch

	it('accepts a good token for our action and score, refuses the rest', async () => {
		const ok = { success: true, score: 0.9, action: 'tracker_search' }
		expect(await verifyRecaptchaToken('t', settings, '1.2.3.4', google(ok))).toBe(true)
		expect(
			await verifyRecaptchaToken('t', settings, '1.2.3.4', google({ ...ok, score: 0.1 })),
		).toBe(false)
		expect(
			await verifyRecaptchaToken('t', settings, '1.2.3.4', google({ ...ok, action: 'login' })),
		).toBe(false)
		expect(await verifyRecaptchaToken('t', settings, '1.2.3.4', google({ success: false }))).toBe(
			false,
		)
		expect(await verifyRecaptchaToken('', settings, '1.2.3.4', google(ok))).toBe(false)
		const down = (async () => {
			throw new Error('offline')
		}) as unknown as typeof fetch
		expect(await verifyRecaptchaToken('t', settings, '1.2.3.4', down)).toBe(false)
	})

	it('is chosen when the context carries its keys', async () => {
		const ctx = { ...context(), recaptcha: settings } as unknown as AppLoadContext
		expect(await createCaptchaChallenge(ctx)).toEqual({ provider: 'recaptcha', siteKey: 'site' })
	})
})
