import { describe, expect, it } from 'vitest'
import {
	backHref,
	landingHref,
	pageItems,
	resultsParams,
	resultsSearch,
	showingText,
	timelineHref,
} from './results'
import { noResultsText } from '~/lib/tracker/texts'

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
