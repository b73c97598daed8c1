import { describe, expect, it } from 'vitest'
import {
	activeGroups,
	applyFilters,
	enabledGroups,
	FILTER_LOADER_MS,
	inGroup,
	parseFilters,
} from './filters'

const ev = (eventType: string, staleAt: string | null = null) => ({ eventType, staleAt })

describe('event filter groups (002 §4 "Event display and filters")', () => {
	it('"Transit = eventType transit or delivered and not stale"', () => {
		expect(inGroup(ev('transit'), 'transit')).toBe(true)
		expect(inGroup(ev('delivered'), 'transit')).toBe(true)
		expect(inGroup(ev('transit', '2026-01-01T00:00:00Z'), 'transit')).toBe(false)
	})
	it('"Non-Transit = not transit, not delivered and not exception, not stale"', () => {
		expect(inGroup(ev('info'), 'non_transit')).toBe(true)
		expect(inGroup(ev('exception'), 'non_transit')).toBe(false)
		expect(inGroup(ev('info', '2026-01-01T00:00:00Z'), 'non_transit')).toBe(false)
	})
	it('"Stale = staleAt set"; "Exception = exception type and not stale"', () => {
		expect(inGroup(ev('exception', '2026-01-01T00:00:00Z'), 'stale')).toBe(true)
		expect(inGroup(ev('exception', '2026-01-01T00:00:00Z'), 'exception')).toBe(false)
		expect(inGroup(ev('exception'), 'exception')).toBe(true)
	})
	it('"Selected filters combine as a union."', () => {
		const events = [ev('transit'), ev('info'), ev('exception'), ev('info', 'x')]
		expect(applyFilters(events, ['transit', 'exception'])).toEqual([events[0], events[2]])
	})
	it('"A filter with no matching events is disabled."', () => {
		expect(enabledGroups([ev('transit'), ev('info')])).toEqual(['transit', 'non_transit'])
	})
	it('defaults (000 §4 "Transit on, Non-transit on, Stale off, Exception on") until the user chooses', () => {
		const events = [ev('transit'), ev('info'), ev('exception'), ev('transit', 'x')]
		expect(activeGroups(null, events)).toEqual(['transit', 'non_transit', 'exception'])
		expect(activeGroups(null, [ev('transit', 'x')])).toEqual([])
	})
	it('once chosen, exactly the ticked groups that are enabled, possibly none', () => {
		const events = [ev('transit'), ev('info')]
		expect(activeGroups(['stale'], events)).toEqual([])
		expect(activeGroups([], events)).toEqual([])
		expect(activeGroups(['info', 'transit'], events)).toEqual(['transit'])
	})
	it('reads ?filters= (absent = no choice yet; an empty value = a choice of none)', () => {
		const q = (s: string) => parseFilters(new URLSearchParams(s))
		expect(q('')).toBeNull()
		expect(q('filters=')).toEqual([])
		expect(q('filters=transit,stale&filters=bogus&filters=exception')).toEqual([
			'transit',
			'stale',
			'exception',
		])
	})
	it('"Toggling a filter shows a loader for 200 ms"', () => {
		expect(FILTER_LOADER_MS).toBe(200)
	})
})
