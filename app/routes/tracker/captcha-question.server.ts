import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { QUESTION_FIELDS, questionText, readAnswer } from './captcha-question'

/**
 * The no-JavaScript captcha (see captcha-question.ts and ADR 0024): a sum in
 * words, its answer signed into a hidden token (HMAC under a secret derived from the session
 * secret, with a nonce and an expiry), so the server keeps no state until an answer comes
 * back; a token is accepted once (its nonce goes through the load context's firstUse, the replay
 * guard ALTCHA's solutions use too, shared by every process). It stops
 * form-filling bots, not a bot written for this page: the API's rate limits stay behind it.
 */

const QUESTION_LIFETIME_MS = 10 * 60_000

export interface CaptchaQuestion {
	question: string
	token: string
}

function signature(secret: string, payload: string, answer: number): Buffer {
	return createHmac('sha256', secret)
		.update(`waymark captcha question: ${payload}|${answer}`)
		.digest()
}

/** A new question and its signed token. */
export function createQuestion(secret: string, now = Date.now()): CaptchaQuestion {
	const a = randomInt(1, 10)
	const b = randomInt(1, 10)
	const payload = `${randomBytes(12).toString('base64url')}.${now + QUESTION_LIFETIME_MS}`
	return {
		question: questionText(a, b),
		token: `${payload}.${signature(secret, payload, a + b).toString('base64url')}`,
	}
}

/** Whether the fields carry a question's answer (either field present). */
export function sentQuestion(fields: { get(name: string): unknown }): boolean {
	return (
		typeof fields.get(QUESTION_FIELDS.token) === 'string' &&
		typeof fields.get(QUESTION_FIELDS.answer) === 'string'
	)
}

/**
 * True when the answer is right for a token we signed, not expired, and its nonce is used for the
 * first time (`firstUse`: the load context's replay guard, shared by every process).
 */
export async function verifyQuestion(
	secret: string,
	fields: { get(name: string): unknown },
	firstUse: (key: string, lifetimeMs: number) => Promise<boolean>,
	now = Date.now(),
): Promise<boolean> {
	const token = fields.get(QUESTION_FIELDS.token)
	const answerText = fields.get(QUESTION_FIELDS.answer)
	if (typeof token !== 'string' || typeof answerText !== 'string' || token.length > 200)
		return false
	const [nonce, expires, sent, extra] = token.split('.')
	if (!nonce || !expires || !sent || extra !== undefined) return false
	if (!/^\d+$/.test(expires) || Number(expires) < now) return false
	const answer = readAnswer(answerText)
	if (answer === null) return false
	const expected = signature(secret, `${nonce}.${expires}`, answer)
	const given = Buffer.from(sent, 'base64url')
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
	return firstUse(`captcha-question:${nonce}`, QUESTION_LIFETIME_MS)
}
