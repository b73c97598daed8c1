import { describe, expect, it } from 'vitest'
import {
	backHref,
	pageItems,
	resultRow,
	landingHref,
	resultsParams,
	resultsSearch,
	showingText,
	timelineHref,
	type SearchRow,
} from './results'
import { noResultsText } from '~/lib/tracker/texts'

const row = (extra: Partial<SearchRow> = {}): SearchRow => ({
	shipSetId: 'id-1',
	orderNumber: 'SO-1001',
	referenceNumber: 'PO-7781',
	city: 'Chicago',
	state: 'IL',
	country: 'US',
	orderStatus: 'in_transit',
	lastStatus: 'In transit',
	lastStatusAt: '2026-10-27T09:25:00.000Z',
	lastStatusType: 'transit',
	lastStatusTimezone: 'America/Chicago',
	carrier: 'UPS',
	trackingNumber: '1Z999AA10123456784',
	...extra,
})

describe('results route parameters (000 §5 "page defaults to 1, sortBy to order_number, orderBy to asc")', () => {
	it('defaults, and falls back to them for values it does not know', () => {
		expect(resultsParams(new URLSearchParams())).toEqual({
			sortBy: 'order_number',
			orderBy: 'asc',
			page: 1,
			locked: false,
		})
		expect(resultsParams(new URLSearchParams('sortBy=price&orderBy=up&page=-3'))).toEqual({
			sortBy: 'order_number',
			orderBy: 'asc',
			page: 1,
			locked: false,
		})
		expect(
			resultsParams(new URLSearchParams('sortBy=reference_number&orderBy=desc&page=2')),
		).toEqual({
			sortBy: 'reference_number',
			orderBy: 'desc',
			page: 2,
			locked: false,
		})
	})
})

describe('pagination (000 §2 "10 per page, 2 neighbours each side, first and last arrows, text \'Showing results X-Y of N\'")', () => {
	it('shows two neighbours each side between the first and last arrows', () => {
		expect(pageItems(5, 9).map((i) => (i.kind === 'page' ? i.page : i.kind))).toEqual([
			'first',
			3,
			4,
			5,
			6,
			7,
			'last',
		])
		expect(pageItems(1, 2).map((i) => (i.kind === 'page' ? i.page : i.kind))).toEqual([
			'first',
			1,
			2,
			'last',
		])
		expect(pageItems(1, 1)).toEqual([])
	})

	it('says which results are shown', () => {
		expect(showingText(1, 10, 19)).toBe('Showing results 1-10 of 19')
		expect(showingText(2, 9, 19)).toBe('Showing results 11-19 of 19')
	})
})

describe('result rows (000 §2 "Columns")', () => {
	it('"Customer (city/state/country, or N/A)"', () => {
		expect(resultRow(row()).customer).toBe('Chicago, IL, US')
		expect(resultRow(row({ city: null, state: null, country: null })).customer).toBe('N/A')
	})

	it('"Last Status (text, date and time, carrier when the type is transit, warning icon when the type is exception; empty for Pending)"', () => {
		expect(resultRow(row()).lastStatus).toEqual({
			text: 'In transit',
			when: 'Oct 27, 2026 04:25 AM CDT',
			carrier: 'UPS',
			exception: false,
		})
		expect(resultRow(row({ lastStatusType: 'exception' })).lastStatus).toMatchObject({
			carrier: null,
			exception: true,
		})
		expect(resultRow(row({ orderStatus: 'pending' })).lastStatus).toBeNull()
	})

	it('badges In Process as In Transit and In Transit as Final Mile', () => {
		expect(resultRow(row()).statusLabel).toBe('Final Mile')
		expect(resultRow(row({ orderStatus: 'in_process' })).statusLabel).toBe('In Transit')
	})
})

describe('links', () => {
	it('"Each row links to /tracking/{organization}/{orderNo}/{rowKey} … with ?trackingNumber= appended when the row has one"', () => {
		expect(timelineHref('acme', 'PO-7781', { shipSetId: 'id-1', trackingNumber: null })).toBe(
			'/tracking/acme/PO-7781/id-1',
		)
		expect(timelineHref('acme', 'PO 77/81', { shipSetId: 'id-1', trackingNumber: '1Z9' })).toBe(
			'/tracking/acme/PO%2077%2F81/id-1?trackingNumber=1Z9',
		)
	})

	it('"back link … to /tracking when there was only one result, otherwise to the results list"', () => {
		const fromList = timelineHref(
			'acme',
			'PO-7781',
			{ shipSetId: 'id-1', trackingNumber: null },
			{
				sortBy: 'order_number',
				orderBy: 'desc',
				page: 1,
				locked: false,
			},
		)
		expect(fromList).toBe('/tracking/acme/PO-7781/id-1?from=results&orderBy=desc')
		expect(backHref('acme', 'PO-7781', new URL(fromList, 'http://x').searchParams)).toBe(
			'/tracking/acme/PO-7781?orderBy=desc',
		)
		expect(backHref('acme', 'SO-1001', new URLSearchParams('trackingNumber=1Z'))).toBe('/tracking')
	})

	it('"No results found. Please contact support at an address on {host} if you need help."', () => {
		expect(noResultsText('track.example.com')).toBe(
			'No results found. Please contact support at an address on track.example.com if you need help.',
		)
	})
})

describe('a locked organization (000 §2 "Query organization prefills and locks the organization field") survives the way back', () => {
	it('the row link and "Back to search page" keep lock=1; back to /tracking?organization=…', () => {
		const row = { shipSetId: 's1', trackingNumber: null }
		expect(timelineHref('acme', 'SO-1001', row, undefined, true)).toBe(
			'/tracking/acme/SO-1001/s1?lock=1',
		)
		expect(backHref('acme', 'SO-1001', new URLSearchParams('lock=1'))).toBe(
			'/tracking?organization=acme',
		)
		expect(backHref('acme', 'PO-7781', new URLSearchParams('from=results&lock=1'))).toBe(
			'/tracking/acme/PO-7781?lock=1',
		)
	})
	it("the list's pages and sorts keep lock=1, and so do its rows", () => {
		const list = resultsParams(new URLSearchParams('page=2&lock=1'))
		expect(list.locked).toBe(true)
		expect(resultsSearch({ ...list, page: 1 })).toBe(
			'?sortBy=order_number&orderBy=asc&page=1&lock=1',
		)
		expect(resultsSearch({ ...list, sortBy: 'reference_number', orderBy: 'desc', page: 1 })).toBe(
			'?sortBy=reference_number&orderBy=desc&page=1&lock=1',
		)
		expect(timelineHref('acme', 'PO-7781', { shipSetId: 's1', trackingNumber: null }, list)).toBe(
			'/tracking/acme/PO-7781/s1?lock=1&from=results&page=2',
		)
		expect(resultsSearch({ ...list, locked: false })).toBe(
			'?sortBy=order_number&orderBy=asc&page=2',
		)
	})
	it("the breadcrumb's way to the landing locks it again", () => {
		expect(landingHref('acme', true)).toBe('/tracking?organization=acme')
		expect(landingHref('acme', false)).toBe('/tracking')
	})
})
