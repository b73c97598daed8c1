/**
 * A rule for every piece of text either tier takes in: PostgreSQL cannot store a NUL
 * character in text, so one is refused where it arrives (the API's validation hook, and
 * the web forms that check before they call it) instead of failing in the database.
 */
export const NUL_MESSAGE = 'must not contain a NUL character'

export function hasNul(text: string): boolean {
	return text.includes('\u0000')
}

/**
 * JSON may carry half of a UTF-16 surrogate pair alone ('\ud800'): no character, and not
 * UTF-8, so no text column can hold it. Refused where it arrives, like a NUL.
 */
export const UNPAIRED_MESSAGE = 'must be valid Unicode text (it holds half of a character)'

/** In a `u` regular expression a pair is one character: only a lone half is a surrogate (Cs). */
const UNPAIRED = /\p{Cs}/u

export function hasUnpairedSurrogate(text: string): boolean {
	return UNPAIRED.test(text)
}
