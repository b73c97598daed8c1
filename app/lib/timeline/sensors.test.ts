import { describe, expect, it } from 'vitest'
import {
	outOfRange,
	sensorWindow,
	showsTrackerTab,
	TAB_POINTS,
	thresholdLines,
	trackerLinks,
} from './sensors'

describe('the Tracker tab (002 §2, §4, §5)', () => {
	it('"shown only when a tracking group is selected" and "requires the profile permission TRACKER.DEFAULT"', () => {
		expect(
			showsTrackerTab({ trackingGroupId: 'g', hasSensorData: true }, [
				'CORE.DEFAULT',
				'TRACKER.DEFAULT',
			]),
		).toBe(true)
		expect(showsTrackerTab({ trackingGroupId: 'g', hasSensorData: true }, ['CORE.DEFAULT'])).toBe(
			false,
		)
		expect(
			showsTrackerTab({ trackingGroupId: null, hasSensorData: false }, ['TRACKER.DEFAULT']),
		).toBe(false)
		expect(showsTrackerTab(null, ['TRACKER.DEFAULT'])).toBe(false)
	})
	it('"hidden when no tracking group is selected or no data exists" (002 §4)', () => {
		expect(
			showsTrackerTab({ trackingGroupId: 'g', hasSensorData: false }, ['TRACKER.DEFAULT']),
		).toBe(false)
	})
	it('"Sensor data requests are made ... never for guests"', () => {
		expect(
			showsTrackerTab({ trackingGroupId: 'g', hasSensorData: true }, ['TRACKER.DEFAULT'], true),
		).toBe(false)
	})
	it('"Sensor chart: 4 points in the tab, all in the modal"', () => {
		expect(TAB_POINTS).toBe(4)
	})
})

describe('thresholds (002 §9 "threshold lines come from min and max")', () => {
	it('draws one line per bound that is set', () => {
		expect(thresholdLines({ min: 2, max: 8 })).toEqual([
			{ label: 'Min', value: 2 },
			{ label: 'Max', value: 8 },
		])
		expect(thresholdLines({ min: null, max: 8 })).toEqual([{ label: 'Max', value: 8 }])
		expect(thresholdLines(null)).toEqual([])
	})
	it('marks readings outside the range', () => {
		expect(outOfRange(8.9, { min: 2, max: 8 })).toBe('above')
		expect(outOfRange(1.5, { min: 2, max: 8 })).toBe('below')
		expect(outOfRange(8, { min: 2, max: 8 })).toBeNull()
		expect(outOfRange(100, { min: null, max: null })).toBeNull()
		expect(outOfRange(100, undefined)).toBeNull()
	})
})

describe('the modal\'s date range (002 §7 "measure_date_from, measure_date_to")', () => {
	const now = new Date('2026-11-23T12:00:00Z')
	it('runs from the first event of the order to now', () => {
		expect(sensorWindow(['2026-10-19T21:05:00Z', '2026-10-12T15:20:00Z', 'bad'], now)).toEqual({
			from: '2026-10-12T15:20:00.000Z',
			to: '2026-11-23T12:00:00.000Z',
		})
	})
	it('goes 90 days back without events', () => {
		expect(sensorWindow([], now).from).toBe('2026-08-25T12:00:00.000Z')
	})
})

describe("the tracker's links (002 §2 Routes)", () => {
	it("'View in IoT Tracker' is the base plus the node's connectableId; the groups page names the tracking group", () => {
		expect(
			trackerLinks('https://tracker.example.com', { connectableId: 's 1', trackingGroupId: 'g1' }),
		).toEqual([
			{ label: 'View in IoT Tracker', href: 'https://tracker.example.com/s%201' },
			{ label: 'Tracking group', href: 'https://tracker.example.com/groups/g1' },
		])
	})
	it('there are none without a tracker address', () => {
		expect(trackerLinks(null, { connectableId: 's1', trackingGroupId: 'g1' })).toEqual([])
	})
})
