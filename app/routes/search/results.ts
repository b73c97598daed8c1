import { formatDay, formatDayTime } from '~/lib/dates'
import { RAW_STATUS_LABELS } from '~/lib/tracker/status'

/** "Search page sizes 10 (default), 25, 50, 100; default sort order_number ascending." (000 §9) */
export const PAGE_SIZES = [10, 25, 50, 100] as const
const DEFAULT_PAGE_SIZE = 10
const DEFAULT_SORT = 'order_number'
/** The API's highest page_no (server/search/search.contract.ts PagingQuery). */
const MAX_PAGE = 1_000_000

/** The table's columns in order: the sort key (the API's `order`) and the heading. */
export const RESULT_COLUMNS = [
	{ key: 'order_number', label: 'Order No.' },
	{ key: 'reference_number', label: 'Reference No.' },
	{ key: 'carrier_name', label: 'Carrier' },
	{ key: 'tracking_number', label: 'Tracking No.' },
	{ key: 'shipped_at', label: 'Shipment Date' },
	{ key: 'shipment_status', label: 'Shipment Status' },
	{ key: 'status_name', label: 'Status' },
	{ key: 'status_at', label: 'Status Date' },
	{ key: 'location', label: 'Location' },
	{ key: 'final_mile', label: 'Final Mile' },
	{ key: 'conveyance_type', label: 'Conveyance Type' },
] as const
export type SortKey = (typeof RESULT_COLUMNS)[number]['key']

export const TEXTS = {
	title: 'Advanced Search',
	heading: 'Filter Results By:',
	empty: 'No results found.',
	first: 'First',
	back: 'Back',
	next: 'Next',
	last: 'Last',
} as const

export interface Paging {
	page: number
	perPage: number
	order: SortKey
	orderBy: 'asc' | 'desc'
}

/** Paging and sort from the URL; anything out of range falls back to the defaults (a hand-edited URL still shows a page). */
export function parsePaging(params: URLSearchParams): Paging {
	const perPage = Number(params.get('per_page'))
	const page = Number(params.get('page_no'))
	const order = params.get('order')
	return {
		page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
		perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
		order: RESULT_COLUMNS.some((c) => c.key === order) ? (order as SortKey) : DEFAULT_SORT,
		orderBy: params.get('order_by') === 'desc' ? 'desc' : 'asc',
	}
}

export function pageCount(count: number, perPage: number): number {
	return Math.max(1, Math.ceil(count / perPage))
}

/** "Showing X to Y of Z entries" */
export function showingText(page: number, perPage: number, count: number): string {
	if (count === 0) return 'Showing 0 to 0 of 0 entries'
	const from = (page - 1) * perPage + 1
	const to = Math.min(count, page * perPage)
	return `Showing ${from} to ${to} of ${count} entries`
}

/** The URL of the same search with some parameters changed (null removes one). */
export function withParams(
	search: string,
	changes: Record<string, string | number | null>,
): string {
	const params = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null) params.delete(key)
		else params.set(key, String(value))
	}
	return `?${params.toString()}`
}

/** A heading's sort link: ascending first; the current column's link flips the direction. Back to page 1. */
export function sortLink(search: string, paging: Paging, column: SortKey): string {
	const orderBy = paging.order === column && paging.orderBy === 'asc' ? 'desc' : 'asc'
	return withParams(search, { order: column, order_by: orderBy, page_no: null })
}

/** "The shipment date is shown as a local short date" (MM/DD/YYYY, 000 §9) in the shipment's zone. */
export function shipmentDate(
	value: string | null | undefined,
	zone: string | null | undefined,
): string {
	return formatDay(value, zone)
}

/**
 * The date a result row shows, by the "shipment-date local-timezone fix" toggle (000 §6): on, the
 * local short date where the shipment was shipped (`shippedAtTz`); off, the older display, the
 * date in UTC (a shipment shipped in the evening west of Greenwich shows the next day).
 */
export function shownShipmentDate(
	value: string | null | undefined,
	zone: string | null | undefined,
	localTimezoneFix: boolean,
): string {
	return shipmentDate(value, localTimezoneFix ? zone : 'UTC')
}

/** "the status date includes time and zone" */
export function statusDate(
	value: string | null | undefined,
	zone: string | null | undefined,
): string {
	return formatDayTime(value, zone)
}

/** The result row's shipmentStatus in words (in_transit → In Transit), as the order statuses read elsewhere. */
export function shipmentStatusText(value: string | null | undefined): string {
	if (!value) return ''
	return (RAW_STATUS_LABELS as Record<string, string>)[value] ?? value
}

/** "finalMile ('t' shows Yes)" */
export function finalMileText(value: 't' | 'f' | null | undefined): string {
	if (value === 't') return 'Yes'
	if (value === 'f') return 'No'
	return ''
}

/**
 * The export (000 §4 "A CSV export shows the server's message in an alert after 2 seconds",
 * §7 include_download=1). The table's Export link goes to the same search with
 * `download=1`: without JavaScript that page shows the message as a flash and its
 * `<meta http-equiv="refresh">` starts the download; with JavaScript the click starts the
 * download in place and the message appears in an alert 2 s later.
 */
export const DOWNLOAD_PARAM = 'download'
export const EXPORT_ALERT_DELAY_MS = 2000

/** The search's own query string without the download flag (links and the export's URL). */
export const searchWithoutDownload = (search: string) =>
	withParams(search, { [DOWNLOAD_PARAM]: null })

export const exportHref = (search: string) =>
	`/advanced_search/export${searchWithoutDownload(search)}`
export const downloadPageHref = (search: string) => withParams(search, { [DOWNLOAD_PARAM]: 1 })

/** The message of an export of `count` rows (the file is in order number order: see server/search/search.queries.ts exportBatches). */
export function exportMessage(count: number): string {
	return `search_report.csv is downloading: all ${count} ${count === 1 ? 'entry' : 'entries'}, by order number.`
}
