import { describe, expect, it } from 'vitest'
import {
	breachCountText,
	clearedForm,
	clearHref,
	durationsByType,
	formatDuration,
	formatShortDate,
	historicalKey,
	itemTypeLabel,
	lastTwoWeeks,
	ordersShown,
	padRows,
	pageHref,
	pagerEntries,
	parseHistorical,
	parseShortDate,
	sensorRows,
	showsHistoricalBreaches,
	thresholdText,
	utcRange,
	utcToday,
	type PagerEntry,
} from './historical'
import { unitLabel } from './units'

const TODAY = '2026-11-25'
const q = (s: string) => new URLSearchParams(s)
/** The pager as text: 0-based pages shown 1-based, '…' for a break, [n] the current one. */
const pager = (current: number, total: number) =>
	pagerEntries(current, total)
		.map((e: PagerEntry) =>
			e.kind === 'break' ? '…' : e.page === current ? `[${e.page + 1}]` : String(e.page + 1),
		)
		.join(' ')

describe('Historical Breaches filters (001 §2, §4, §5, §7, §9)', () => {
	it('"Search Date range: start and end, format MM/DD/YY"', () => {
		expect(parseShortDate('11/03/26')).toBe('2026-11-03')
		expect(parseShortDate(' 1/3/26 ')).toBe('2026-01-03')
		expect(parseShortDate('11/03/2026')).toBe('2026-11-03')
		expect(parseShortDate('2026-11-03')).toBe('2026-11-03')
		expect(parseShortDate('02/30/26')).toBeNull()
		expect(parseShortDate('13/01/26')).toBeNull()
		expect(parseShortDate('yesterday')).toBeNull()
		expect(formatShortDate('2026-01-03')).toBe('01/03/26')
	})

	it('"Historical breaches: default last 2 weeks" (001 §9)', () => {
		expect(lastTwoWeeks(TODAY)).toEqual({ from: '2026-11-11', to: '2026-11-25' })
		expect(lastTwoWeeks('2026-03-05')).toEqual({ from: '2026-02-19', to: '2026-03-05' })
		expect(utcToday(new Date('2026-11-25T23:59:59-05:00'))).toBe('2026-11-26')
	})

	it('"The historical date range is sent in UTC" (001 §7): the start day from its first instant, the end day to its last', () => {
		expect(utcRange({ from: '2026-11-11', to: '2026-11-25' })).toEqual({
			date_from: '2026-11-11T00:00:00.000Z',
			date_to: '2026-11-25T23:59:59.999Z',
		})
		expect(utcRange({ from: null, to: '2026-11-25' })).toEqual({
			date_to: '2026-11-25T23:59:59.999Z',
		})
	})

	it('a first visit searches the last two weeks, every sensor, page 0', () => {
		const s = parseHistorical(q(''), TODAY)
		expect(s.form).toEqual({ order: '', from: '11/11/26', to: '11/25/26', sensors: [] })
		expect(s.query).toEqual({
			page: 0,
			limit: 5,
			date_from: '2026-11-11T00:00:00.000Z',
			date_to: '2026-11-25T23:59:59.999Z',
		})
	})

	it('"Search text is trimmed before sending" (001 §5); six sensor toggles; an empty date is no bound', () => {
		const s = parseHistorical(
			q(
				'hist_order=%20so-2%20&hist_from=&hist_to=11/20/26&hist_sensor=tilt&hist_sensor=humidity&hist_sensor=smell&hist_page=3',
			),
			TODAY,
		)
		expect(s.form.sensors).toEqual(['humidity', 'tilt'])
		expect(s.query).toEqual({
			page: 3,
			limit: 5,
			date_to: '2026-11-20T23:59:59.999Z',
			sensors: 'humidity,tilt',
			order_number: 'so-2',
		})
	})

	it('"Search Date maximum is today" (001 §5); an end before the start and a bad date are refused, nothing is sent', () => {
		expect(parseHistorical(q('hist_to=11/26/26'), TODAY)).toMatchObject({
			query: null,
			errors: { to: 'Choose a date no later than today' },
		})
		expect(parseHistorical(q('hist_from=11/20/26&hist_to=11/19/26'), TODAY)).toMatchObject({
			query: null,
			errors: { to: 'The end date must not be before the start date' },
		})
		expect(parseHistorical(q('hist_from=31/12/26'), TODAY)).toMatchObject({
			query: null,
			errors: { from: 'Enter a date as MM/DD/YY' },
		})
		expect(parseHistorical(q('hist_to=11/25/26'), TODAY).errors).toEqual({})
	})

	it('"Clear Filters resets the fields only (order number empty, dates the last 2 weeks, sensors off) and does not search" (001 §4)', () => {
		expect(clearedForm(TODAY)).toEqual({ order: '', from: '11/11/26', to: '11/25/26', sensors: [] })
		// Without JavaScript it is a link that keeps the search (the same key) and marks the form cleared.
		const search = 'tab=breached&hist_order=SO&hist_sensor=tilt&hist_page=2'
		const cleared = clearHref(search)
		expect(new URLSearchParams(cleared).get('hist_clear')).toBe('1')
		expect(historicalKey(cleared)).toBe(historicalKey(search))
	})

	it('"Search resets the page to 0" (001 §4): the form carries no page; pages are 0-based in the URL', () => {
		expect(pageHref('tab=breached&hist_page=2&hist_clear=1', 0)).toBe('?tab=breached')
		expect(pageHref('tab=breached', 3)).toBe('?tab=breached&hist_page=3')
		expect(historicalKey('other=1&hist_page=2&hist_order=SO')).toBe('hist_order=SO&hist_page=2')
	})
})

describe('Historical Breaches table (001 §2, §9)', () => {
	it('"a range of 4 pages and 1 margin page"; "pages are 0-based"', () => {
		expect(pager(0, 1)).toBe('[1]')
		expect(pager(0, 4)).toBe('[1] 2 3 4')
		expect(pager(0, 10)).toBe('[1] 2 3 4 … 10')
		expect(pager(5, 12)).toBe('1 … 4 5 [6] 7 8 … 12')
		expect(pager(9, 10)).toBe('1 … 7 8 9 [10]')
		// A gap of one page shows the page.
		expect(pager(2, 10)).toBe('1 2 [3] 4 5 … 10')
		expect(pager(4, 10)).toBe('1 2 3 4 [5] 6 7 … 10')
		expect(pager(0, 0)).toBe('')
	})

	it('"The table is padded to 5 rows"', () => {
		expect(padRows(['a', 'b'])).toEqual(['a', 'b', null, null, null])
		expect(padRows([])).toHaveLength(5)
		expect(padRows([1, 2, 3, 4, 5, 6])).toHaveLength(6)
	})

	it('"Sensors are shown up to 6, in two rows of three"', () => {
		expect(sensorRows([1, 2, 3, 4, 5, 6, 7])).toEqual([
			[1, 2, 3],
			[4, 5, 6],
		])
		expect(sensorRows([1, 2])).toEqual([[1, 2]])
	})

	it('"Orders show 3 by default and a button such as \'and 9 more\'"', () => {
		expect(ordersShown([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toMatchObject({
			shown: [1, 2, 3],
			more: 'and 9 more',
		})
		expect(ordersShown([1, 2, 3])).toEqual({ shown: [1, 2, 3], rest: [], more: null })
	})

	it('"Duration formatting: values of 30 s or less show \'0h\'; otherwise weeks, days, hours and minutes" (001 §9)', () => {
		expect(formatDuration(30)).toBe('0h')
		expect(formatDuration(18_000)).toBe('5h')
		expect(breachCountText(5, 18_000)).toBe('5 breaches (5h)')
		expect(breachCountText(1, 20)).toBe('1 breach (0h)')
		expect(
			durationsByType([
				{ value: 3600, type: 'above' },
				{ value: 7200, type: 'above' },
				{ value: 90_000, type: 'below' },
			]),
		).toEqual(['3h above', '1d 1h below'])
	})

	it('"hover tooltip listing min and max thresholds"; unit labels (001 §2)', () => {
		expect(thresholdText({ min: 2, max: 8 }, unitLabel('degrees_celsius'))).toEqual({
			min: '2 °C',
			max: '8 °C',
		})
		expect(thresholdText({ min: null, max: 2500 }, unitLabel('mg'))).toEqual({
			min: 'None',
			max: '2500 mg',
		})
		expect(unitLabel('percent')).toBe('%')
		expect(itemTypeLabel('pallet')).toBe('handling unit')
	})

	it('"Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER"; "Historical breaches need toggle scm.historicalBreaches" (001 §6)', () => {
		expect(showsHistoricalBreaches(true, ['CORE', 'TRACKER'])).toBe(true)
		expect(showsHistoricalBreaches(false, ['TRACKER'])).toBe(false)
		expect(showsHistoricalBreaches(true, ['CORE'])).toBe(false)
	})
})
