import { describe, expect, it } from 'vitest'
import { dateParts, formatDate, formatEventTime, formatLongTime } from './dates'
import { ianaZone, isTimeZone, readableAbbreviation, TZ_DATA_VERSION, zoneAt } from './time-zones'

describe('event times (001 §9 "\'MM/dd/yy hh:mm a\' with zone"; 000 §9)', () => {
	it('formats the clock in the zone and names the zone, UTC included', () => {
		expect(formatEventTime('2026-11-20T15:04:00Z', 'America/New_York')).toBe(
			'11/20/26 10:04 AM EST',
		)
		// Every time shows its zone: a UTC time beside an event's "05:25 AM EDT" reads as UTC.
		expect(formatEventTime('2026-11-20T15:04:00Z', 'UTC')).toBe('11/20/26 03:04 PM UTC')
		expect(formatEventTime('2026-11-20T15:04:00Z', null)).toBe('11/20/26 03:04 PM UTC')
		// The twelve-hour clock around midnight and noon, and a Date as well as a string.
		expect(formatEventTime('2026-11-20T00:05:00Z', 'UTC')).toBe('11/20/26 12:05 AM UTC')
		expect(formatEventTime(new Date('2026-11-20T12:00:00Z'), 'Asia/Kolkata')).toBe(
			'11/20/26 05:30 PM IST',
		)
	})
	it('"Rails zone names are converted"; an unknown zone reads as UTC', () => {
		expect(ianaZone('Eastern Time (US & Canada)')).toBe('America/New_York')
		expect(formatEventTime('2026-07-01T12:00:00Z', 'Pacific Time (US & Canada)')).toBe(
			'07/01/26 05:00 AM PDT',
		)
		expect(ianaZone('Not/AZone')).toBe('UTC')
		expect(formatEventTime('2026-07-01T12:00:00Z', 'Not/AZone')).toBe('07/01/26 12:00 PM UTC')
	})
	it('"Invalid dates display \'N/A\'" (000 §5)', () => {
		expect(formatEventTime('not a date')).toBe('N/A')
		expect(formatEventTime(null)).toBe('N/A')
		expect(formatLongTime('')).toBe('N/A')
	})
})

describe('"\'ddd, DD MMM YYYY h:mm A z\'" (001 §9 breach start, 002 §9 documents and logs)', () => {
	it('in the zone, with its abbreviation', () => {
		expect(formatLongTime('2026-10-23T14:00:00Z', 'America/Chicago')).toBe(
			'Fri, 23 Oct 2026 9:00 AM CDT',
		)
		expect(formatLongTime('2026-12-01T09:05:00Z', 'UTC')).toBe('Tue, 01 Dec 2026 9:05 AM UTC')
	})
})

describe('one tz database for the server and the browser (decision 0038)', () => {
	it('reads zones from the shipped database, not the runtime’s: British Columbia keeps -07 from November 2026', () => {
		// tzdata 2026a: British Columbia stays on UTC-7 all year from 2026-11-01. Node's own ICU data
		// (2025c) still answers 9:36 PM PST here, newer browsers 10:36 PM: the page must not depend on either.
		expect(TZ_DATA_VERSION >= '2026a').toBe(true)
		expect(zoneAt('America/Vancouver', new Date('2026-11-20T05:36:00Z')).offsetMinutes).toBe(-420)
		expect(formatLongTime('2026-11-20T05:36:00Z', 'America/Vancouver')).toBe(
			'Thu, 19 Nov 2026 10:36 PM MST',
		)
		// Before the change, as before.
		expect(formatEventTime('2025-11-20T05:36:00Z', 'America/Vancouver')).toBe(
			'11/19/25 09:36 PM PST',
		)
	})
	it('daylight saving time on both sides of a change', () => {
		expect(formatEventTime('2026-03-08T06:59:00Z', 'America/Chicago')).toBe('03/08/26 12:59 AM CST')
		expect(formatEventTime('2026-03-08T08:00:00Z', 'America/Chicago')).toBe('03/08/26 03:00 AM CDT')
		expect(formatEventTime('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('10/25/26 02:30 AM CEST')
		expect(formatEventTime('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('10/25/26 02:30 AM CET')
	})
	it('a zone the database names by its offset reads like GMT+8', () => {
		expect(readableAbbreviation('+08')).toBe('GMT+8')
		expect(readableAbbreviation('-0330')).toBe('GMT-3:30')
		expect(readableAbbreviation('+00')).toBe('GMT')
		expect(readableAbbreviation('EST')).toBe('EST')
		expect(formatEventTime('2026-11-20T12:00:00Z', 'Asia/Singapore')).toBe(
			'11/20/26 08:00 PM GMT+8',
		)
	})
	it('knows zones and links, and nothing else', () => {
		expect(isTimeZone('America/Chicago')).toBe(true)
		expect(isTimeZone('US/Pacific')).toBe(true)
		expect(isTimeZone('UTC')).toBe(true)
		expect(isTimeZone('Atlantis/Capital')).toBe(false)
		expect(isTimeZone('')).toBe(false)
	})
	it('lays a whole format out as Intl does, with plain spaces', () => {
		const at = new Date('2026-10-27T09:25:00Z')
		expect(
			formatDate(
				'en-US',
				{
					hour: '2-digit',
					minute: '2-digit',
					hour12: true,
					timeZoneName: 'short',
					timeZone: 'America/Chicago',
				},
				at,
			),
		).toBe('04:25 AM CDT')
		expect(
			formatDate(
				'en-CA',
				{ year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Tokyo' },
				at,
			),
		).toBe('2026-10-27')
		// No zone is UTC, never the runtime's own.
		expect(dateParts('en-US', { day: '2-digit' }, new Date('2026-10-27T23:30:00Z')).day).toBe('27')
		expect(
			dateParts(
				'en-US',
				{ day: '2-digit', timeZone: 'Asia/Tokyo' },
				new Date('2026-10-27T23:30:00Z'),
			).day,
		).toBe('28')
	})
})
