/**
 * A rule for every piece of text either tier takes in: PostgreSQL cannot store a NUL
 * character in text, so one is refused where it arrives (the API's validation hook, and
 * the web forms that check before they call it) instead of failing in the database.
 */
export const NUL_MESSAGE = 'must not contain a NUL character'

export function hasNul(text: string): boolean {
	return text.includes('\u0000')
}
