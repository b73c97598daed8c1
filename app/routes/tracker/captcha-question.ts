/**
 * The public tracker's captcha for browsers without JavaScript (000 §2 "A captcha must be
 * passed once per session"; "without JavaScript the landing offers a captcha that
 * works without it"). A proof of work needs a script, so the page asks a small sum written
 * in words ('What is seven plus five?'); the server signs the answer into the form and
 * checks what comes back (captcha-question.server.ts). Pure and client-safe:
 * the wording and how an answer is read.
 */

export const NUMBER_WORDS = [
	'zero',
	'one',
	'two',
	'three',
	'four',
	'five',
	'six',
	'seven',
	'eight',
	'nine',
	'ten',
	'eleven',
	'twelve',
	'thirteen',
	'fourteen',
	'fifteen',
	'sixteen',
	'seventeen',
	'eighteen',
] as const

/** The form's fields: the signed challenge (hidden) and the visitor's answer. */
export const QUESTION_FIELDS = { token: 'captcha_token', answer: 'captcha_answer' } as const

/** The question the page shows for the sum a + b (each 1…9). */
export function questionText(a: number, b: number): string {
	return `What is ${NUMBER_WORDS[a]} plus ${NUMBER_WORDS[b]}?`
}

export const QUESTION_HINT = 'Answer in digits or words, e.g. 12 or twelve.'

/** The number an answer names ('12', ' Twelve '), or null when it names none. */
export function readAnswer(answer: string): number | null {
	const text = answer.trim().toLowerCase()
	if (/^\d{1,3}$/.test(text)) return Number(text)
	const index = (NUMBER_WORDS as readonly string[]).indexOf(text)
	return index === -1 ? null : index
}
