import { describe, expect, it } from 'vitest'
import type { AppLoadContext } from 'react-router'
import { NUMBER_WORDS, QUESTION_FIELDS, questionText, readAnswer } from './captcha-question'
import { createQuestion, verifyQuestion } from './captcha-question.server'
import { createCaptchaQuestion, hasPassedCaptcha, passCaptcha } from './captcha.server'
import { memoryFirstUse } from '../../../tests/unit/load-context'

// 000 §2 "A captcha must be passed once per session (remembered for the session); failure
// shows 'Error in verifying captcha. Please try again.'" — and, without JavaScript,
// a captcha that works without it: a sum in words the server checks.

const SECRET = 'question-secret-for-tests-0123456789'

/** Solves a question as a person would: reads the two number words and adds them. */
function solve(question: string): number {
	const [, a, b] = question.match(/^What is (\w+) plus (\w+)\?$/)!
	return NUMBER_WORDS.indexOf(a as never) + NUMBER_WORDS.indexOf(b as never)
}

const firstUse = memoryFirstUse()
const fields = (token: string, answer: string) =>
	new URLSearchParams({ [QUESTION_FIELDS.token]: token, [QUESTION_FIELDS.answer]: answer })

describe('the no-JavaScript captcha question', () => {
	it('asks a sum of two numbers from one to nine, in words', () => {
		expect(questionText(7, 5)).toBe('What is seven plus five?')
		for (let i = 0; i < 50; i++) {
			const sum = solve(createQuestion(SECRET).question)
			expect(sum).toBeGreaterThanOrEqual(2)
			expect(sum).toBeLessThanOrEqual(18)
		}
	})

	it('reads an answer in digits or words, nothing else', () => {
		expect(readAnswer(' 12 ')).toBe(12)
		expect(readAnswer('Twelve')).toBe(12)
		expect(readAnswer('twelve!')).toBeNull()
		expect(readAnswer('')).toBeNull()
		expect(readAnswer('1e1')).toBeNull()
	})

	it('accepts the right answer once, for a token we signed, before it expires', async () => {
		const q = createQuestion(SECRET)
		const answer = solve(q.question)
		expect(
			await verifyQuestion(SECRET, fields(q.token, String(answer + 1)), firstUse),
			'wrong',
		).toBe(false)
		expect(
			await verifyQuestion('another-secret-0123456789', fields(q.token, String(answer)), firstUse),
			'not ours',
		).toBe(false)
		expect(await verifyQuestion(SECRET, fields(q.token, NUMBER_WORDS[answer]!), firstUse)).toBe(
			true,
		)
		expect(
			await verifyQuestion(SECRET, fields(q.token, String(answer)), firstUse),
			'replayed',
		).toBe(false)

		const old = createQuestion(SECRET, Date.now() - 11 * 60_000)
		expect(
			await verifyQuestion(SECRET, fields(old.token, String(solve(old.question))), firstUse),
			'expired',
		).toBe(false)
		const forged = q.token.replace(/\.\d+\./, `.${Date.now() + 86_400_000}.`)
		expect(
			await verifyQuestion(SECRET, fields(forged, String(answer)), firstUse),
			'expiry changed',
		).toBe(false)
	})

	it('passes the captcha for the session like the widget does', async () => {
		const ctx = {
			sessionSecret: SECRET,
			secureCookies: false,
			firstUse,
		} as unknown as AppLoadContext
		const q = createCaptchaQuestion(ctx)
		expect(await passCaptcha(ctx, fields(q.token, String(solve(q.question) + 1)))).toBeNull()
		const again = createCaptchaQuestion(ctx)
		const pass = await passCaptcha(ctx, fields(again.token, String(solve(again.question))))
		expect(pass).toMatch(/HttpOnly/)
		expect(
			await hasPassedCaptcha(
				new Request('http://x/tracking', { headers: { Cookie: pass!.split(';')[0]! } }),
				ctx,
			),
		).toBe(true)
	})
})
