import { describe, expect, it } from 'vitest'
import { filterStream } from './activity-stream'

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
		expect(run('stream_filters=transit&stream_filters=exception').events.map((e) => e.id)).toEqual([2, 3])
		expect(run('stream_filters=non_transit').events.map((e) => e.id)).toEqual([1])
		expect(run('stream_filters=stale').events.map((e) => e.id)).toEqual([4])
	})
	it('unticking every box is a choice: no events (the form always sends an empty stream_filters)', () => {
		expect(run('stream_filters=').events).toEqual([])
		expect(run('tracking_group=g1&stream_filters=stale').active).toEqual(['stale'])
	})
})
