import { describe, expect, it } from 'vitest'
import {
	activeStep,
	guestErrorText,
	guestLinkParams,
	guestPhotosOffset,
	inProcessText,
	isGuestQuery,
	mapView,
	sectionMinutes,
	stepStates,
} from './restricted'

describe('stepStates', () => {
	it('000 §2: "Steps before the current status show as done"', () => {
		expect(stepStates('on_its_way').map((s) => [s.key, s.state])).toEqual([
			['pending', 'done'],
			['in_process', 'done'],
			['on_its_way', 'current'],
			['delivered', 'upcoming'],
		])
		expect(stepStates('pending').map((s) => s.state)).toEqual([
			'current',
			'upcoming',
			'upcoming',
			'upcoming',
		])
	})
	it('000 §2: "\'delivered\' marks every step done"', () => {
		expect(stepStates('delivered').map((s) => s.state)).toEqual(['done', 'done', 'done', 'done'])
	})
	it('labels the four steps as 000 §2 names them', () => {
		expect(stepStates('pending').map((s) => s.label)).toEqual([
			'Pending',
			'In Process',
			'On Its Way',
			'Delivered',
		])
	})
})

describe('activeStep', () => {
	it('000 §2: "The active tab is set to the order\'s status once loaded"; ?step= picks another, nonsense is ignored', () => {
		expect(activeStep(null, 'in_process')).toBe('in_process')
		expect(activeStep('delivered', 'in_process')).toBe('delivered')
		expect(activeStep('everything', 'in_process')).toBe('in_process')
	})
})

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

describe('sectionMinutes', () => {
	const now = new Date('2026-11-01T00:00:00Z')
	const ev = (
		title: string,
		eventAt: string,
		eventType = 'transit',
		staleAt: string | null = null,
	) => ({ title, eventAt, eventType, staleAt })
	it('000 §4: the span between the first and last non-info, non-stale event', () => {
		const events = [
			ev('Picked up', '2026-10-20T00:00:00Z'),
			ev('Label', '2026-10-19T00:00:00Z', 'info'),
			ev('Arrival scan', '2026-10-25T00:00:00Z', 'transit', '2026-10-25T01:00:00Z'),
			ev('Out for delivery', '2026-10-21T01:30:00Z'),
		]
		expect(sectionMinutes(events, 'transit', now)).toBe(25 * 60 + 30)
	})
	it('000 §4: "for the Transit section the end is now if the latest event is \'In Transit\'"', () => {
		const events = [
			ev('Picked up', '2026-10-31T00:00:00Z'),
			ev('In Transit', '2026-10-31T12:00:00Z'),
		]
		expect(sectionMinutes(events, 'transit', now)).toBe(24 * 60)
		expect(sectionMinutes(events, 'other', now)).toBe(12 * 60)
	})
	it("000 §4: \"'Monitoring' means now\" outside Transit; 'Ended Monitoring' ends at its time", () => {
		expect(
			sectionMinutes(
				[ev('Arrived', '2026-10-31T00:00:00Z'), ev('Monitoring', '2026-10-31T06:00:00Z')],
				'other',
				now,
			),
		).toBe(24 * 60)
		expect(
			sectionMinutes(
				[ev('Arrived', '2026-10-31T00:00:00Z'), ev('Ended Monitoring', '2026-10-31T06:00:00Z')],
				'other',
				now,
			),
		).toBe(6 * 60)
	})
	it('000 §2: zero (hidden) without such events', () => {
		expect(
			sectionMinutes([ev('Order received', '2026-10-12T00:00:00Z', 'info')], 'other', now),
		).toBe(0)
		expect(sectionMinutes([], 'transit', now)).toBe(0)
	})
})

describe('mapView', () => {
	it('000 §9: "zoom 18 single location, 4 route"', () => {
		expect(mapView({ shipper: 'A', consignee: 'B', location: 'C' })).toEqual({
			zoom: 4,
			points: [
				{ mark: 'S', place: 'A' },
				{ mark: 'C', place: 'B' },
			],
		})
		expect(mapView({ shipper: 'A', location: 'C' })).toEqual({
			zoom: 18,
			points: [{ mark: null, place: 'C' }],
		})
		expect(mapView({ location: null })).toBeNull()
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
