import { describe, expect, it } from 'vitest'
import {
	applyFilters,
	availableFilters,
	DEFAULT_EVENT_FILTERS,
	eventTone,
	filtersFromSearch,
	matchesFilter,
	showsVerifiedNote,
	visibleEvents,
	type EventFacts,
} from './events'

const ev = (eventType: EventFacts['eventType'], extra: Partial<EventFacts> = {}): EventFacts => ({
	eventType,
	staleAt: null,
	blockchainVerified: false,
	...extra,
})
const stale = { staleAt: '2026-10-22T17:00:00Z' }

describe('public event display (000 §4)', () => {
	it('"stale (staleAt set; grey, trash icon), exception (red), delivered (green), transit (blue), info/non-transit"', () => {
		expect(eventTone(ev('transit', stale))).toBe('stale')
		expect(eventTone(ev('exception'))).toBe('exception')
		expect(eventTone(ev('delivered'))).toBe('delivered')
		expect(eventTone(ev('transit'))).toBe('transit')
		expect(eventTone(ev('info'))).toBe('info')
	})

	it('"verified (orange, with the note \'MASTERCARD PROVENANCE VERIFIED\' shown when verified and not stale)"', () => {
		expect(eventTone(ev('transit', { blockchainVerified: true }))).toBe('verified')
		expect(showsVerifiedNote(ev('transit', { blockchainVerified: true }))).toBe(true)
		expect(showsVerifiedNote(ev('transit', { blockchainVerified: true, ...stale }))).toBe(false)
		expect(eventTone(ev('transit', { blockchainVerified: true, ...stale }))).toBe('stale')
	})
})

describe('public filters (000 §4)', () => {
	it('"Transit = transit and delivered, non-stale"', () => {
		expect(matchesFilter(ev('transit'), 'transit')).toBe(true)
		expect(matchesFilter(ev('delivered'), 'transit')).toBe(true)
		expect(matchesFilter(ev('transit', stale), 'transit')).toBe(false)
		expect(matchesFilter(ev('exception'), 'transit')).toBe(false)
	})

	it('"Non-transit = non-transit, non-exception, non-delivered, non-stale"', () => {
		expect(matchesFilter(ev('info'), 'nonTransit')).toBe(true)
		for (const t of ['transit', 'delivered', 'exception'] as const)
			expect(matchesFilter(ev(t), 'nonTransit')).toBe(false)
		expect(matchesFilter(ev('info', stale), 'nonTransit')).toBe(false)
	})

	it('"Exception = non-stale exceptions"', () => {
		expect(matchesFilter(ev('exception'), 'exception')).toBe(true)
		expect(matchesFilter(ev('exception', stale), 'exception')).toBe(false)
		expect(matchesFilter(ev('exception', stale), 'stale')).toBe(true)
	})

	it('"Transit on, Non-transit on, Stale off, Exception on"', () => {
		expect([...DEFAULT_EVENT_FILTERS].sort()).toEqual(['exception', 'nonTransit', 'transit'])
		expect(filtersFromSearch(new URLSearchParams())).toEqual(new Set(DEFAULT_EVENT_FILTERS))
	})

	it('"Options are disabled when no such events exist"', () => {
		// SO-1001's UPS node: transit, one stale scan, one exception, no info events.
		const ups = [
			ev('transit'),
			ev('transit', stale),
			ev('exception'),
			ev('transit', { blockchainVerified: true }),
		]
		expect([...availableFilters(ups)].sort()).toEqual(['exception', 'stale', 'transit'])
	})

	it('lets through what any chosen filter matches, and reads the choice from the URL', () => {
		const events = [ev('transit'), ev('info'), ev('exception'), ev('transit', stale)]
		expect(applyFilters(events, DEFAULT_EVENT_FILTERS)).toEqual(events.slice(0, 3))
		const chosen = filtersFromSearch(new URLSearchParams('filtered=1&filter=stale'))
		expect(applyFilters(events, chosen)).toEqual([events[3]])
		expect(filtersFromSearch(new URLSearchParams('filtered=1'))).toEqual(new Set())
	})

	it('shows the first 5 events, or all of them (000 §9 "events shown initially 5")', () => {
		const list = [1, 2, 3, 4, 5, 6, 7]
		expect(visibleEvents(list, false)).toEqual([1, 2, 3, 4, 5])
		expect(visibleEvents(list, true)).toEqual(list)
	})
})
