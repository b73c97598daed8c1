import { describe, expect, it } from 'vitest'
import { deliveryIndicator, formatIndicatorDate, promiseIndicator } from './indicators'

const now = new Date('2026-11-20T12:00:00Z')
const base = { timezone: 'UTC', status: null, daysBefore: 3, finalMileMethods: ['UPS'], now }

describe('delivery-date indicator (002 §4 "Delivery-date indicator")', () => {
	it('"Green by default"', () => {
		expect(deliveryIndicator({ ...base, date: '2026-12-20T00:00:00Z' })).toEqual({
			colour: 'green',
			text: '12/20/2026',
		})
	})
	it('"red when late"', () => {
		expect(
			deliveryIndicator({ ...base, date: '2026-12-20T00:00:00Z', status: 'late' }).colour,
		).toBe('red')
	})
	it('"yellow when the status is pending_late/pendingLate"', () => {
		expect(
			deliveryIndicator({ ...base, date: '2026-12-20T00:00:00Z', status: 'pending_late' }).colour,
		).toBe('yellow')
		expect(
			deliveryIndicator({ ...base, date: '2026-12-20T00:00:00Z', status: 'pendingLate' }).colour,
		).toBe('yellow')
	})
	it('"or when today is within daysBefore (default 3) days of the estimated date and the status is neither late nor on_time"', () => {
		expect(
			deliveryIndicator({ ...base, date: '2026-11-23T00:00:00Z', status: 'pending' }).colour,
		).toBe('yellow')
		expect(
			deliveryIndicator({ ...base, date: '2026-11-24T00:00:00Z', status: 'pending' }).colour,
		).toBe('green')
		expect(
			deliveryIndicator({ ...base, date: '2026-11-22T00:00:00Z', status: 'on_time' }).colour,
		).toBe('green')
		expect(
			deliveryIndicator({ ...base, daysBefore: null, date: '2026-11-23T00:00:00Z' }).colour,
		).toBe('yellow')
	})
	it('"\'Multiple Delivery Statuses\' is shown when more than one final-mile shipping method exists."', () => {
		expect(deliveryIndicator({ ...base, date: null, finalMileMethods: ['UPS', 'USPS'] }).text).toBe(
			'Multiple Delivery Statuses',
		)
	})
	it('"Empty text \'No Final Mile Estimated Delivery Date available.\'"', () => {
		expect(deliveryIndicator({ ...base, date: null })).toEqual({
			colour: null,
			text: 'No Final Mile Estimated Delivery Date available.',
		})
	})
})

describe('promise-date indicator (002 §4 "Promise-date indicator")', () => {
	it('"Delivered icon when delivered on or before the promise date"', () => {
		expect(
			promiseIndicator({
				promiseDate: '2026-11-10T00:00:00Z',
				deliveredAt: '2026-11-10T08:00:00Z',
				now,
			}).colour,
		).toBe('delivered')
	})
	it('"red when the promise date is before today"', () => {
		expect(
			promiseIndicator({ promiseDate: '2026-11-10T00:00:00Z', deliveredAt: null, now }).colour,
		).toBe('red')
		expect(
			promiseIndicator({
				promiseDate: '2026-11-10T00:00:00Z',
				deliveredAt: '2026-11-12T00:00:00Z',
				now,
			}).colour,
		).toBe('red')
	})
	it('"yellow when today is on or after the promise date; otherwise green"', () => {
		expect(
			promiseIndicator({ promiseDate: '2026-11-20T00:00:00Z', deliveredAt: null, now }).colour,
		).toBe('yellow')
		expect(
			promiseIndicator({ promiseDate: '2026-11-21T00:00:00Z', deliveredAt: null, now }).colour,
		).toBe('green')
	})
	it('"\'No Promise Date available.\' when absent"; "Dates that cannot be parsed show \'N/A\'" (§5)', () => {
		expect(promiseIndicator({ promiseDate: null, deliveredAt: null, now }).text).toBe(
			'No Promise Date available.',
		)
		expect(formatIndicatorDate('garbage')).toBe('N/A')
	})
})
