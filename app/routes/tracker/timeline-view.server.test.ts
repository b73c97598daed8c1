import { describe, expect, it } from 'vitest'
import { initialNodeId, panelTitle, selectNode } from '~/lib/tracker/node-selection'
import type { PublicShipSet } from '~/lib/tracker/timeline-view'
import { buildTimelineView } from './timeline-view.server'

/** A small order shaped like SO-1001: Factory → Transit ×2 (grouped) → DC → Customer. */
function order(): PublicShipSet {
	const node = (
		id: string,
		buildingType: string,
		position: number,
		positionInGroup = 0,
		extra = {},
	) => ({
		id,
		buildingType,
		lastEventAt: null as string | null,
		iconClass: null,
		source: 'data',
		connectableId: null as string | null,
		location: { city: 'Fremont', state: 'CA', country: 'US' },
		withExceptionEvent: false,
		position,
		positionInGroup,
		...extra,
	})
	const event = (
		id: string,
		nodeId: string,
		eventAt: string,
		eventType = 'transit',
		extra = {},
	) => ({
		id,
		title: 'Scan',
		eventAt,
		eventType: eventType as 'transit',
		staleAt: null,
		shipmentStatus: { locationAt: 'Louisville, KY, US' },
		nodeId,
		timezoneName: 'America/New_York',
		blockchainVerified: false,
		...extra,
	})
	return {
		name: 'SO-1001',
		referenceNumber: 'PO-7781',
		location: { city: 'Chicago', state: 'IL', country: 'US' },
		status: 'in_transit',
		nodes: [
			node('f', 'Factory', 0, 0, { lastEventAt: '2026-10-19T18:45:00.000Z' }),
			node('ups', 'Transit', 1, 0, {
				connectableId: 's1',
				location: null,
				lastEventAt: '2026-10-27T09:25:00.000Z',
				withExceptionEvent: true,
			}),
			node('usps', 'Transit', 1, 1, {
				connectableId: 's2',
				location: null,
				lastEventAt: '2026-10-24T07:50:00.000Z',
			}),
			node('dc', 'DC', 2),
			node('c', 'Customer', 3, 0, { location: null }),
		],
		groupedNodes: [
			{ key: 'f', position: 0, nodeIds: ['f'] },
			{ key: 'ups', position: 1, nodeIds: ['ups', 'usps'] },
			{ key: 'dc', position: 2, nodeIds: ['dc'] },
			{ key: 'c', position: 3, nodeIds: ['c'] },
		],
		events: [
			event('e3', 'ups', '2026-10-27T09:25:00.000Z'),
			event('e2', 'usps', '2026-10-24T07:50:00.000Z'),
			event('e1', 'ups', '2026-10-23T13:40:00.000Z', 'exception', { title: '  ' }),
			event('e0', 'f', '2026-10-19T18:45:00.000Z', 'info', {
				shipmentStatus: { locationAt: null },
			}),
		],
		shipments: [
			{
				id: 's1',
				trackingNumber: '1Z999AA10123456784',
				deliveryDate: '2026-10-26T20:00:00.000Z',
				deliveryDateTimezone: 'America/New_York',
				carrier: { name: 'UPS' },
				shipper: { city: 'Fremont', state: 'CA', country: 'US' },
				consignee: null,
			},
			{
				id: 's2',
				trackingNumber: '9400111899223197428490',
				deliveryDate: null,
				deliveryDateTimezone: null,
				carrier: null,
				shipper: null,
				consignee: null,
			},
		],
	}
}

describe('buildTimelineView', () => {
	const view = buildTimelineView(order())

	it('groups nodes by position, dates them MM/DD/YYYY and flags exceptions (000 §2 node carousel)', () => {
		expect(view.groups.map((g) => [g.key, g.nodeIds.length, g.date, g.hasException])).toEqual([
			['f', 1, '10/19/2026', false],
			['ups', 2, '10/27/2026', true],
			['dc', 1, null, false],
			['c', 1, null, false],
		])
	})

	it('fills the details panel and its fallbacks (000 §2 "No location available.", "N/A", "No Description")', () => {
		expect(view.nodes.ups?.shipment).toEqual({
			trackingNumber: '1Z999AA10123456784',
			carrier: 'UPS',
			estimatedDelivery: 'Oct 26, 2026',
			shipper: 'Fremont, CA, US',
			consignee: null,
		})
		expect(view.nodes.usps?.shipment?.estimatedDelivery).toBe('N/A')
		expect(view.nodes.ups?.location).toBe('Louisville, KY, US')
		expect(view.nodes.c?.location).toBeNull()
		expect(view.nodes.ups?.events.map((e) => e.title)).toEqual(['Scan', 'No Description'])
		expect(view.nodes.ups?.events[0]).toMatchObject({
			date: 'Oct 27, 2026',
			time: '05:25 AM EDT',
			tone: 'transit',
		})
		expect(view.destination).toBe('Chicago, IL, US')
		expect(view.statusBar.fill).toBe(75)
	})
})

describe('node selection (000 §4 "Initial node selection (public)")', () => {
	const view = buildTimelineView(order())

	it('"the last group of nodes … the default selected node is the first of the group"', () => {
		expect(initialNodeId(view)).toBe('c')
	})

	it('"or the group whose Transit node matches the trackingNumber query"', () => {
		expect(initialNodeId(view, '1z999aa10123456784')).toBe('ups')
		expect(initialNodeId(view, '9400111899223197428490')).toBe('usps')
	})

	it('"(only if a matching shipment is found)"', () => {
		expect(initialNodeId(view, 'NOPE')).toBe('c')
	})

	it('takes the node from the URL when it belongs to the order, and lists grouped nodes', () => {
		const picked = selectNode(
			view,
			new URLSearchParams('node=usps&trackingNumber=1Z999AA10123456784'),
		)
		expect(picked?.node.id).toBe('usps')
		expect(picked?.group.key).toBe('ups')
		expect(picked && panelTitle(picked)).toBe('Nodes')
		const stray = selectNode(view, new URLSearchParams('node=elsewhere'))
		expect(stray?.node.id).toBe('c')
		expect(stray && panelTitle(stray)).toBe('Events')
	})
})
