import { describe, expect, it } from 'vitest'
import { dateParts, shortDollars } from './intl-formats'

/** What Intl itself answers, with a format of its own. */
function fresh(locale: string, options: Intl.DateTimeFormatOptions, date: Date) {
	const out: Record<string, string> = {}
	for (const p of new Intl.DateTimeFormat(locale, options).formatToParts(date))
		if (p.type !== 'literal') out[p.type] = p.value
	return out
}

describe('dateParts', () => {
	const at = new Date('2026-10-23T13:40:00Z')
	const time = {
		year: '2-digit',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h12',
		timeZoneName: 'short',
	} as const

	it('answers what Intl answers, the first time and with a kept format, per zone and per instant', () => {
		for (const timeZone of ['America/Chicago', 'Asia/Tokyo', 'UTC']) {
			const options = { ...time, timeZone }
			expect(dateParts('en-US', options, at)).toEqual(fresh('en-US', options, at))
			expect(dateParts('en-US', options, at)).toEqual(fresh('en-US', options, at))
		}
		expect(dateParts('en-US', { ...time, timeZone: 'Asia/Tokyo' }, at).day).toBe('23')
		expect(
			dateParts('en-US', { ...time, timeZone: 'Asia/Tokyo' }, new Date('2026-10-23T15:40:00Z')).day,
		).toBe('24')
	})
})

describe('shortDollars', () => {
	it("writes an axis' money short", () => {
		expect([0, 950, 20000, 1250000, 2500].map(shortDollars)).toEqual([
			'$0',
			'$950',
			'$20K',
			'$1.3M',
			'$2.5K',
		])
	})
})
