import { describe, expect, it } from 'vitest'
import {
	affectedOrders,
	axisTime,
	breachesRereads,
	chartLegend,
	exceptionView,
	formatBreachStart,
	hasMoreBreaches,
	isDrawnThreshold,
	listTitle,
	moreHref,
	ongoingListKey,
	ongoingListUrl,
	ONGOING_PAGE_SIZE,
	ONGOING_TEXTS,
	ONGOING_WIDGET_PAGE_SIZE,
	pageSizeOf,
	paramsOutsideOngoing,
	parseOngoing,
	reportedFor,
	searchHref,
	selectedBreach,
	selectHref,
	sensorTypesLabel,
	showsBreaches,
	showsSearch,
	startedOn,
	thresholdLines,
	titleCase,
	yAxisRange,
} from './ongoing'
import { unitLabel } from './units'

const ID = '0b7d2c8e-1f4a-4c1e-9a77-2d1e4b5c6a7f'
const summary = (over: Partial<Parameters<typeof exceptionView>[0]> = {}) => ({
	sensorTypeCode: 'temperature',
	firstEvent: {
		summary: 'Temperature above maximum threshold of 8 °C (reading 8.9 °C)',
		eventAt: '2026-10-23T14:00:00Z',
	},
	minThresholdValue: 2,
	maxThresholdValue: 8,
	sensorUomCode: 'degrees_celsius',
	...over,
})
const readings = (values: number[], from = Date.parse('2026-10-23T00:00:00Z')) =>
	values.map((value, i) => ({ measureAt: new Date(from + i * 3600_000).toISOString(), value }))

describe('who sees Ongoing Breaches (001 §6)', () => {
	it('"Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER."', () => {
		expect(showsBreaches(['CORE', 'DASHBOARD', 'TRACKER'])).toBe(true)
		expect(showsBreaches(['CORE'])).toBe(false)
		expect(showsBreaches(null)).toBe(false)
	})
})

describe('the list (001 §2 "List")', () => {
	it('"Title \'Ongoing Breaches\' with the total in parentheses once loading is done and the total is above 0."', () => {
		expect(listTitle(12, false)).toBe('Ongoing Breaches (12)')
		expect(listTitle(12, true)).toBe('Ongoing Breaches')
		expect(listTitle(0, false)).toBe('Ongoing Breaches')
		expect(listTitle(null, false)).toBe('Ongoing Breaches')
	})

	it('"Box \'Search Order #\'; hidden when no breaches exist." (kept while a search finds none)', () => {
		expect(showsSearch(3, '')).toBe(true)
		expect(showsSearch(0, '')).toBe(false)
		expect(showsSearch(0, 'SO-9')).toBe(true)
	})

	it('"Empty text: \'No ongoing breaches to report\'."; detail: "\'No breached order selected.\'", "\'No exceptions to report\'"', () => {
		expect(ONGOING_TEXTS.empty).toBe('No ongoing breaches to report')
		expect(ONGOING_TEXTS.noneSelected).toBe('No breached order selected.')
		expect(ONGOING_TEXTS.noExceptions).toBe('No exceptions to report')
		expect(ONGOING_TEXTS.trackerLink).toBe('View all sensor data in IoT Tracker')
	})

	it('"\'Reported for {item type} {item name}\'" with "Item type labels: pallet = handling unit, carton = piece number, shipset = order number."', () => {
		expect(reportedFor({ itemType: 'pallet', name: 'PLT-1001-1' })).toBe(
			'Reported for handling unit PLT-1001-1',
		)
		expect(reportedFor({ itemType: 'carton', name: 'CTN-7' })).toBe(
			'Reported for piece number CTN-7',
		)
		expect(reportedFor({ itemType: 'shipset', name: 'SO-1001' })).toBe(
			'Reported for order number SO-1001',
		)
		expect(reportedFor({ itemType: 'crate', name: 'C-1' })).toBe('Reported for crate C-1')
	})

	it('"affected orders (first entry, then \'and N more\' when more than 3)"', () => {
		expect(affectedOrders(['SO-1'])).toEqual({ shown: ['SO-1'], more: null })
		expect(affectedOrders(['SO-1', 'SO-2', 'SO-3'])).toEqual({
			shown: ['SO-1', 'SO-2', 'SO-3'],
			more: null,
		})
		expect(affectedOrders(['SO-1', 'SO-2', 'SO-3', 'SO-4'])).toEqual({
			shown: ['SO-1'],
			more: 'and 3 more',
		})
		expect(affectedOrders([])).toEqual({ shown: [], more: null })
	})

	it('"breached sensor types, sorted and in title case"', () => {
		expect(sensorTypesLabel(['temperature', 'humidity', 'shock'])).toBe(
			'Humidity, Shock, Temperature',
		)
		expect(sensorTypesLabel(['tilt', 'tilt'])).toBe('Tilt')
		expect(titleCase('relative_humidity')).toBe('Relative Humidity')
	})

	it('"Ongoing breaches: page size 15 (5 on the widget page)" (001 §9)', () => {
		expect(ONGOING_PAGE_SIZE).toBe(15)
		expect(ONGOING_WIDGET_PAGE_SIZE).toBe(5)
		expect(pageSizeOf('tab')).toBe(15)
		expect(pageSizeOf('widget')).toBe(5)
	})
})

describe('the detail (001 §2 "Detail")', () => {
	it("\"'Started on: {date}' formatted like 'ddd, DD MMM YYYY h:mm A z'\", in the breach’s zone", () => {
		expect(startedOn('2026-10-23T14:00:00Z', 'America/Kentucky/Louisville')).toBe(
			'Started on: Fri, 23 Oct 2026 10:00 AM EDT',
		)
		expect(formatBreachStart('2026-12-01T09:05:00Z', 'UTC')).toBe('Tue, 01 Dec 2026 9:05 AM UTC')
		expect(formatBreachStart('2026-12-01T09:05:00Z', null)).toBe('Tue, 01 Dec 2026 9:05 AM UTC')
	})

	it('a reading’s time on the chart’s axis, in the breach’s zone', () => {
		expect(axisTime('2026-10-23T14:00:00Z', 'America/Kentucky/Louisville')).toBe('23 Oct 10:00')
		expect(axisTime(Date.parse('2026-10-23T14:00:00Z'), 'UTC')).toBe('23 Oct 14:00')
		expect(axisTime('nope')).toBe('N/A')
	})

	it('"Dates that cannot be parsed show \'N/A\'." (001 §5)', () => {
		expect(formatBreachStart('not a date')).toBe('N/A')
		expect(formatBreachStart(null)).toBe('N/A')
	})

	it('"Unit labels: percent %, degrees_celsius °C, lux, mg, pascal Pa; \'degrees\' is also a unit code."', () => {
		expect(['percent', 'degrees_celsius', 'lux', 'mg', 'pascal', 'degrees'].map(unitLabel)).toEqual(
			['%', '°C', 'lux', 'mg', 'Pa', '°'],
		)
		expect(unitLabel('kelvin')).toBe('kelvin')
	})
})

describe('the chart (001 §2, §5, §9)', () => {
	it('"The chart is a line chart of the latest 60 readings": the newest 60, oldest first', () => {
		const many = readings(Array.from({ length: 75 }, (_, i) => i))
		const view = exceptionView(summary(), [...many].reverse())
		expect(view.measurements).toHaveLength(60)
		expect(view.measurements[0]!.y).toBe(15)
		expect(view.measurements[59]!.y).toBe(74)
		expect(view.maxMeasurement).toBe(74)
		expect(view.unit).toBe('°C')
		expect(view.title).toBe('Temperature')
	})

	it('"Threshold lines are drawn only for non-null numeric thresholds." (001 §5)', () => {
		expect(thresholdLines(exceptionView(summary(), []))).toEqual([
			{ label: 'Minimum threshold', value: 2 },
			{ label: 'Maximum threshold', value: 8 },
		])
		expect(thresholdLines(exceptionView(summary({ minThresholdValue: null }), []))).toEqual([
			{ label: 'Maximum threshold', value: 8 },
		])
		expect(
			thresholdLines({
				minThresholdValue: Number.NaN,
				maxThresholdValue: '8' as unknown as number,
			}),
		).toEqual([])
		expect(isDrawnThreshold(0)).toBe(true)
	})

	it('"The y axis starts at 0 and runs up to the larger of the max threshold and the max measurement."', () => {
		expect(yAxisRange(exceptionView(summary(), readings([5, 11.2, 6])))).toEqual({
			min: 0,
			max: 11.2,
		})
		expect(yAxisRange(exceptionView(summary(), readings([5, 6])))).toEqual({ min: 0, max: 8 })
		expect(
			yAxisRange(exceptionView(summary({ maxThresholdValue: null }), readings([5, 6]))),
		).toEqual({ min: 0, max: 6 })
		// Decision: a reading below 0 is not drawn off the chart.
		expect(
			yAxisRange(
				exceptionView(
					summary({ minThresholdValue: -25, maxThresholdValue: -15 }),
					readings([-18, -12]),
				),
			),
		).toEqual({ min: -25, max: 1 })
	})

	it('"The legend reads \'Showing data from ...\'": the first and last reading drawn', () => {
		const view = exceptionView(summary(), readings([5, 6, 7]))
		expect(chartLegend(view, 'UTC')).toBe(
			'Showing data from Fri, 23 Oct 2026 12:00 AM UTC to Fri, 23 Oct 2026 2:00 AM UTC',
		)
		expect(chartLegend(exceptionView(summary(), []), 'UTC')).toBeNull()
	})
})

describe('URL state and the steps of 001 §4 "Ongoing breaches"', () => {
	it('reads ?breach, ?breach_q (trimmed) and ?breach_page, refusing what is not theirs', () => {
		expect(
			parseOngoing(new URLSearchParams(`breach=${ID}&breach_q=%20SO-1001%20&breach_page=3`)),
		).toEqual({ breach: ID, q: 'SO-1001', page: 3 })
		expect(parseOngoing(new URLSearchParams('breach=nope&breach_page=-2'))).toEqual({
			breach: null,
			q: '',
			page: 1,
		})
		expect(parseOngoing(new URLSearchParams('breach_page=999')).page).toBe(999)
		expect(parseOngoing(new URLSearchParams('breach_page=9999999')).page).toBe(20_000)
	})

	it('"On load, fetch the list and select the first item"; "An empty result clears the selected breach."', () => {
		const list = [{ breachedOrderId: 'a' }, { breachedOrderId: 'b' }]
		expect(selectedBreach({ breach: null }, list)).toBe('a')
		expect(selectedBreach({ breach: 'b' }, list)).toBe('b')
		expect(selectedBreach({ breach: 'b' }, [])).toBeNull()
		expect(selectedBreach({ breach: null }, null)).toBeNull()
	})

	it('"after 500 ms without typing, the filtered list is fetched and its first result selected"; "Clearing the search returns to the unfiltered list."', () => {
		expect(searchHref(`?tab=breached_orders&breach=${ID}&breach_page=2`, ' SO-1001 ')).toBe(
			'?tab=breached_orders&breach_q=SO-1001',
		)
		expect(searchHref('?tab=breached_orders&breach_q=SO-1001', '   ')).toBe('?tab=breached_orders')
	})

	it('"More items load on scroll (page increases)"; an item is a link that keeps the search', () => {
		expect(moreHref('?breach_q=SO', parseOngoing(new URLSearchParams('breach_q=SO')))).toBe(
			'?breach_q=SO&breach_page=2',
		)
		expect(selectHref('?breach_q=SO&breach_page=2', ID)).toBe(
			`?breach_q=SO&breach_page=2&breach=${ID}`,
		)
		expect(hasMoreBreaches(15, 16)).toBe(true)
		expect(hasMoreBreaches(16, 16)).toBe(false)
		// No cap short of the API's furthest offset: 300 breaches of 400 load on.
		expect(hasMoreBreaches(300, 400)).toBe(true)
		expect(hasMoreBreaches(100_000, 200_000)).toBe(false)
	})

	it('"More items load on scroll (page increases)", by offset (as 001 §4 pages the tabbed lists): a page more is read alone and appended', () => {
		const q = new URLSearchParams('tab=breached_orders&breach_q=SO-10&breach_page=2&breach=x')
		// The list's key is its search and place, not its pages: a page more does not read it again.
		expect(ongoingListKey('tab', q)).toBe(
			ongoingListKey('tab', new URLSearchParams('breach_q=SO-10')),
		)
		expect(ongoingListKey('tab', q)).not.toBe(ongoingListKey('widget', q))
		expect(ongoingListUrl('tab', q.toString())).toBe(
			'/dashboard/breaches/ongoing?place=tab&breach_q=SO-10&breach_page=2',
		)
		expect(ongoingListUrl('widget', q.toString(), 10)).toBe(
			'/dashboard/breaches/ongoing?place=widget&breach_q=SO-10&offset=10',
		)
		expect(ongoingListUrl('widget', '', 5)).toBe(
			'/dashboard/breaches/ongoing?place=widget&offset=5',
		)
	})

	it('the search form keeps the other parts’ parameters only', () => {
		expect(
			paramsOutsideOngoing(`tab=breached_orders&breach=${ID}&breach_q=x&breach_page=2&hist_page=3`),
		).toEqual([
			['tab', 'breached_orders'],
			['hist_page', '3'],
		])
	})

	it('a link or search of Ongoing Breaches reads it alone; anything else reads the page', () => {
		const at = (path: string) => new URL(path, 'http://x')
		expect(
			breachesRereads(
				at('/dashboard?tab=breached_orders'),
				at(`/dashboard?tab=breached_orders&breach=${ID}`),
			),
		).toBe(false)
		expect(
			breachesRereads(
				at('/dashboard/old?following_page=2'),
				at('/dashboard/old?following_page=2&breach_q=SO&breach_page=2'),
			),
		).toBe(false)
		expect(
			breachesRereads(at('/dashboard?tab=breached_orders'), at('/dashboard?tab=live_feed')),
		).toBe(true)
		expect(
			breachesRereads(at('/dashboard?tab=breached_orders'), at('/dashboard?tab=breached_orders')),
		).toBe(true)
		expect(breachesRereads(at('/search?breach=1'), at('/search?breach=2'))).toBe(true)
		// Historical Breaches' search and pages read it alone too.
		expect(
			breachesRereads(
				at('/dashboard?tab=breached_orders'),
				at('/dashboard?tab=breached_orders&hist_sensor=tilt&hist_page=1'),
			),
		).toBe(false)
		expect(
			breachesRereads(
				at('/dashboard/old?hist_page=1'),
				at('/dashboard/old?hist_page=2&hist_clear=1'),
			),
		).toBe(false)
	})
})
