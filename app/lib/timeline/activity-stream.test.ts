import { describe, expect, it } from 'vitest'
import { filterStream, optionNodes, pageNodes } from './activity-stream'

const nodes = [
	{ id: 'f', trackingGroupId: null },
	{ id: 't', trackingGroupId: 'g1' },
]
const events = [
	{ id: 1, nodeId: 'f', eventType: 'info', staleAt: null },
	{ id: 2, nodeId: 't', eventType: 'transit', staleAt: null },
	{ id: 3, nodeId: 't', eventType: 'exception', staleAt: null },
	{ id: 4, nodeId: 't', eventType: 'transit', staleAt: '2026-01-01T00:00:00Z' },
]
const run = (q: string) => filterStream(nodes, events, new URLSearchParams(q))

describe('002 §2 "The stream view has filters for event … and tracking group"', () => {
	it('shows everything but stale events by default (000 §4 "Transit on, Non-transit on, Stale off, Exception on")', () => {
		expect(run('').events.map((e) => e.id)).toEqual([1, 2, 3])
		expect(run('').active).toEqual(['transit', 'non_transit', 'exception'])
		expect(run('').trackingGroups).toEqual(['g1'])
	})
	it('narrows to the nodes of one tracking group; an unknown group is ignored', () => {
		expect(run('tracking_group=g1').nodes.map((n) => n.id)).toEqual(['t'])
		expect(run('tracking_group=zz').nodes).toHaveLength(2)
	})
})

describe('002 §4 "Selected filters combine as a union. A filter with no matching events is disabled."', () => {
	it('keeps the events of any chosen group', () => {
		expect(run('stream_filters=transit&stream_filters=exception').events.map((e) => e.id)).toEqual([
			2, 3,
		])
		expect(run('stream_filters=non_transit').events.map((e) => e.id)).toEqual([1])
		expect(run('stream_filters=stale').events.map((e) => e.id)).toEqual([4])
	})
	it('unticking every box is a choice: no events (the form always sends an empty stream_filters)', () => {
		expect(run('stream_filters=').events).toEqual([])
		expect(run('tracking_group=g1&stream_filters=stale').active).toEqual(['stale'])
	})
})

describe('002 §2 "The stream view has filters for event, measurement type and tracking group": the measurement type', () => {
	const measured = [
		{ id: 'f', trackingGroupId: null, measurementTypes: [] },
		{
			id: 't1',
			trackingGroupId: 'g1',
			measurementTypes: [
				{ code: 'temperature', name: 'Temperature' },
				{ code: 'humidity', name: 'Humidity' },
			],
		},
		{ id: 't2', trackingGroupId: 'g2', measurementTypes: [{ code: 'shock', name: 'Shock' }] },
	]
	const narrow = (q: string) => optionNodes(measured, new URLSearchParams(q))
	it('offers each type the order measures once, by name', () => {
		expect(narrow('').measurementTypes).toEqual([
			{ code: 'humidity', name: 'Humidity' },
			{ code: 'shock', name: 'Shock' },
			{ code: 'temperature', name: 'Temperature' },
		])
	})
	it('keeps the nodes whose tracking group measures the chosen type; combined with a tracking group, both must hold', () => {
		expect(narrow('measurement_type=temperature').nodes.map((n) => n.id)).toEqual(['t1'])
		expect(narrow('measurement_type=shock').nodes.map((n) => n.id)).toEqual(['t2'])
		expect(narrow('measurement_type=shock&tracking_group=g1').nodes).toEqual([])
		expect(narrow('measurement_type=pressure').nodes).toHaveLength(3)
		expect(narrow('measurement_type=pressure').chosenType).toBeNull()
	})
	it('the Order Timeline starts from the defaults the Transit node’s Filter starts from (Stale off, 000 §4)', () => {
		expect(filterStream(nodes, events, new URLSearchParams('')).chosen).toEqual([
			'transit',
			'non_transit',
			'exception',
		])
		expect(
			filterStream(nodes, events, new URLSearchParams('stream_filters=stale')).events.map(
				(e) => e.id,
			),
		).toEqual([4])
	})
	it('a chosen group the narrowed nodes have no events of stays chosen (disabled, not dropped)', () => {
		// Node f (tracking group none) has only a non-transit event; narrowing to g1 leaves none.
		const narrowed = run('tracking_group=g1&stream_filters=non_transit&stream_filters=transit')
		expect(narrowed.active).toEqual(['transit'])
		expect(narrowed.chosen).toEqual(['non_transit', 'transit'])
	})
	it('pageNodes: narrowed only while the "timeline options" toggle (000 §6) is on', () => {
		const strip = measured.map((n, i) => ({
			...n,
			buildingType: i ? 'Transit' : 'Factory',
			finalMile: false,
			source: 'data',
			connectableId: null,
			position: i,
		}))
		const q = new URLSearchParams('tracking_group=g2')
		expect(
			pageNodes(strip, q, { timelineOptions: true, finalTransitFix: true }).map((n) => n.id),
		).toEqual(['t2'])
		expect(
			pageNodes(strip, q, { timelineOptions: false, finalTransitFix: true }).map((n) => n.id),
		).toEqual(['f', 't1', 't2'])
	})
})
