import { describe, expect, it } from 'vitest'
import {
	otherParams,
	parseAverageTime,
	parseCarrier,
	parseIssues,
	parseWithoutUpdates,
	widgetSearch,
	WIDGETS,
} from './widget-page'
import { withParams } from '~/lib/search-params'

const q = (s: string) => new URLSearchParams(s)
const TYPE = '6f1c0a52-2b1e-4c55-9a55-0d8f8d7f0a11'

describe('widget page texts (001 §2, §8)', () => {
	it("the spec's empty texts", () => {
		expect(WIDGETS.following.empty).toBe('You have not followed any orders yet.')
		expect(WIDGETS['recently-viewed'].empty).toBe('You have not viewed any orders yet.')
		expect(WIDGETS['without-updates'].empty).toBe('No orders without updates.')
		expect(WIDGETS['issues-log'].empty).toBe('There are no orders available.')
	})
	it('no two widgets share a parameter', () => {
		const all = Object.values(WIDGETS).flatMap((w) => w.params)
		expect(new Set(all).size).toBe(all.length)
	})
})

describe('filters and their defaults (001 §9)', () => {
	it('"Average Order Time: 1, 3, 6, 12 months; default 12"', () => {
		expect(parseAverageTime(q(''))).toEqual({ months: 12, orderType: '' })
		expect(parseAverageTime(q(`time_months=3&time_type=${TYPE}`))).toEqual({
			months: 3,
			orderType: TYPE,
		})
		expect(parseAverageTime(q('time_months=5&time_type=nope')).months).toBe(12)
		expect(parseAverageTime(q('time_months=5&time_type=nope')).orderType).toBe('')
	})
	it('"Orders Without Updates: timeframe 1 day, 2 days, 3 days, 1 week (7), 2 weeks (14); default 2 days"', () => {
		expect(parseWithoutUpdates(q(''))).toEqual({
			before: 2,
			carrier: '',
			orderType: '',
			issueType: '',
			page: 1,
		})
		expect(
			parseWithoutUpdates(q('quiet_before=14&quiet_carrier=%20FedEx%20Ground%20')).before,
		).toBe(14)
		expect(parseWithoutUpdates(q('quiet_carrier=%20FedEx%20Ground%20')).carrier).toBe(
			'FedEx Ground',
		)
		expect(parseWithoutUpdates(q('quiet_before=4')).before).toBe(2)
	})
	it('"Carrier Performance (widget page): months 3, 6, 12, default 6; conveyance types Ground 0, Air 1, Ocean 2, default Ground"', () => {
		expect(parseCarrier(q(''))).toEqual({ months: 6, conveyance: 0 })
		expect(parseCarrier(q('carrier_months=12&carrier_conveyance=2'))).toEqual({
			months: 12,
			conveyance: 2,
		})
		expect(parseCarrier(q('carrier_months=1&carrier_conveyance=7'))).toEqual({
			months: 6,
			conveyance: 0,
		})
	})
	it('"Issues Log: filters default to \'any\'"; "toggles between count and deliveryValue"', () => {
		expect(parseIssues(q(''))).toEqual({ carrier: '', orderType: '', before: '', view: 'count' })
		expect(parseIssues(q('issues_before=7&issues_view=value'))).toMatchObject({
			before: 7,
			view: 'value',
		})
		expect(parseIssues(q('issues_before=8&issues_view=other'))).toMatchObject({
			before: '',
			view: 'count',
		})
	})
})

describe('each widget its own parameters', () => {
	const search = 'following_page=2&time_months=3&issues_view=value&issues_carrier=&other=1'
	it("a widget's query holds only its own, non-empty parameters", () => {
		expect(widgetSearch('following', search)).toBe('following_page=2')
		// The Issues Log's view is how it shows the same data: switching it reads nothing.
		expect(widgetSearch('issues-log', search)).toBe('')
		expect(widgetSearch('issues-log', 'issues_view=value&issues_before=7')).toBe('issues_before=7')
		expect(widgetSearch('average-time', search)).toBe('time_months=3')
		expect(widgetSearch('carrier-performance', search)).toBe('')
	})
	it("a filter form keeps every other widget's parameters", () => {
		expect(otherParams('issues-log', search)).toEqual([
			['following_page', '2'],
			['time_months', '3'],
			['other', '1'],
		])
	})
	it('changing one parameter leaves the rest', () => {
		expect(withParams('a=1&following_page=2', { following_page: 3 })).toBe('?a=1&following_page=3')
		expect(withParams('following_page=2', { following_page: null })).toBe('?')
	})
})

describe('who sees what (001 §6)', async () => {
	const { showsIssuesLog, showsCarrierPerformance } = await import('./widget-page')
	it("Issues Log: the supply chain's toggle and the DASHBOARD service, both", () => {
		expect(showsIssuesLog(true, ['CORE', 'DASHBOARD', 'TRACKER'])).toBe(true)
		expect(showsIssuesLog(true, ['CORE'])).toBe(false)
		expect(showsIssuesLog(false, ['DASHBOARD'])).toBe(false)
	})
	it('"Carrier Performance needs toggle web.ui.dashboard.carrierPerformance"', () => {
		expect(showsCarrierPerformance(true)).toBe(true)
		expect(showsCarrierPerformance(false)).toBe(false)
	})
})
