import { describe, expect, it } from 'vitest'
import { nodeHref, parseTab, parseView, withParams } from './url'

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
		expect(withParams('?nodeId=a&tab=location', { tab: 'photos', events: null })).toBe('?nodeId=a&tab=photos')
		expect(withParams('?tab=x', { tab: null })).toBe('?')
	})
	it('selecting a node resets its filters and expansion (000 §4 "Filters reset when the selected node changes")', () => {
		expect(nodeHref('?nodeId=a&filters=stale&events=all&tab=location&node_connectable_id=s&collapsed=1', 'b')).toBe('?nodeId=b&tab=location')
	})
})
