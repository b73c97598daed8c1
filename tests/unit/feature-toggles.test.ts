import { describe, expect, it } from 'vitest'
import { organizationMark } from '../../app/lib/organization-mark'
import { shownShipmentDate } from '../../app/routes/search/results'
import { lastEventOf, nodeLabel, withFinalTransitRule } from '../../app/lib/timeline/nodes'
import { shipmentFactRows, type ShipmentDetails } from '../../app/lib/timeline/shipment-facts'

/**
 * The toggles of 000 §6 and 002 §6 this change makes real: each one's rule, on and off (their
 * seeded states: tests/unit/toggles-seed.test.ts).
 */

describe('000 §6 "shipment-date local-timezone fix" (000 §2 "The shipment date is shown as a local short date")', () => {
	// Shipped 21:05 in Chicago on 19 October is 02:05 UTC on the 20th.
	const shipped = '2026-10-20T02:05:00Z'
	it('on: the date where the shipment was shipped', () => {
		expect(shownShipmentDate(shipped, 'America/Chicago', true)).toBe('10/19/2026')
	})
	it('off: the older UTC date, a day later', () => {
		expect(shownShipmentDate(shipped, 'America/Chicago', false)).toBe('10/20/2026')
	})
})

describe('000 §6 "a demo-organization icon fix"', () => {
	it("on: the supply chain's own mark, the initials of its name", () => {
		expect(organizationMark('Acme Devices', true)).toBe('AD')
		expect(organizationMark('Globex Retail', true)).toBe('GR')
		expect(organizationMark('acme', true)).toBe('A')
		expect(organizationMark('  ', true)).toBeNull()
	})
	it('off: no mark (the generic placeholder)', () => {
		expect(organizationMark('Acme Devices', false)).toBeNull()
	})
})

describe('002 §6 "the grouped-node final-transit fix" (002 §2 "Final-mile Transit nodes are labelled \'Final Transit\'")', () => {
	const n = (id: string, position: number, finalMile: boolean) => ({
		id,
		buildingType: 'Transit',
		position,
		finalMile,
		source: 'data',
		connectableId: null,
	})
	// SO-1001: a group of two shipments at one position, the second one final mile; a lone final-mile node after it.
	const nodes = [n('ups', 1, false), n('usps', 1, true), n('last', 2, true)]
	it("on: every final-mile Transit node reads 'Final Transit', in a group too", () => {
		expect(withFinalTransitRule(nodes, true).map(nodeLabel)).toEqual([
			'Transit',
			'Final Transit',
			'Final Transit',
		])
	})
	it("off: a grouped node takes its group's first node's mark, so the grouped final-mile shipment reads 'Transit'", () => {
		expect(withFinalTransitRule(nodes, false).map(nodeLabel)).toEqual([
			'Transit',
			'Transit',
			'Final Transit',
		])
	})
})

describe('002 §6 "the single-column last-event display"', () => {
	const events = [
		{ nodeId: 'a', eventAt: '2026-10-20T10:00:00Z', title: 'Picked up' },
		{ nodeId: 'a', eventAt: '2026-10-22T10:00:00Z', title: 'Arrived at hub' },
		{ nodeId: 'a', eventAt: '2026-10-21T10:00:00Z', title: 'Departed' },
		{ nodeId: 'b', eventAt: '2026-10-23T10:00:00Z', title: 'Other node' },
	]
	it("the card's last event is the node's latest by time (not the list's last)", () => {
		expect(lastEventOf('a', events)?.title).toBe('Arrived at hub')
		expect(lastEventOf('c', events)).toBeNull()
	})
})

describe('002 §3 "serviceType (shown only under a feature flag)"', () => {
	const shipment = {
		id: 's',
		trackingNumber: '1Z999AA10123456784',
		status: 'in_transit',
		carrier: { name: 'UPS', conveyanceType: 'ground' },
		finalMile: false,
		shippedAt: null,
		shippedAtTz: null,
		estimatedDeliveryDate: null,
		estimatedDeliveryDateTimezone: null,
		eta: null,
		etaTimezone: null,
		deliveredAt: null,
		weight: null,
		weightUnit: null,
		serviceLevel: 'Ground',
		serviceType: 'Door to Door',
		originPort: null,
		destinationPort: null,
		customAttributes: [],
	} as unknown as ShipmentDetails
	it("on: a 'Service Type' row after 'Service Level'", () => {
		const rows = shipmentFactRows(shipment, true)
		const at = rows.findIndex(([k]) => k === 'Service Type')
		expect(rows[at]).toEqual(['Service Type', 'Door to Door'])
		expect(rows[at - 1]![0]).toBe('Service Level')
	})
	it('off: no such row', () => {
		expect(shipmentFactRows(shipment, false).some(([k]) => k === 'Service Type')).toBe(false)
	})
})
