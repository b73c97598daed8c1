import { describe, expect, it } from 'vitest'
import {
	guestErrorText,
	guestLinkParams,
	guestPhotosOffset,
	inProcessText,
	isGuestQuery,
} from './restricted'

describe('texts', () => {
	it('000 §2: "In-process text: \'Ship Set is currently in process at {building type}.\'"', () => {
		expect(inProcessText('Factory')).toBe('Ship Set is currently in process at Factory.')
	})
	it('000 §8: "Guest invalid token" for a refused link; "the server\'s error field, otherwise \'Error...\'"', () => {
		expect(guestErrorText(401, 'Unauthorized')).toBe('Token expired or invalid parameters.')
		expect(guestErrorText(404, 'Not found')).toBe('Token expired or invalid parameters.')
		expect(guestErrorText(429, 'Too many requests. Please wait a minute and try again.')).toBe(
			'Too many requests. Please wait a minute and try again.',
		)
		expect(guestErrorText(500, '')).toBe('Error...')
	})
})

describe('the link', () => {
	const q = (s: string) => new URLSearchParams(s)
	it('000 §2: the restricted variant needs type=restricted plus token, email and supply chain', () => {
		expect(guestLinkParams(q('type=restricted&token=t.s&email=a%40b.c&supply_chain=acme'))).toEqual(
			{ token: 't.s', email: 'a@b.c', supplyChain: 'acme' },
		)
		expect(guestLinkParams(q('type=full&token=t.s&email=a%40b.c&supply_chain=acme'))).toBeNull()
		expect(guestLinkParams(q('type=restricted&token=t.s&supply_chain=acme'))).toBeNull()
		expect(guestLinkParams(q('type=restricted&email=a%40b.c&supply_chain=acme'))).toBeNull()
	})
	it('000 §8 "invalid parameters": a value that could not be sent as a request header is no link (it used to answer 500)', () => {
		const bad: [string, string][] = [
			['email', 'a@b.c\r\nX-Foo: bar'],
			['email', 'a\u0000b@c.d'],
			['email', 'a b@c.d'],
			['token', 't\ns'],
			['supply_chain', '日本'],
		]
		for (const [key, value] of bad) {
			const params = q('type=restricted&token=t.s&email=a%40b.c&supply_chain=acme')
			params.set(key, value)
			expect(guestLinkParams(params), `${key}=${JSON.stringify(value)}`).toBeNull()
		}
	})
	it('hands a /timeline URL to the guest view only when it carries a token or type=restricted', () => {
		expect(isGuestQuery(new URL('http://x/timeline/1?type=restricted'))).toBe(true)
		expect(isGuestQuery(new URL('http://x/timeline/1?token=abc'))).toBe(true)
		expect(isGuestQuery(new URL('http://x/timeline/1?tab=location&nodeId=2'))).toBe(false)
	})
})

describe('the guest photos’ pages (002 §9 "request limit 30")', () => {
	it('reads photos_offset as a start on a page of 30, anything else as the first page', () => {
		expect(guestPhotosOffset(null)).toBe(0)
		expect(guestPhotosOffset('30')).toBe(30)
		expect(guestPhotosOffset('59')).toBe(30)
		expect(guestPhotosOffset('-30')).toBe(0)
		expect(guestPhotosOffset('abc')).toBe(0)
		expect(guestPhotosOffset('Infinity')).toBe(0)
	})
})
