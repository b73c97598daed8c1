import { describe, expect, it } from 'vitest'
import { formatEventTime, ianaZone } from './dates'

describe('dates', () => {
	it("formats 'MM/dd/yy hh:mm a', adding the zone when it is not UTC (001 §9)", () => {
		expect(formatEventTime('2026-11-20T15:04:00Z', 'UTC')).toBe('11/20/26 03:04 PM')
		expect(formatEventTime('2026-11-20T15:04:00Z', null)).toBe('11/20/26 03:04 PM')
		expect(formatEventTime('2026-11-20T15:04:00Z', 'America/New_York')).toBe(
			'11/20/26 10:04 AM EST',
		)
		// The twelve-hour clock around midnight and noon, and a Date as well as a string.
		expect(formatEventTime('2026-11-20T00:05:00Z', 'UTC')).toBe('11/20/26 12:05 AM')
		expect(formatEventTime(new Date('2026-11-20T12:00:00Z'), 'Asia/Kolkata')).toBe(
			'11/20/26 05:30 PM GMT+5:30',
		)
	})
	it('"Rails zone names are converted" (000 §9)', () => {
		expect(ianaZone('Eastern Time (US & Canada)')).toBe('America/New_York')
		expect(formatEventTime('2026-07-01T12:00:00Z', 'Pacific Time (US & Canada)')).toBe(
			'07/01/26 05:00 AM PDT',
		)
		expect(ianaZone('Not/AZone')).toBe('UTC')
	})
	it('"Invalid dates display \'N/A\'" (000 §5)', () => {
		expect(formatEventTime('not a date')).toBe('N/A')
		expect(formatEventTime(null)).toBe('N/A')
	})
})
