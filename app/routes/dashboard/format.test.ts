import { describe, expect, it } from 'vitest'
import { dollars } from '~/lib/intl-formats'
import {
	AGE_BUCKETS,
	ageBucket,
	averageTimeSubtitle,
	carrierDays,
	CONVEYANCE_LABELS,
	formatDuration,
	formatEventTime,
	greeting,
	hoursToCardDays,
	hoursToDays,
	monthLabel,
	monthsLabel,
	orderStatus,
	pageAfterRemoval,
	pageCount,
	pageNumbers,
	parsePage,
	percent,
	SEE_MORE,
	showingRange,
	signedTrend,
	timeframeLabel,
	WIDGET_PAGE_SIZE,
} from './format'

describe('widget paging (001 §2, §4, §9)', () => {
	it('"Following and Recently Viewed pages hold 5 rows each"', () => {
		expect(WIDGET_PAGE_SIZE).toBe(5)
		expect(pageCount(0)).toBe(1)
		expect(pageCount(5)).toBe(1)
		expect(pageCount(6)).toBe(2)
		expect(pageCount(11)).toBe(3)
	})
	it('"Text \'Showing a-b of n\'"', () => {
		expect(showingRange(1, 12)).toBe('Showing 1-5 of 12')
		expect(showingRange(2, 12)).toBe('Showing 6-10 of 12')
		expect(showingRange(3, 12)).toBe('Showing 11-12 of 12')
		expect(showingRange(1, 3)).toBe('Showing 1-3 of 3')
		expect(showingRange(1, 1)).toBe('Showing 1-1 of 1')
	})
	it('an empty list reads "Showing 0 of 0"; a page past the end reads as the last page', () => {
		expect(showingRange(1, 0)).toBe('Showing 0 of 0')
		expect(showingRange(9, 7)).toBe('Showing 6-7 of 7')
	})
	it('"Pagination shows 2 neighbouring pages"', () => {
		expect(pageNumbers(5, 10)).toEqual([3, 4, 5, 6, 7])
		expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 4, 5])
		expect(pageNumbers(2, 10)).toEqual([1, 2, 3, 4, 5])
		expect(pageNumbers(10, 10)).toEqual([6, 7, 8, 9, 10])
		expect(pageNumbers(2, 3)).toEqual([1, 2, 3])
		expect(pageNumbers(1, 1)).toEqual([1])
		expect(pageNumbers(4, 10, 1)).toEqual([3, 4, 5])
	})
	it('"the page moves to the last page if the current one no longer exists"', () => {
		// 6 rows on 2 pages; the only row of page 2 is unfollowed: 5 rows, page 1.
		expect(pageAfterRemoval(2, 5)).toBe(1)
		// Page 2 of 12 rows still exists after one removal.
		expect(pageAfterRemoval(2, 11)).toBe(2)
		expect(pageAfterRemoval(3, 10)).toBe(2)
		expect(pageAfterRemoval(1, 0)).toBe(1)
	})
	it('a page in the URL is a whole number from 1 on', () => {
		expect(parsePage('3')).toBe(3)
		expect(parsePage(null)).toBe(1)
		expect(parsePage('0')).toBe(1)
		expect(parsePage('-2')).toBe(1)
		expect(parsePage('1.5')).toBe(1)
		expect(parsePage('abc')).toBe(1)
	})
})

describe('days and hours (001 §2, §3, §9)', () => {
	it('"Hours to days with one decimal on the widget page"', () => {
		expect(hoursToDays(36)).toBe('1.5')
		expect(hoursToDays(100)).toBe('4.2')
		expect(hoursToDays(0)).toBe('0.0')
	})
	it('"on the newer card days = hours/24 with 2 decimals"', () => {
		expect(hoursToCardDays(36)).toBe('1.50')
		expect(hoursToCardDays(100)).toBe('4.17')
	})
	it('"Carrier Performance (widget page): ... days shown with 2 decimals"', () => {
		expect(carrierDays(50)).toBe('2.08')
		expect(carrierDays(24)).toBe('1.00')
	})
	it('"The subtitle shows days and hours"', () => {
		expect(averageTimeSubtitle(76)).toBe('3 days 4 hours')
		expect(averageTimeSubtitle(25)).toBe('1 day 1 hour')
		expect(averageTimeSubtitle(47.6)).toBe('2 days 0 hours')
		expect(averageTimeSubtitle(5)).toBe('0 days 5 hours')
		expect(averageTimeSubtitle(null)).toBeNull()
	})
	it('"month (\'MMM yyyy\')"', () => {
		expect(monthLabel('2025-01')).toBe('Jan 2025')
		expect(monthLabel('2024-12')).toBe('Dec 2024')
		expect(monthLabel('Mar 2025')).toBe('Mar 2025')
	})
})

describe('percentages, trends and dollars (001 §5, §9)', () => {
	it('"on-time percentage shows 2 decimals"', () => {
		expect(percent(87.5)).toBe('87.50%')
		expect(percent(100)).toBe('100.00%')
		expect(percent(33.3333)).toBe('33.33%')
	})
	it('"a positive trend is shown with a + sign"', () => {
		expect(signedTrend(2.5)).toBe('+2.50')
		expect(signedTrend(-1)).toBe('-1.00')
		expect(signedTrend(0)).toBe('0.00')
		// rounds to zero: no sign at all
		expect(signedTrend(0.001)).toBe('0.00')
		expect(signedTrend(-0.001)).toBe('0.00')
	})
	it('"chart label has a $ sign for delivery value"', () => {
		expect(dollars(1234.5)).toBe('$1,234.50')
		expect(dollars(0)).toBe('$0.00')
	})
})

describe('Issues Log ages (001 §9)', () => {
	it('"Issues Log: ... colours by age of 1 day, 3 days and 5 days"', () => {
		expect(AGE_BUCKETS.map((b) => b.days)).toEqual([1, 3, 5, 6])
		expect(ageBucket(1).label).toBe('1 day')
		expect(ageBucket(3).label).toBe('3 days')
		expect(ageBucket(5).label).toBe('5 days')
		expect(ageBucket(6).label).toBe('More than 5 days')
		expect(ageBucket(40).label).toBe('More than 5 days')
		expect(ageBucket(2).days).toBe(3)
		// one colour per age, each a design token
		expect(new Set(AGE_BUCKETS.map((b) => b.token)).size).toBe(4)
		for (const b of AGE_BUCKETS) expect(b.token).toMatch(/^--color-/)
	})
})

describe('filter choices (001 §2, §9)', () => {
	it('"timeframe 1 day, 2 days, 3 days, 1 week (7), 2 weeks (14)"', () => {
		expect([1, 2, 3, 7, 14].map(timeframeLabel)).toEqual([
			'1 day',
			'2 days',
			'3 days',
			'1 week',
			'2 weeks',
		])
	})
	it('"1, 3, 6, 12 Months"', () => {
		expect([1, 3, 6, 12].map(monthsLabel)).toEqual(['1 Month', '3 Months', '6 Months', '12 Months'])
	})
	it('"conveyance types Ground 0, Air 1, Ocean 2"', () => {
		expect(CONVEYANCE_LABELS).toEqual({ 0: 'Ground', 1: 'Air', 2: 'Ocean' })
	})
})

describe('texts (001 §4, §5, §9)', () => {
	it('"Comments longer than 150 characters are shortened with \'...See more\'"', () => {
		expect(SEE_MORE).toBe('...See more')
	})
	it('"Dates that cannot be parsed show \'N/A\'"', () => {
		expect(formatEventTime('not a date', null)).toBe('N/A')
		expect(formatEventTime(null, 'UTC')).toBe('N/A')
		expect(formatEventTime('2026-11-20T15:04:00Z', 'UTC')).toBe('11/20/26 03:04 PM UTC')
	})
	it('"Duration formatting: values of 30 s or less show \'0h\'; otherwise weeks, days, hours and minutes"', () => {
		expect(formatDuration(0)).toBe('0h')
		expect(formatDuration(30)).toBe('0h')
		expect(formatDuration(31)).toBe('1m')
		expect(formatDuration(3600)).toBe('1h')
		expect(formatDuration(90_061)).toBe('1d 1h 1m')
		expect(formatDuration(8 * 86_400 + 2 * 3600)).toBe('1w 1d 2h')
		expect(formatDuration(14 * 86_400 + 59)).toBe('2w 1m')
	})
	it("\"in_transit 'In Transit', final_mile 'Final Mile', delivered 'Delivered', pending 'Pending', cancelled 'Canceled', closed 'Closed'\"", () => {
		expect(
			['in_transit', 'final_mile', 'delivered', 'pending', 'cancelled', 'closed'].map(
				(s) => orderStatus(s).label,
			),
		).toEqual(['In Transit', 'Final Mile', 'Delivered', 'Pending', 'Canceled', 'Closed'])
		expect(orderStatus('in_process').label).toBe('Pending')
	})
	it('"An exception flag adds a warning icon"', () => {
		expect(orderStatus('in_transit', 'exception').exception).toBe(true)
		expect(orderStatus('in_transit', 'milestone').exception).toBe(false)
		expect(orderStatus('in_transit').exception).toBe(false)
	})
})

describe('greeting (001 §1)', () => {
	it("reads 'Welcome to your dashboard, {given name}', or the e-mail without one", () => {
		expect(greeting({ given_name: 'Olivia', email: 'olivia@acme.test' })).toBe(
			'Welcome to your dashboard, Olivia',
		)
		expect(greeting({ given_name: null, email: 'victor@acme.test' })).toBe(
			'Welcome to your dashboard, victor@acme.test',
		)
	})
})
