import { describe, expect, it } from 'vitest'
import { ANALYTICS_EVENT_NAMES } from '#contracts/analytics/events'
import { eventBody, eventOfClick, isEventName, totalsPerEvent } from './analytics-events'

/** 000 §6 "Analytics events named: click_to_node, return_to_search_results, navigate_via_breadcrumbs, show_all_events, collapse_events." */
describe('000 §6 analytics events', () => {
	it('knows exactly the five named events', () => {
		expect([...ANALYTICS_EVENT_NAMES]).toEqual([
			'click_to_node',
			'return_to_search_results',
			'navigate_via_breadcrumbs',
			'show_all_events',
			'collapse_events',
		])
		expect(isEventName('click_to_node')).toBe(true)
		expect(isEventName('page_view')).toBe(false)
	})
	it('a click names the event of the nearest data-analytics element around its target, if one of the five', () => {
		const el = (value: string | null) =>
			({
				closest: () => (value === null ? null : { getAttribute: () => value }),
			}) as unknown as EventTarget
		expect(eventOfClick(el('click_to_node'))).toBe('click_to_node')
		expect(eventOfClick(el('something_else'))).toBeNull()
		expect(eventOfClick(el(null))).toBeNull()
		expect(eventOfClick(null)).toBeNull()
	})
	it('the beacon sends a form-encoded body; the anonymous surfaces name their supply chain', () => {
		expect(eventBody('show_all_events', 'timeline').toString()).toBe(
			'name=show_all_events&surface=timeline',
		)
		expect(eventBody('click_to_node', 'public_tracker', 'acme').toString()).toBe(
			'name=click_to_node&surface=public_tracker&organization=acme',
		)
	})
	it("the report's totals sum each event over days and surfaces", () => {
		const totals = totalsPerEvent([
			{ name: 'click_to_node', count: 2 },
			{ name: 'click_to_node', count: 3 },
			{ name: 'collapse_events', count: 1 },
		])
		expect(totals).toMatchObject({ click_to_node: 5, collapse_events: 1, show_all_events: 0 })
	})
})
