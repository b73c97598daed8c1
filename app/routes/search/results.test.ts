import { describe, expect, it } from 'vitest'
import {
	downloadPageHref,
	exportHref,
	exportMessage,
	finalMileText,
	pageCount,
	parsePaging,
	searchWithoutDownload,
	shipmentDate,
	shipmentStatusText,
	showingText,
	sortLink,
	statusDate,
} from './results'

describe('paging (000 §9 "Search page sizes 10 (default), 25, 50, 100; default sort order_number ascending")', () => {
	it('defaults and fallbacks', () => {
		expect(parsePaging(new URLSearchParams())).toEqual({
			page: 1,
			perPage: 10,
			order: 'order_number',
			orderBy: 'asc',
		})
		expect(parsePaging(new URLSearchParams('per_page=7&page_no=-2&order=evil&order_by=x'))).toEqual(
			{
				page: 1,
				perPage: 10,
				order: 'order_number',
				orderBy: 'asc',
			},
		)
		expect(
			parsePaging(new URLSearchParams('per_page=25&page_no=3&order=status_at&order_by=desc')),
		).toEqual({
			page: 3,
			perPage: 25,
			order: 'status_at',
			orderBy: 'desc',
		})
	})
	it('a page number past the API limit is capped (the loader then moves to the last page)', () => {
		expect(parsePaging(new URLSearchParams('page_no=2000000')).page).toBe(1_000_000)
	})
	it("'Showing X to Y of Z entries'", () => {
		expect(showingText(1, 10, 20)).toBe('Showing 1 to 10 of 20 entries')
		expect(showingText(2, 10, 20)).toBe('Showing 11 to 20 of 20 entries')
		expect(showingText(3, 10, 21)).toBe('Showing 21 to 21 of 21 entries')
		expect(pageCount(21, 10)).toBe(3)
		expect(pageCount(0, 10)).toBe(1)
	})
	it('sort links flip the current column and go back to page 1', () => {
		const paging = parsePaging(new URLSearchParams('order_number=SO&page_no=2'))
		expect(sortLink('order_number=SO&page_no=2', paging, 'order_number')).toBe(
			'?order_number=SO&order=order_number&order_by=desc',
		)
		expect(sortLink('order_number=SO', paging, 'carrier_name')).toBe(
			'?order_number=SO&order=carrier_name&order_by=asc',
		)
	})
})

describe('row display', () => {
	it("'t' shows Yes", () => {
		expect(finalMileText('t')).toBe('Yes')
		expect(finalMileText('f')).toBe('No')
		expect(finalMileText(null)).toBe('')
	})
	it('shipment status in words', () => {
		expect(shipmentStatusText('in_transit')).toBe('In Transit')
		expect(shipmentStatusText('delivered')).toBe('Delivered')
		expect(shipmentStatusText(null)).toBe('')
	})
	it("shipment date: local short date; 'Invalid dates display N/A'", () => {
		expect(shipmentDate('2026-10-14T02:00:00Z', 'America/Chicago')).toBe('10/13/2026')
		expect(shipmentDate('2026-10-14T02:00:00Z', null)).toBe('10/14/2026')
		expect(shipmentDate('not a date', null)).toBe('N/A')
		expect(shipmentDate(null, null)).toBe('N/A')
	})
	it('status date: time and zone', () => {
		expect(statusDate('2026-10-14T02:00:00Z', 'America/Chicago')).toBe('10/13/2026 09:00 PM CDT')
		expect(statusDate('2026-10-14T02:00:00Z', null)).toBe('10/14/2026 02:00 AM UTC')
		expect(statusDate('garbage', 'UTC')).toBe('N/A')
	})
})

describe('the export (000 §4 "A CSV export shows the server\'s message in an alert after 2 seconds")', () => {
	it('the Export link is the same search with download=1; the file is the search without it', () => {
		expect(downloadPageHref('?qs_query_string=SO-10')).toBe('?qs_query_string=SO-10&download=1')
		expect(searchWithoutDownload('?order_number=SO&download=1&page_no=2')).toBe(
			'?order_number=SO&page_no=2',
		)
		expect(exportHref('?qs_query_string=SO-10&download=1')).toBe(
			'/advanced_search/export?qs_query_string=SO-10',
		)
	})
	it('the message counts the entries', () => {
		expect(exportMessage(19)).toBe(
			'search_report.csv is downloading: all 19 entries, by order number.',
		)
		expect(exportMessage(1)).toBe('search_report.csv is downloading: all 1 entry, by order number.')
	})
})
