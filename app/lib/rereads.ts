import { pageRereads } from '~/lib/self-reads'
import { parseTab } from '~/lib/timeline/url'

/**
 * Which navigations read the page (and the shell) again, for root's shouldRevalidate: the URL
 * parameters each self-reading part owns, and the three rules. Kept apart from the parts' own
 * modules (the card dashboard's, Ongoing Breaches', the timeline's), which import dates, formats
 * and contracts: root loads this on every page, the public tracker's included, and those modules
 * would make every page download and evaluate the dashboards' code before it hydrates (issue 20:
 * "26 KB of unused JavaScript in the entry chunk"; ADR 0029). Those modules re-export these.
 */

/** The card dashboard's cards with a read of their own, each with the URL parameters (its own prefix) it reads. */
export const CARD_READS = {
	overview: ['ov_months', 'ov_order_type'],
	exceptions: ['ex_days', 'ex_carrier', 'ex_issue_type', 'ex_order_type'],
	carriers: ['cp_carrier', 'cp_duration', 'cp_page'],
	tagged: ['tagged_page'],
	lists: [],
} as const satisfies Record<string, readonly string[]>

/** The timeline's parts with a read of their own (the Comments tab, Historical Logs, Shipment Details) and their parameters. */
export const PART_READS = {
	comments: ['comments_page'],
	logs: ['logs', 'logs_page'],
	shipments: ['shipment'],
} as const satisfies Record<string, readonly string[]>

/** Historical Breaches' URL parameters. */
export const HIST = {
	order: 'hist_order',
	from: 'hist_from',
	to: 'hist_to',
	/** One per sensor switched on (the checkboxes' name). */
	sensor: 'hist_sensor',
	/** 0-based (001 §2 "pages are 0-based"). */
	page: 'hist_page',
	/** The form shows cleared fields while the table keeps the last search (Clear Filters without JavaScript). */
	clear: 'hist_clear',
} as const

export const BREACH_PARAM = 'breach'
export const BREACH_QUERY_PARAM = 'breach_q'
export const BREACH_PAGE_PARAM = 'breach_page'
/** The parameters Ongoing Breaches owns (a change of only these reads Ongoing Breaches alone). */
export const ONGOING_PARAMS = [BREACH_PARAM, BREACH_QUERY_PARAM, BREACH_PAGE_PARAM] as const
/** The pages that show Ongoing Breaches: the tabbed dashboard's Breached Orders tab and the widget page. */
export const ONGOING_PAGES = ['/dashboard', '/dashboard/old'] as const

/** Card parameters no read depends on: an opened tagged comment ('...See more' without JavaScript). */
const CARDS_READ_BY_NONE = ['tagged_comment']
const NOT_READ_BY_CARD_PAGE = new Set<string>([...CARDS_READ_BY_NONE, ...Object.values(CARD_READS).flat()])

/**
 * Whether moving from one card dashboard URL to another must read the whole page again: not when
 * only cards' own parameters (or parameters nobody reads) change, since each card then reads
 * itself; yes for another path, the same URL again (a reload) or any other parameter.
 */
export function cardsRereads(current: URL, next: URL): boolean {
	return pageRereads(current, next, NOT_READ_BY_CARD_PAGE)
}

/** Timeline parameters no read depends on: the tab (see layoutRereads), an opened comment, the logs' time zone. */
const TIMELINE_READ_BY_NONE = ['tab', 'comment', 'tz']
const NOT_READ_BY_TIMELINE_PAGE = new Set<string>([...TIMELINE_READ_BY_NONE, ...Object.values(PART_READS).flat()])

/**
 * Whether moving from one timeline URL to another must read the whole page again: not when only
 * parts' own parameters (or parameters nobody reads) change and the next tab is not the Tracker
 * tab (whose sensor data the page reads); yes for anything else, and for the same URL again.
 */
export function layoutRereads(current: URL, next: URL): boolean {
	return pageRereads(current, next, NOT_READ_BY_TIMELINE_PAGE) || parseTab(next.searchParams.get('tab')) === 'tracker'
}

/** Historical Breaches, beside Ongoing Breaches on both pages, reads itself too (app/components/breaches/historical.tsx). */
const BREACHES_OWNED = new Set<string>([...ONGOING_PARAMS, ...Object.values(HIST)])

/**
 * Whether a navigation must read the page (and the shell) again: not when, on a page that shows
 * Ongoing Breaches, only its parameters (or Historical Breaches' hist_*) changed: they read themselves.
 */
export function breachesRereads(current: URL, next: URL): boolean {
	if (!(ONGOING_PAGES as readonly string[]).includes(next.pathname)) return true
	return pageRereads(current, next, BREACHES_OWNED)
}
