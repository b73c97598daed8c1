/**
 * Mention markup, shared by the API and the web app (002 §5): "Mention markup in stored
 * text is the user id wrapped in a UserMention tag; an unknown mentioned user shows as
 * 'Invalid user'." Pure functions, no zod: both sides count and render the same way.
 */

export const INVALID_USER_NAME = 'Invalid user'

export interface MentionPerson {
	id: string
	firstName?: string | null
	lastName?: string | null
	email: string
}

const MARKUP = /<UserMention>([^<]{1,64})<\/UserMention>/g

export const mentionMarkup = (userId: string) => `<UserMention>${userId}</UserMention>`

/** The distinct ids a body mentions, in order of appearance. */
export function mentionIds(body: string): string[] {
	return [...new Set([...body.matchAll(MARKUP)].map((m) => m[1]!))]
}

/** A person's name as the product shows it: given and family name, or the e-mail when neither exists. */
export function displayName(
	person: Pick<MentionPerson, 'firstName' | 'lastName' | 'email'>,
): string {
	return [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email
}

export type BodySegment = { text: string } | { mention: string; name: string; known: boolean }

/** The body cut into text and mentions; each mention carries the person's name or 'Invalid user'. */
export function bodySegments(body: string, people: readonly MentionPerson[]): BodySegment[] {
	return segmentsByName(body, new Map(people.map((p) => [p.id, displayName(p)])))
}

/** The same, from each mentioned id's name (a guest link's comments carry names only). */
export function segmentsByName(body: string, names: ReadonlyMap<string, string>): BodySegment[] {
	const out: BodySegment[] = []
	let last = 0
	for (const m of body.matchAll(MARKUP)) {
		if (m.index > last) out.push({ text: body.slice(last, m.index) })
		const name = names.get(m[1]!)
		out.push({
			mention: m[1]!,
			name: name ?? INVALID_USER_NAME,
			known: name !== undefined,
		})
		last = m.index + m[0].length
	}
	if (last < body.length) out.push({ text: body.slice(last) })
	return out
}

/** The body as the reader sees it: each mention as '@Name' (what the 500-character limit counts). */
export function visibleText(body: string, people: readonly MentionPerson[]): string {
	return bodySegments(body, people)
		.map((s) => ('text' in s ? s.text : `@${s.name}`))
		.join('')
}
