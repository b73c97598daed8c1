import { describe, expect, it } from 'vitest'
import { isNewVisit, nodeHref, parseTab, parseView, withParams } from './url'

describe('timeline URL state (002 §2 Routes)', () => {
	it('"Calendar (the default in the stream view)"', () => {
		expect(parseTab(null)).toBe('calendar')
		expect(parseTab('photos')).toBe('photos')
		expect(parseTab('tracker')).toBe('tracker')
		expect(parseTab('sensors')).toBe('calendar')
	})
	it('Order Timeline (stream) is the default view', () => {
		expect(parseView(null)).toBe('stream')
		expect(parseView('touch')).toBe('touch')
	})
	it('keeps the other parameters', () => {
		expect(withParams('?nodeId=a&tab=location', { tab: 'photos', events: null })).toBe(
			'?nodeId=a&tab=photos',
		)
		expect(withParams('?tab=x', { tab: null })).toBe('?')
	})
	it('selecting a node resets its filters and expansion (000 §4 "Filters reset when the selected node changes")', () => {
		expect(
			nodeHref(
				'?nodeId=a&filters=stale&events=all&tab=location&node_connectable_id=s&collapsed=1',
				'b',
			),
		).toBe('?nodeId=b&tab=location')
	})
})

describe('a visit to a timeline (recorded once for Recently Viewed)', () => {
	const id = '38fbd444-f5a7-40cb-b0d6-1c68b5715a33'
	const request = new URL(`https://waymark.test/timeline/${id}?tab=comments`)
	it('starts when the page is opened from elsewhere, typed in, or bookmarked', () => {
		expect(isNewVisit(null, request, id)).toBe(true)
		expect(isNewVisit('https://waymark.test/dashboard', request, id)).toBe(true)
		expect(
			isNewVisit('https://waymark.test/advanced_search?qs_query_string=SO-1001', request, id),
		).toBe(true)
		expect(
			isNewVisit('https://waymark.test/timeline/00000000-0000-4000-8000-000000000000', request, id),
		).toBe(true)
		expect(isNewVisit('https://elsewhere.test/timeline/' + id, request, id)).toBe(true)
		expect(isNewVisit('not a url', request, id)).toBe(true)
	})
	it('goes on through the page’s own links, tabs, modals and forms', () => {
		expect(isNewVisit(`https://waymark.test/timeline/${id}`, request, id)).toBe(false)
		expect(isNewVisit(`https://waymark.test/timeline/${id}?nodeId=x&tab=photos`, request, id)).toBe(
			false,
		)
		expect(
			isNewVisit(`https://waymark.test/timeline/${id}/comments?tab=comments`, request, id),
		).toBe(false)
	})
})
