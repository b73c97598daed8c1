import { describe, expect, it } from 'vitest'
import { trackerHref } from './iot-tracker-links'

describe('trackerHref: "server-supplied relative URLs … trackingGroupUrl to the sensor-tracker application" (001 §2)', () => {
	it('joins the tracker address and the relative path with one slash', () => {
		expect(trackerHref('https://tracker.example.com', '/groups/g1')).toBe(
			'https://tracker.example.com/groups/g1',
		)
		expect(trackerHref('https://tracker.example.com/', 'groups/g1')).toBe(
			'https://tracker.example.com/groups/g1',
		)
		expect(trackerHref('https://tracker.example.com/app//', '/groups/g1')).toBe(
			'https://tracker.example.com/app/groups/g1',
		)
	})
	it('gives no link without a tracker address', () => {
		expect(trackerHref(null, '/groups/g1')).toBeNull()
		expect(trackerHref('', '/groups/g1')).toBeNull()
	})
})
