import { describe, expect, it } from 'vitest'
import { formatOrderTime, totalOrderTime } from './durations'
import {
	carouselStart,
	eventLimit,
	groupedNodeLabel,
	groupNodes,
	nodeLabel,
	nodesShown,
	parseNodeType,
	parseSource,
	selectedNode,
	selectNode,
	SLIDE_DELAY_MS,
	sourceButtons,
	STRIP_RESPONSIVE,
	touchTotals,
} from './nodes'

const node = (
	id: string,
	buildingType: string,
	position: number,
	extra: Partial<{ finalMile: boolean; source: string; connectableId: string }> = {},
) => ({
	id,
	buildingType,
	position,
	finalMile: false,
	source: 'data',
	connectableId: null as string | null,
	...extra,
})
const strip = [
	node('f', 'Factory', 0),
	node('t1', 'Transit', 1, { source: 'tracker', connectableId: 's1' }),
	node('t2', 'Transit', 1, { finalMile: true, connectableId: 's2' }),
	node('d', 'DC', 2, { source: 'discrepancy' }),
	node('c', 'Customer', 3),
]

describe('node strip (002 §2 "Node strip")', () => {
	it('"Final-mile Transit nodes are labelled \'Final Transit\'."', () => {
		expect(strip.map(nodeLabel)).toEqual(['Factory', 'Transit', 'Final Transit', 'DC', 'Customer'])
	})
	it("\"'ChronosTouch Totals' with one button per node type showing its count, plus a 'Total' button\"", () => {
		expect(touchTotals(strip)).toEqual([
			{ type: 'Factory', count: 1 },
			{ type: 'Transit', count: 2 },
			{ type: 'DC', count: 1 },
			{ type: 'Customer', count: 1 },
			{ type: 'Total', count: 5 },
		])
		expect(touchTotals([node('x', 'Damage', 0)]).map((r) => r.type)).toContain('Damage')
	})
	it('"one button per node type showing its count, plus a \'Total\' button": a type shows only its nodes, Total every node', () => {
		expect(parseNodeType(strip, 'Transit')).toBe('Transit')
		expect(parseNodeType(strip, 'Damage')).toBeNull()
		expect(parseNodeType(strip, null)).toBeNull()
		expect(nodesShown(strip, 'all', 'Transit').map((n) => n.id)).toEqual(['t1', 't2'])
		expect(
			nodesShown([...strip, node('h', 'Transit Hub', 2)], 'all', 'Transit').map((n) => n.id),
		).toEqual(['t1', 't2', 'h'])
		expect(nodesShown(strip, 'tracker', 'Transit').map((n) => n.id)).toEqual(['t1'])
		expect(nodesShown(strip, 'all', null)).toHaveLength(5)
		// The selection follows: the first node of the type unless the URL names one of them.
		expect(selectedNode(strip, new URLSearchParams('node_type=DC'))?.id).toBe('d')
		expect(selectedNode(strip, new URLSearchParams('node_type=Transit&nodeId=t2'))?.id).toBe('t2')
		expect(selectedNode(strip, new URLSearchParams('node_type=Transit&nodeId=f'))?.id).toBe('t1')
	})
	it('"discrepancy (labelled \'Discrepancies\')"; "an \'All\' button when there is more than one source"', () => {
		expect(sourceButtons(strip).map((b) => b.label)).toEqual([
			'All',
			'Data',
			'Tracker',
			'Discrepancies',
		])
		expect(sourceButtons([node('f', 'Factory', 0)]).map((b) => b.label)).toEqual(['Data'])
	})
	it('"selects the node matching the requested id, otherwise the first"; node_connectable_id selects that shipment\'s node (§2)', () => {
		expect(selectNode(strip, 'd', null)?.id).toBe('d')
		expect(selectNode(strip, null, 's2')?.id).toBe('t2')
		expect(selectNode(strip, 'nope', null)?.id).toBe('f')
		expect(selectNode([], null, null)).toBeNull()
	})
	it('nodes sharing a position form one group', () => {
		expect(groupNodes(strip).map((g) => g.map((n) => n.id))).toEqual([
			['f'],
			['t1', 't2'],
			['d'],
			['c'],
		])
	})
})

describe('\'Total Order Time\' (002 §2 "Node strip", 000 §4 "Timeline total-duration rule")', () => {
	it('"the span between the first and last non-info, non-stale event"', () => {
		const t = totalOrderTime([
			{ eventAt: '2026-11-01T00:00:00Z', eventType: 'info', staleAt: null },
			{ eventAt: '2026-11-02T00:00:00Z', eventType: 'transit', staleAt: null },
			{ eventAt: '2026-11-04T03:05:00Z', eventType: 'delivered', staleAt: null },
			{ eventAt: '2026-11-09T00:00:00Z', eventType: 'transit', staleAt: '2026-11-09T00:00:00Z' },
		])
		expect(t).toEqual({ days: 2, hours: 3, minutes: 5 })
		expect(formatOrderTime(t)).toBe('2 days 3 hours 5 minutes')
	})
	it('an order with only info or stale events (SO-1002, SO-1005) spans all its events; N/A only without events', () => {
		const t = totalOrderTime([
			{ eventAt: '2026-10-10T08:00:00Z', eventType: 'info', staleAt: null },
			{ eventAt: '2026-10-11T14:00:00Z', eventType: 'info', staleAt: null },
		])
		expect(formatOrderTime(t)).toBe('1 day 6 hours 0 minutes')
		expect(formatOrderTime(totalOrderTime([]))).toBe('N/A')
	})
})

describe('node carousel (002 §2 "Node strip", §9 "Node carousel")', () => {
	it('"initially scrolls to a multiple of 5"', () => {
		expect([0, 4, 5, 9, 12].map((i) => carouselStart(i))).toEqual([0, 0, 5, 5, 10])
		expect([0, 2, 3, 4].map((i) => carouselStart(i, 3))).toEqual([0, 0, 3, 3])
		expect(SLIDE_DELAY_MS).toBe(1200)
	})
	it('"showing 5 nodes at a time. Narrower screens show fewer", sliding as many as shown', () => {
		const shownAt = (width: number) =>
			Object.values(STRIP_RESPONSIVE).find(
				(r) => width >= r.breakpoint.min && width <= r.breakpoint.max,
			)!
		expect(
			[1400, 1200, 1199, 991, 860, 718, 717, 580, 579, 320].map((w) => shownAt(w).items),
		).toEqual([5, 5, 4, 4, 4, 4, 3, 3, 2, 2])
		for (const r of Object.values(STRIP_RESPONSIVE)) expect(r.slidesToSlide).toBe(r.items)
	})
})

describe('events shown (002 §4, §9)', () => {
	it('"The events list shows 5 by default and expands to all"', () => {
		expect(eventLimit(false, false)).toBe(5)
		expect(eventLimit(false, true)).toBe(Infinity)
	})
	it('"inside a grouped node it shows 4 and expands to 100"', () => {
		expect(eventLimit(true, false)).toBe(4)
		expect(eventLimit(true, true)).toBe(100)
	})
})

describe('the source filter (002 §2 "Source filter buttons, one per source present")', () => {
	const q = (s: string) => selectedNode(strip, new URLSearchParams(s))?.id
	it('keeps a source the order has; anything else is All', () => {
		expect(parseSource(strip, 'tracker')).toBe('tracker')
		expect(parseSource(strip, 'bogus')).toBe('all')
		expect(parseSource(strip, null)).toBe('all')
	})
	it('selects among the nodes of that source ("otherwise the first"), never a node the strip hides', () => {
		expect(q('source=tracker')).toBe('t1')
		expect(q('source=discrepancy&nodeId=f')).toBe('d')
		expect(q('source=data&nodeId=t2')).toBe('t2')
		expect(q('source=bogus&nodeId=c')).toBe('c')
	})
})

describe('grouped nodes are told apart (002 §4 grouped nodes)', () => {
	const shipments = [
		{ id: 's1', trackingNumber: '1Z999AA10123456784', carrier: { name: 'UPS' } },
		{ id: 's2', trackingNumber: '9400111899223197428490', carrier: { name: 'USPS' } },
	]
	it('names a Transit node by its carrier and tracking number, another node by its type', () => {
		const transit = { buildingType: 'Transit', finalMile: false, connectableId: 's1' }
		expect(groupedNodeLabel(transit, shipments)).toBe('Transit · UPS 1Z999AA10123456784')
		expect(groupedNodeLabel({ ...transit, finalMile: true, connectableId: 's2' }, shipments)).toBe(
			'Final Transit · USPS 9400111899223197428490',
		)
		expect(groupedNodeLabel({ ...transit, connectableId: null }, shipments)).toBe('Transit')
		expect(
			groupedNodeLabel({ buildingType: 'DC', finalMile: false, connectableId: 's1' }, shipments),
		).toBe('DC')
	})
})
