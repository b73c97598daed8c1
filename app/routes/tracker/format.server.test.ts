import { describe, expect, it } from 'vitest'
import {
	formatDateTime,
	formatLongDate,
	formatPlace,
	formatShortDate,
	formatTime,
	safeTimeZone,
} from './format.server'

// 000 §9 "Date formats: MM/DD/YYYY, 'MMM d, yyyy', 'hh:mm a' with zone; invalid date text
// 'N/A'. The default time zone is UTC"; §5 "Invalid dates display 'N/A'".

describe('tracker dates', () => {
	const at = '2026-10-27T09:25:00.000Z'

	it('"MM/DD/YYYY", in the event\'s zone', () => {
		expect(formatShortDate(at, 'America/Chicago')).toBe('10/27/2026')
		expect(formatShortDate('2026-10-27T02:00:00Z', 'America/Chicago')).toBe('10/26/2026')
	})

	it("\"'MMM d, yyyy', 'hh:mm a' with zone\"", () => {
		expect(formatLongDate(at, 'America/Chicago')).toBe('Oct 27, 2026')
		expect(formatTime(at, 'America/Chicago')).toBe('04:25 AM CDT')
		expect(formatDateTime(at, 'America/Chicago')).toBe('Oct 27, 2026 04:25 AM CDT')
	})

	it('"The default time zone is UTC; Rails zone names are converted"', () => {
		expect(formatTime(at)).toBe('09:25 AM UTC')
		expect(safeTimeZone('Eastern Time (US & Canada)')).toBe('America/New_York')
		expect(safeTimeZone('Atlantis/Capital')).toBe('UTC')
	})

	it('"Invalid dates display \'N/A\'"', () => {
		for (const bad of [null, undefined, '', 'not a date']) {
			expect(formatShortDate(bad)).toBe('N/A')
			expect(formatDateTime(bad)).toBe('N/A')
		}
	})

	it('prints a place as city, state, country, skipping what is missing', () => {
		expect(formatPlace({ city: 'Louisville', state: 'KY', country: 'US' })).toBe(
			'Louisville, KY, US',
		)
		expect(formatPlace({ city: null, state: ' ', country: 'DE' })).toBe('DE')
		expect(formatPlace(null)).toBeNull()
	})
})
