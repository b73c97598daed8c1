import { z } from 'zod'
import { formatLongTime } from '~/lib/dates'
import {
	COMMENT_MAX_LENGTH,
	COMMENT_PAGE_SIZE,
	COMMENT_REQUIRED,
	COMMENT_TOO_LONG,
} from '#shared/timeline-limits'
import {
	bodySegments,
	displayName,
	mentionMarkup,
	type BodySegment,
	type MentionPerson,
} from '#shared/mentions'

/**
 * The timeline's comment rules (002 §4 "Comment submission", §5, §8, §9) and the
 * Historical Logs time format. Pure functions, shared by the server handler and the form.
 */

export { COMMENT_MAX_LENGTH, COMMENT_PAGE_SIZE, COMMENT_REQUIRED, bodySegments, displayName }
export type { BodySegment }

/** A comment as the list shows it: its author's name and its body cut into text and mentions. */
export interface ListedComment {
	commentId: string
	author: string
	createdAt: string
	segments: BodySegment[]
	buildingType: string | null
	trackingNumber: string | null
	carrierName: string | null
}

/**
 * The comment form (002 §4 "Comment submission", §5): `body` (required, at most 500), `node_id`
 * (the selected node, if any) and `mentioned` (the ids picked from the suggestion list).
 */
export const CommentFormSchema = z.object({
	body: z
		.string()
		.default('')
		.refine((s) => s.trim().length > 0, COMMENT_REQUIRED)
		.refine((s) => s.length <= COMMENT_MAX_LENGTH, COMMENT_TOO_LONG),
	node_id: z.string().uuid().nullable().catch(null),
	mentioned: z.array(z.string()).max(50).catch([]),
})

/** "Long comments (over 100 characters in the timeline) are shortened with Show More / Show Less." (002 §4, §9) */
const COMMENT_SHORT_LENGTH = 100
/** "The old form field shows 'this field is required'." (002 §5) */
export const FIELD_REQUIRED = 'this field is required'
/** "Comment: success 'You have added a comment'" (002 §8), title 'Comment' (§5). */
export const COMMENT_TOAST_TITLE = 'Comment'
export const COMMENT_ADDED = 'You have added a comment'

/** The visible length of a body's segments (mentions count as '@Name'). */
const segmentText = (s: BodySegment) => ('text' in s ? s.text : `@${s.name}`)

/**
 * The first 100 visible characters of a comment, cut without splitting a mention, or
 * null when the comment is not longer than that ("over 100 characters").
 */
export function shortenSegments(
	segments: readonly BodySegment[],
	max = COMMENT_SHORT_LENGTH,
): BodySegment[] | null {
	const total = segments.reduce((n, s) => n + segmentText(s).length, 0)
	if (total <= max) return null
	const out: BodySegment[] = []
	let left = max
	for (const s of segments) {
		if (left <= 0) break
		const text = segmentText(s)
		if ('text' in s) out.push({ text: text.slice(0, left) })
		else if (text.length <= left) out.push(s)
		else break
		left -= text.length
	}
	return out
}

/**
 * "Suggestions match the name (case-insensitive substring) or the e-mail, exclude users
 * already mentioned, and are sorted by name." (002 §5)
 */
export function suggestMentions<P extends MentionPerson>(
	query: string,
	people: readonly P[],
	mentioned: readonly string[],
	limit = 8,
): P[] {
	const q = query.trim().toLowerCase()
	const taken = new Set(mentioned)
	return people
		.filter((p) => !taken.has(p.id))
		.filter(
			(p) => !q || displayName(p).toLowerCase().includes(q) || p.email.toLowerCase().includes(q),
		)
		.sort((a, b) => displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base' }))
		.slice(0, limit)
}

/**
 * "Mentions start with the @ prefix" (002 §5): the mention being typed at the caret, that is
 * an '@' at the start or after a space, followed by at most 40 characters on one line.
 */
export function activeMention(
	text: string,
	caret: number,
): { start: number; query: string } | null {
	const before = text.slice(0, caret)
	const at = before.lastIndexOf('@')
	if (at < 0 || (at > 0 && !/\s/.test(before[at - 1]!))) return null
	const query = before.slice(at + 1)
	if (query.length > 40 || /[\n\r]/.test(query)) return null
	return { start: at, query }
}

/** Replaces the mention being typed with '@Name ' (what the picker does); returns the text and the new caret. */
export function insertMention(
	text: string,
	caret: number,
	person: MentionPerson,
): { text: string; caret: number } {
	const active = activeMention(text, caret)
	const start = active ? active.start : caret
	const inserted = `@${displayName(person)} `
	return {
		text: text.slice(0, start) + inserted + text.slice(caret),
		caret: start + inserted.length,
	}
}

const boundaryAfter = (text: string, i: number) =>
	i >= text.length ||
	!/[\p{L}\p{N}_@.-]/u.test(text[i]!) ||
	(text[i] === '.' && !/[\p{L}\p{N}]/u.test(text[i + 1] ?? ''))

/**
 * The typed text with each '@Name' (or '@e-mail') of a member turned into the stored
 * markup, and the ids it mentions. Used for the form with and without JavaScript: the
 * picker only types the name, the server resolves it. The longest name wins ('@Olivia
 * Smith' over a colleague called 'Olivia'); where two people share it, one picked in the
 * suggestion list wins, else the first by name. An '@' inside a word (an e-mail) is text.
 */
export function resolveMentions(
	text: string,
	people: readonly MentionPerson[],
	picked: readonly string[] = [],
): { body: string; mentionedIds: string[] } {
	const pickedSet = new Set(picked)
	const keys = people
		.flatMap((p) => [displayName(p), p.email].map((key) => ({ key: key.toLowerCase(), person: p })))
		.sort(
			(a, b) =>
				b.key.length - a.key.length ||
				Number(pickedSet.has(b.person.id)) - Number(pickedSet.has(a.person.id)),
		)
	const ids: string[] = []
	let out = ''
	let i = 0
	while (i < text.length) {
		const ch = text[i]!
		if (ch === '@' && (i === 0 || /[\s([{"']/.test(text[i - 1]!))) {
			const rest = text.slice(i + 1).toLowerCase()
			const hit = keys.find(
				(k) => rest.startsWith(k.key) && boundaryAfter(text, i + 1 + k.key.length),
			)
			if (hit) {
				out += mentionMarkup(hit.person.id)
				if (!ids.includes(hit.person.id)) ids.push(hit.person.id)
				i += 1 + hit.key.length
				continue
			}
		}
		out += ch
		i += 1
	}
	return { body: out, mentionedIds: ids }
}

/** "The modal lists logs with a timezone choice of UTC or Local" (002 §4), as 'ddd, DD MMM YYYY h:mm A z' (§9). */
export function formatLogTime(value: string, zone: string | null): string {
	return formatLongTime(value, zone)
}
