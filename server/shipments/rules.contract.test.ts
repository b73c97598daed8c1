import { describe, expect, it } from 'vitest'
import {
	canCloseOrCancel,
	canRemove,
	shipmentActions,
	shipmentBadgeColour,
	shipmentConfirmText,
	shipmentStatusLabel,
} from './rules.contract'

const STATUSES = ['pending', 'in_transit', 'delivered', 'closed', 'cancelled']

describe('002 §4 "Statuses: Pending, In Transit, Delivered, Closed, Cancelled (displayed \'Canceled\')"', () => {
	it('labels each status', () => {
		expect(STATUSES.map(shipmentStatusLabel)).toEqual([
			'Pending',
			'In Transit',
			'Delivered',
			'Closed',
			'Canceled',
		])
	})
})

describe('002 §4 "Badge colours: green for Delivered and Closed, orange for In Transit, red for Pending and Cancelled"', () => {
	it('colours each status', () => {
		expect(STATUSES.map(shipmentBadgeColour)).toEqual(['red', 'orange', 'green', 'green', 'red'])
	})
})

describe("002 §4 \"'Mark as closed' (close) and 'Mark as canceled' (cancel) are offered when the status is not Cancelled, Closed or Delivered\"", () => {
	it('allows close and cancel for Pending and In Transit only', () => {
		expect(STATUSES.filter((status) => canCloseOrCancel({ status }))).toEqual([
			'pending',
			'in_transit',
		])
	})
})

describe('002 §4 "\'Remove Shipment\' (delete) is offered only for manually created shipments in Pending status"', () => {
	it('allows remove for manual Pending shipments only', () => {
		expect(canRemove({ status: 'pending', manuallyCreated: true })).toBe(true)
		expect(canRemove({ status: 'pending', manuallyCreated: false })).toBe(false)
		for (const status of STATUSES.slice(1))
			expect(canRemove({ status, manuallyCreated: true })).toBe(false)
	})
})

describe('002 §4 "With the close-or-cancel flag on … Without the flag only a trash icon is offered, for manually created Pending shipments"', () => {
	it('offers close, cancel and remove with the flag', () => {
		expect(shipmentActions({ status: 'pending', manuallyCreated: true }, true)).toEqual([
			'close',
			'cancel',
			'remove',
		])
		expect(shipmentActions({ status: 'in_transit', manuallyCreated: false }, true)).toEqual([
			'close',
			'cancel',
		])
		expect(shipmentActions({ status: 'delivered', manuallyCreated: false }, true)).toEqual([])
	})
	it('offers only remove without the flag', () => {
		expect(shipmentActions({ status: 'pending', manuallyCreated: true }, false)).toEqual(['remove'])
		expect(shipmentActions({ status: 'in_transit', manuallyCreated: false }, false)).toEqual([])
	})
})

describe('002 §4 "\'Are you sure you want to {action} Shipment {trackingNumber}? This action cannot be undone.\'"', () => {
	it('fills in the action and the tracking number', () => {
		expect(shipmentConfirmText('cancel', '1Z9')).toBe(
			'Are you sure you want to cancel Shipment 1Z9? This action cannot be undone.',
		)
		expect(shipmentConfirmText('remove', null)).toBe(
			'Are you sure you want to remove Shipment? This action cannot be undone.',
		)
	})
})
