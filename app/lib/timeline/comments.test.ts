import { describe, expect, it } from 'vitest'
import { mentionMarkup } from '#shared/mentions'
import {
	activeMention,
	bodySegments,
	formatLogTime,
	insertMention,
	resolveMentions,
	shortenSegments,
	suggestMentions,
} from './comments'

const olivia = { id: 'u-olivia', firstName: 'Olivia', lastName: 'Park', email: 'olivia@acme.test' }
const oli = { id: 'u-oli', firstName: 'Oli', lastName: null, email: 'oli@acme.test' }
const victor = { id: 'u-victor', firstName: null, lastName: null, email: 'victor@acme.test' }
const nadia = { id: 'u-nadia', firstName: 'Nadia', lastName: 'Ivanova', email: 'nadia@acme.test' }
const people = [victor, olivia, nadia, oli]

describe('mention suggestions (002 §5)', () => {
	it('"Suggestions match the name (case-insensitive substring) or the e-mail … sorted by name"', () => {
		expect(suggestMentions('oli', people, []).map((p) => p.id)).toEqual(['u-oli', 'u-olivia'])
		expect(suggestMentions('PARK', people, []).map((p) => p.id)).toEqual(['u-olivia'])
		expect(suggestMentions('victor@', people, []).map((p) => p.id)).toEqual(['u-victor'])
		expect(suggestMentions('', people, []).map((p) => p.id)).toEqual([
			'u-nadia',
			'u-oli',
			'u-olivia',
			'u-victor',
		])
	})
	it('"exclude users already mentioned"', () => {
		expect(suggestMentions('oli', people, ['u-oli']).map((p) => p.id)).toEqual(['u-olivia'])
	})
	it('"Mentions start with the @ prefix": an @ at the start or after a space opens the list', () => {
		expect(activeMention('hi @Ol', 6)).toEqual({ start: 3, query: 'Ol' })
		expect(activeMention('@', 1)).toEqual({ start: 0, query: '' })
		expect(activeMention('mail me@acme', 12)).toBeNull()
		expect(activeMention('@ol\nx', 5)).toBeNull()
	})
	it('picking a suggestion types @Name and a space in place of the query', () => {
		expect(insertMention('hi @Ol more', 6, olivia)).toEqual({
			text: 'hi @Olivia Park  more',
			caret: 16,
		})
	})
})

describe('mention markup (002 §5 "the user id wrapped in a UserMention tag")', () => {
	it('turns @Name and @e-mail of members into markup, the longest name first', () => {
		const r = resolveMentions('@Olivia Park and @Oli, ask @victor@acme.test.', people)
		expect(r.body).toBe(
			`${mentionMarkup('u-olivia')} and ${mentionMarkup('u-oli')}, ask ${mentionMarkup('u-victor')}.`,
		)
		expect(r.mentionedIds).toEqual(['u-olivia', 'u-oli', 'u-victor'])
	})
	it('leaves unknown names, e-mails in text and partial words alone', () => {
		expect(resolveMentions('@Nobody write to nadia@acme.test or @Olivian', people)).toEqual({
			body: '@Nobody write to nadia@acme.test or @Olivian',
			mentionedIds: [],
		})
	})
	it('prefers the picked person when two share a name', () => {
		const twin = { ...olivia, id: 'u-twin', email: 'olivia.twin@acme.test' }
		expect(resolveMentions('@Olivia Park', [olivia, twin], ['u-twin']).mentionedIds).toEqual([
			'u-twin',
		])
	})
	it('"an unknown mentioned user shows as \'Invalid user\'"', () => {
		expect(
			bodySegments(`${mentionMarkup('u-gone')} hi ${mentionMarkup('u-nadia')}`, people),
		).toEqual([
			{ mention: 'u-gone', name: 'Invalid user', known: false },
			{ text: ' hi ' },
			{ mention: 'u-nadia', name: 'Nadia Ivanova', known: true },
		])
	})
})

describe('Show More / Show Less (002 §4, §9 "shortened after 100 characters")', () => {
	it('keeps comments of 100 characters whole', () => {
		expect(shortenSegments([{ text: 'x'.repeat(100) }])).toBeNull()
	})
	it('cuts longer ones at 100 visible characters without splitting a mention', () => {
		expect(shortenSegments([{ text: 'x'.repeat(101) }])).toEqual([{ text: 'x'.repeat(100) }])
		const segs = [
			{ text: 'y'.repeat(90) },
			{ mention: 'u-nadia', name: 'Nadia Ivanova', known: true },
			{ text: ' tail' },
		]
		expect(shortenSegments(segs)).toEqual([{ text: 'y'.repeat(90) }])
	})
})

describe('Historical Logs times (002 §4 "UTC or Local", §9 \'ddd, DD MMM YYYY h:mm A z\')', () => {
	it('formats in UTC or a zone, N/A when unparseable', () => {
		expect(formatLogTime('2026-10-23T15:02:00Z', 'UTC')).toBe('Fri, 23 Oct 2026 3:02 PM UTC')
		expect(formatLogTime('2026-10-23T15:02:00Z', 'America/New_York')).toBe(
			'Fri, 23 Oct 2026 11:02 AM EDT',
		)
		expect(formatLogTime('nope', 'UTC')).toBe('N/A')
	})
})
