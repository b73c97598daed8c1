import type { Camelize } from '~/lib/camelize'
import type { PublicSearchRow } from '#contracts/sharing/public-tracker'
import type { ShipSetStatusCode, StatusTone } from '~/lib/tracker/status'
import { showingResultsText } from '~/lib/tracker/texts'

/**
 * The public results list (000 §2 "Public results", §5 "Public results route: page
 * defaults to 1, sortBy to order_number, orderBy to asc", §9 "Public results: 10 per
 * page; pagination neighbours 2").
 */

const RESULTS_PER_PAGE = 10
const PAGINATION_NEIGHBOURS = 2

export type SortBy = 'order_number' | 'reference_number'
export type OrderBy = 'asc' | 'desc'

export interface ResultsParams {
	sortBy: SortBy
	orderBy: OrderBy
	page: number
	/** The search was made with the organization locked (`lock=1`): every link of the list keeps it. */
	locked: boolean
}

const DEFAULT_RESULTS_PARAMS: ResultsParams = {
	sortBy: 'order_number',
	orderBy: 'asc',
	page: 1,
	locked: false,
}

/** Anything else in the URL falls back to the default, as a hand-edited link should. */
export function resultsParams(search: URLSearchParams): ResultsParams {
	const sortBy = search.get('sortBy')
	const orderBy = search.get('orderBy')
	const page = Number(search.get('page'))
	return {
		sortBy: sortBy === 'reference_number' ? 'reference_number' : 'order_number',
		orderBy: orderBy === 'desc' ? 'desc' : 'asc',
		page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
		locked: search.get('lock') === '1',
	}
}

/**
 * '?sortBy=…&orderBy=…&page=…' (000 §2 "Changing the page pushes the path with sortBy, orderBy and
 * page"), and lock=1 when the organization is locked, so a sort or another page keeps it.
 */
export function resultsSearch(params: ResultsParams): string {
	const search = new URLSearchParams({
		sortBy: params.sortBy,
		orderBy: params.orderBy,
		page: String(params.page),
	})
	if (params.locked) search.set('lock', '1')
	return `?${search}`
}

/** The tracker's landing: with the organization locked again when the search was made so (`lock=1`). */
export function landingHref(organization: string, locked: boolean): string {
	return locked ? `/tracking?${new URLSearchParams({ organization })}` : '/tracking'
}

type PageItem =
	{ kind: 'page'; page: number; current: boolean } | { kind: 'first' | 'last'; page: number }

/**
 * The pager: first and last arrows, and the current page with up to two neighbours each
 * side (000 §2 "Pagination: 10 per page, 2 neighbours each side, first and last arrows").
 * No pager for a single page.
 */
export function pageItems(
	page: number,
	totalPages: number,
	neighbours = PAGINATION_NEIGHBOURS,
): PageItem[] {
	if (totalPages <= 1) return []
	const current = Math.min(Math.max(1, page), totalPages)
	const from = Math.max(1, current - neighbours)
	const to = Math.min(totalPages, current + neighbours)
	const items: PageItem[] = [{ kind: 'first', page: 1 }]
	for (let p = from; p <= to; p++) items.push({ kind: 'page', page: p, current: p === current })
	items.push({ kind: 'last', page: totalPages })
	return items
}

export function totalPages(total: number): number {
	return Math.max(1, Math.ceil(total / RESULTS_PER_PAGE))
}

/** 'Showing results 11-19 of 19'. */
export function showingText(page: number, rowsOnPage: number, total: number): string {
	const from = rowsOnPage === 0 ? 0 : (page - 1) * RESULTS_PER_PAGE + 1
	return showingResultsText(from, from === 0 ? 0 : from + rowsOnPage - 1, total)
}

export type SearchRow = Camelize<PublicSearchRow>

export interface ResultRow {
	shipSetId: string
	orderNumber: string
	referenceNumber: string
	trackingNumber: string | null
	customer: string
	status: ShipSetStatusCode
	statusLabel: string
	statusTone: StatusTone
	/** null: the cell is empty (Pending, or nothing happened yet). */
	lastStatus: {
		text: string
		when: string | null
		carrier: string | null
		exception: boolean
	} | null
}

/**
 * The row's link: /tracking/{organization}/{orderNo}/{shipSetId}, with ?trackingNumber= when it has
 * one (000 §2); `from` the list it was followed from (none for the single-result redirect).
 */
export function timelineHref(
	organization: string,
	orderNo: string,
	row: Pick<ResultRow, 'shipSetId' | 'trackingNumber'>,
	from?: ResultsParams,
	locked = from?.locked ?? false,
): string {
	const path = `/tracking/${encodeURIComponent(organization)}/${encodeURIComponent(orderNo)}/${encodeURIComponent(row.shipSetId)}`
	const search = new URLSearchParams()
	if (row.trackingNumber) search.set('trackingNumber', row.trackingNumber)
	if (locked) search.set('lock', '1')
	if (from) {
		search.set('from', 'results')
		if (from.sortBy !== DEFAULT_RESULTS_PARAMS.sortBy) search.set('sortBy', from.sortBy)
		if (from.orderBy !== DEFAULT_RESULTS_PARAMS.orderBy) search.set('orderBy', from.orderBy)
		if (from.page !== 1) search.set('page', String(from.page))
	}
	const query = search.toString()
	return query ? `${path}?${query}` : path
}

/**
 * 000 §2 "back link 'Back to search page' (to /tracking when there was only one result,
 * otherwise to the results list)". Our rule: a row followed from a list of several
 * results carries `from=results` (and the list's sort and page when not the defaults);
 * the single-result redirect does not. So the link goes back to that list page, or to
 * /tracking, whose list would only redirect here again.
 */
export function backHref(organization: string, orderNo: string, search: URLSearchParams): string {
	// A search made with the organization locked (`lock=1`) goes back to it locked.
	const locked = search.get('lock') === '1'
	if (search.get('from') !== 'results') return landingHref(organization, locked)
	const path = `/tracking/${encodeURIComponent(organization)}/${encodeURIComponent(orderNo)}`
	const back = new URLSearchParams()
	for (const key of ['sortBy', 'orderBy', 'page', 'lock']) {
		const value = search.get(key)
		if (value) back.set(key, value)
	}
	const query = back.toString()
	return query ? `${path}?${query}` : path
}
