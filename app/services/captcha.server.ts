import { createHmac } from 'node:crypto'
import { CappedMap, createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { createCookie, type AppLoadContext } from 'react-router'

/**
 * The public tracker's captcha (000 §2 "A captcha must be passed once per session
 * (remembered for the session); failure shows 'Error in verifying captcha. Please try
 * again.'"). Default: ALTCHA, a self-hosted proof of work (ARCHITECTURE.md rule 7). The
 * server issues a signed challenge inside the page, the browser's widget solves it in a
 * web worker and sends the solution with the form, and we verify it here. A pass is
 * remembered in a signed, httpOnly, SameSite=Lax session cookie (no Max-Age: it ends with
 * the browser session; we also refuse a pass older than PASS_LIFETIME_MS).
 *
 * Difficulty: PBKDF2-HMAC-SHA-256 at COST iterations per attempt, and the answer is a
 * counter drawn from COUNTER_MIN…COUNTER_MAX, so a solver does at most
 * 2,000 × 50 = 100,000 PBKDF2 iterations (75,000 on average). Measured: ~40 ms worst case
 * on one desktop core with native crypto (Web Crypto in the browser is the same code);
 * a low-end phone, 5–10× slower, stays under half a second, and the widget spreads the
 * work over its web workers.
 */

export const CAPTCHA_DIFFICULTY = {
	algorithm: 'PBKDF2/SHA-256',
	cost: 2_000,
	counterMin: 25,
	counterMax: 50,
} as const

const CHALLENGE_LIFETIME_MS = 10 * 60_000
const PASS_LIFETIME_MS = 12 * 60 * 60_000

/** One secret per purpose, derived from the session secret (no new configuration). */
function derivedSecret(context: AppLoadContext, purpose: string): string {
	return createHmac('sha256', context.sessionSecret).update(`waymark captcha: ${purpose}`).digest('hex')
}

/** Solutions already used, so one solved challenge cannot be replayed (per process, bounded). */
const usedChallenges = new CappedMap<string, true>({ maxSize: 50_000 })

export type CaptchaChallenge = Challenge

/** A fresh signed challenge for the widget, embedded in the page (no extra request). */
export async function createCaptchaChallenge(context: AppLoadContext): Promise<CaptchaChallenge> {
	return createChallenge({
		algorithm: CAPTCHA_DIFFICULTY.algorithm,
		cost: CAPTCHA_DIFFICULTY.cost,
		counter: randomInt(CAPTCHA_DIFFICULTY.counterMax, CAPTCHA_DIFFICULTY.counterMin),
		deriveKey,
		expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
		hmacSignatureSecret: derivedSecret(context, 'challenge'),
		hmacKeySignatureSecret: derivedSecret(context, 'key'),
	})
}

/** True when `payload` (the widget's base64 JSON form value) solves a challenge we issued, once. */
export async function verifyCaptcha(context: AppLoadContext, payload: string | null | undefined): Promise<boolean> {
	if (!payload || payload.length > 8_000) return false
	let parsed: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } }
	try {
		parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
	} catch {
		return false
	}
	const { challenge, solution } = parsed
	if (!challenge?.parameters || !solution || typeof solution.counter !== 'number') return false
	if (challenge.parameters.algorithm !== CAPTCHA_DIFFICULTY.algorithm) return false
	try {
		const result = await verifySolution({
			challenge,
			solution,
			deriveKey,
			hmacSignatureSecret: derivedSecret(context, 'challenge'),
			hmacKeySignatureSecret: derivedSecret(context, 'key'),
		})
		if (!result.verified) return false
	} catch {
		return false
	}
	return usedChallenges.setIfAbsent(challenge.parameters.nonce, true)
}

function passCookie(context: AppLoadContext) {
	return createCookie('waymark_captcha', {
		path: '/tracking',
		httpOnly: true,
		sameSite: 'lax',
		secure: context.secureCookies,
		secrets: [context.sessionSecret],
	})
}

/** Whether this browser session has passed the captcha. */
export async function hasPassedCaptcha(request: Request, context: AppLoadContext): Promise<boolean> {
	const value: unknown = await passCookie(context).parse(request.headers.get('Cookie'))
	if (!value || typeof value !== 'object' || !('at' in value) || typeof value.at !== 'number') return false
	const age = Date.now() - value.at
	return age >= 0 && age < PASS_LIFETIME_MS
}

/** The Set-Cookie header that remembers the pass for this browser session. */
export async function rememberCaptchaPass(context: AppLoadContext): Promise<string> {
	return passCookie(context).serialize({ at: Date.now() })
}
