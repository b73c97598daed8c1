import { CAPTCHA_INTENT } from '~/lib/tracker/texts'
import { z } from 'zod'
import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { createCookie, type AppLoadContext } from 'react-router'
import { QUESTION_FIELDS } from './captcha-question'
import {
	createQuestion,
	sentQuestion,
	verifyQuestion,
	type CaptchaQuestion,
} from './captcha-question.server'

/**
 * The public tracker's captcha (000 §2 "A captcha must be passed once per session
 * (remembered for the session); failure shows 'Error in verifying captcha. Please try
 * again.'"). Default: ALTCHA, a self-hosted proof of work (docs/architecture.md rule 7);
 * reCAPTCHA v3 when the load context carries `recaptcha` keys (see recaptchaSettings). The
 * server issues a signed challenge inside the page, the browser's widget solves it in a
 * web worker and sends the solution with the form, and we verify it here. A pass is
 * remembered in a signed, httpOnly, SameSite=Lax session cookie (no Max-Age: it ends with
 * the browser session; we also refuse a pass older than PASS_LIFETIME_MS).
 *
 * Difficulty: PBKDF2-HMAC-SHA-256 at COST iterations per attempt, and the answer is a
 * counter drawn from COUNTER_MIN…COUNTER_MAX, so a solver does at most
 * 2,000 × 50 = 100,000 PBKDF2 iterations (75,000 on average): a small fraction of a second
 * on one desktop core with native crypto (Web Crypto in the browser is the same code);
 * a low-end phone, several times slower, stays under half a second, and the widget spreads
 * the work over its web workers.
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
	return createHmac('sha256', context.sessionSecret)
		.update(`waymark captcha: ${purpose}`)
		.digest('hex')
}

/** What the page needs to show the captcha: an ALTCHA challenge, or the reCAPTCHA site key. */
type CaptchaChallenge =
	{ provider: 'altcha'; challenge: Challenge } | { provider: 'recaptcha'; siteKey: string }

/**
 * reCAPTCHA v3 keys, when configured. Not wired yet: the configuration (RECAPTCHA_SITE_KEY,
 * RECAPTCHA_SECRET_KEY, RECAPTCHA_MIN_SCORE) is parsed by server/config.ts and handed to
 * loaders as `context.recaptcha`; until then this is null and ALTCHA is used.
 */
interface RecaptchaSettings {
	siteKey: string
	secretKey: string
	/** Lowest score accepted, 0…1 (Google's suggestion: 0.5). */
	minScore?: number
}

function recaptchaSettings(context: AppLoadContext): RecaptchaSettings | null {
	const settings = context.recaptcha
	return settings?.siteKey && settings.secretKey ? settings : null
}

/** The action name the page asks reCAPTCHA for, checked on verification. */
const RECAPTCHA_ACTION = 'tracker_search'

/** What the page needs for the captcha: a fresh signed ALTCHA challenge (inside the page, no extra request) or the reCAPTCHA site key. */
export async function createCaptchaChallenge(context: AppLoadContext): Promise<CaptchaChallenge> {
	const recaptcha = recaptchaSettings(context)
	if (recaptcha) return { provider: 'recaptcha', siteKey: recaptcha.siteKey }
	const challenge = await createChallenge({
		algorithm: CAPTCHA_DIFFICULTY.algorithm,
		cost: CAPTCHA_DIFFICULTY.cost,
		counter: randomInt(CAPTCHA_DIFFICULTY.counterMax, CAPTCHA_DIFFICULTY.counterMin),
		deriveKey,
		expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
		hmacSignatureSecret: derivedSecret(context, 'challenge'),
		hmacKeySignatureSecret: derivedSecret(context, 'key'),
	})
	return { provider: 'altcha', challenge }
}

/** The captcha field a form sent: `altcha` (the widget's payload) or `recaptcha` (a v3 token). */
export function sentCaptcha(fields: { get(name: string): unknown }): string | null {
	for (const name of ['altcha', 'recaptcha']) {
		const value = fields.get(name)
		if (typeof value === 'string' && value) return value
	}
	return null
}

/** True when the sent captcha passes: the configured provider's check. */
export async function verifyCaptcha(
	context: AppLoadContext,
	sent: string | null | undefined,
): Promise<boolean> {
	const recaptcha = recaptchaSettings(context)
	if (recaptcha) return verifyRecaptchaToken(sent, recaptcha, context.clientAddress)
	return verifyAltcha(context, sent)
}

/**
 * reCAPTCHA v3: Google's siteverify says whether the token is good, for which action and
 * with what score (https://developers.google.com/recaptcha/docs/verify).
 */
export async function verifyRecaptchaToken(
	token: string | null | undefined,
	settings: RecaptchaSettings,
	remoteIp: string,
	fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
	if (!token || token.length > 4_000) return false
	try {
		const response = await fetchImpl('https://www.google.com/recaptcha/api/siteverify', {
			method: 'POST',
			body: new URLSearchParams({
				secret: settings.secretKey,
				response: token,
				remoteip: remoteIp,
			}),
			signal: AbortSignal.timeout(5_000),
		})
		if (!response.ok) return false
		const result = (await response.json()) as { success?: boolean; score?: number; action?: string }
		return (
			result.success === true &&
			result.action === RECAPTCHA_ACTION &&
			(result.score ?? 0) >= (settings.minScore ?? 0.5)
		)
	} catch {
		return false
	}
}

/** True when `payload` (the widget's base64 JSON form value) solves a challenge we issued, once. */
async function verifyAltcha(
	context: AppLoadContext,
	payload: string | null | undefined,
): Promise<boolean> {
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
	// Used once, in every process: the load context's firstUse counts in the database when several
	// processes share PostgreSQL (server/http/app.ts), so a solution used on one is refused on another.
	return context.firstUse(`captcha:${challenge.parameters.nonce}`, CHALLENGE_LIFETIME_MS)
}

function passCookie(context: AppLoadContext) {
	return createCookie('waymark_captcha', {
		path: '/tracking',
		httpOnly: true,
		sameSite: 'lax',
		secure: context.secureCookies,
		secrets: [context.sessionSecret, ...(context.previousSessionSecrets ?? [])],
	})
}

/** The no-JavaScript captcha's question and signed token (./captcha-question.server.ts), whatever the provider. */
export function createCaptchaQuestion(context: AppLoadContext): CaptchaQuestion {
	return createQuestion(derivedSecret(context, 'question'))
}

/** Whether this browser session has passed the captcha. */
export async function hasPassedCaptcha(
	request: Request,
	context: AppLoadContext,
): Promise<boolean> {
	const value: unknown = await passCookie(context).parse(request.headers.get('Cookie'))
	if (!value || typeof value !== 'object' || !('at' in value) || typeof value.at !== 'number')
		return false
	const age = Date.now() - value.at
	return age >= 0 && age < PASS_LIFETIME_MS
}

/** The results page's captcha form: its intent and the solution of the configured provider, or the no-JavaScript question's answer. */
export const CaptchaFormSchema = z.object({
	intent: z.literal(CAPTCHA_INTENT),
	altcha: z.string().optional(),
	recaptcha: z.string().optional(),
	[QUESTION_FIELDS.token]: z.string().max(200).optional(),
	[QUESTION_FIELDS.answer]: z.string().max(50).optional(),
})

/**
 * The captcha step both tracker pages take (the landing form's and the results page's): the
 * solution the form sent (the widget's, or the answer to the no-JavaScript question), verified;
 * when it passes, the Set-Cookie that remembers the pass for the browser session, else null.
 */
export async function passCaptcha(
	context: AppLoadContext,
	fields: { get(name: string): unknown },
): Promise<string | null> {
	const passed = sentQuestion(fields)
		? await verifyQuestion(derivedSecret(context, 'question'), fields, context.firstUse)
		: await verifyCaptcha(context, sentCaptcha(fields))
	return passed ? rememberCaptchaPass(context) : null
}

/** Whether the fields carry any captcha answer (a widget's solution or the question's answer). */
export function sentAnyCaptcha(fields: { get(name: string): unknown }): boolean {
	return sentCaptcha(fields) !== null || sentQuestion(fields)
}

/** The Set-Cookie header that remembers the pass for this browser session. */
export async function rememberCaptchaPass(context: AppLoadContext): Promise<string> {
	return passCookie(context).serialize({ at: Date.now() })
}
