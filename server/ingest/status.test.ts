import { describe, expect, it } from 'vitest'
import {
	deliveryStatus,
	nextOrderStatus,
	nextShipmentStatus,
	openIssue,
	shipmentLate,
	statusFromEvents,
} from './status'

const H = 3_600_000
const at = (hours: number) => new Date(Date.UTC(2026, 10, 1) + hours * H)

describe('an order’s status from its events ("A new event moves the order\'s status … exactly as the seeded data does")', () => {
	it('follows the seeded journey: received, in process, picked up, delivered', () => {
		expect(statusFromEvents({ liveEvents: 0, moving: false, deliveredAt: null })).toBe('pending')
		expect(statusFromEvents({ liveEvents: 1, moving: false, deliveredAt: null })).toBe('pending')
		expect(statusFromEvents({ liveEvents: 2, moving: false, deliveredAt: null })).toBe('in_process')
		expect(statusFromEvents({ liveEvents: 1, moving: true, deliveredAt: null })).toBe('in_transit')
		expect(statusFromEvents({ liveEvents: 1, moving: true, deliveredAt: at(0) })).toBe('delivered')
	})

	it("\"never moves an order's status backwards (a 'picked up' that arrives after 'delivered' does not reopen the order)\"", () => {
		const pickedUpOnly = { liveEvents: 1, moving: true, deliveredAt: null }
		expect(nextOrderStatus('delivered', pickedUpOnly)).toBe('delivered')
		expect(nextOrderStatus('in_transit', { liveEvents: 2, moving: false, deliveredAt: null })).toBe(
			'in_transit',
		)
		expect(nextOrderStatus('pending', pickedUpOnly)).toBe('in_transit')
	})

	it('leaves cancelled and closed to the sender', () => {
		const delivered = { liveEvents: 5, moving: true, deliveredAt: at(0) }
		expect(nextOrderStatus('cancelled', delivered)).toBe('cancelled')
		expect(nextOrderStatus('closed', delivered)).toBe('closed')
	})
})

describe('a shipment’s status', () => {
	it('moves pending → in transit → delivered, never back', () => {
		expect(nextShipmentStatus('pending', { moving: true, deliveredAt: null })).toBe('in_transit')
		expect(nextShipmentStatus('in_transit', { moving: true, deliveredAt: at(1) })).toBe('delivered')
		expect(nextShipmentStatus('delivered', { moving: true, deliveredAt: null })).toBe('delivered')
		expect(nextShipmentStatus('cancelled', { moving: true, deliveredAt: at(1) })).toBe('cancelled')
	})

	it('has an open issue only while pending or in transit (the Issues Log, docs/demo-data.md)', () => {
		expect(openIssue('pending', 'WEATHER_DELAY')).toBe('WEATHER_DELAY')
		expect(openIssue('in_transit', 'WEATHER_DELAY')).toBe('WEATHER_DELAY')
		for (const status of ['delivered', 'closed', 'cancelled'])
			expect(openIssue(status, 'WEATHER_DELAY')).toBeNull()
	})

	it('is late when delivered (or still travelling) more than 6 hours after its estimate, as seeded', () => {
		expect(shipmentLate(at(6), at(0), at(100))).toBe(false)
		expect(shipmentLate(at(6.5), at(0), at(100))).toBe(true)
		expect(shipmentLate(null, at(0), at(7))).toBe(true)
		expect(shipmentLate(null, null, at(7))).toBe(false)
	})
})

describe("the delivery indicator (the seed's order-plan rule)", () => {
	it('late or on time once delivered, pending_late within 2 days of the estimate, late past it', () => {
		expect(deliveryStatus('delivered', at(7), at(0), at(100))).toBe('late')
		expect(deliveryStatus('delivered', at(5), at(0), at(100))).toBe('on_time')
		expect(deliveryStatus('in_transit', null, at(24), at(0))).toBe('pending_late')
		expect(deliveryStatus('in_transit', null, at(72), at(0))).toBe('pending')
		expect(deliveryStatus('in_transit', null, at(0), at(1))).toBe('late')
		expect(deliveryStatus('in_process', null, at(0), at(1))).toBeNull()
	})
})
