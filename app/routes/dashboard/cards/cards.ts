import { DURATIONS, ORDER_TIME_MONTHS, TIMEFRAME_DAYS } from '#contracts/dashboard/widgets'
import type { IconName } from '~/components/ui/icon'
import { onlyParamsChanged } from '~/lib/search-params'
import { orderStatus, parsePage } from '../format'

/**
 * The card dashboard (/dashboard/new; 001 §1, §2 "Newer card dashboard widgets", §7, §9): which
 * URL parameters each card reads, their defaults, and the card dashboard's own texts. Number
 * formats are format.ts's, shared with the widget page. Pure functions; the tests beside them
 * quote the spec line each one follows.
 */

/**
 * The cards with a read of their own, each with the URL parameters (its own prefix) it reads. A
 * card's filter form is a GET form of these parameters; with JavaScript a change reads that card
 * alone (`/dashboard/cards/{card}?…`), without it the page loads again with the filters applied.
 */
export const CARD_PARAMS = {
	overview: ['ov_months', 'ov_order_type'],
	exceptions: ['ex_days', 'ex_carrier', 'ex_issue_type', 'ex_order_type', 'ex_page'],
	carriers: ['cp_carrier', 'cp_duration', 'cp_page'],
	tagged: ['tagged_page'],
	lists: [],
} as const satisfies Record<string, readonly string[]>

export type CardName = keyof typeof CARD_PARAMS

export function isCardName(value: string | undefined): value is CardName {
	return value !== undefined && Object.hasOwn(CARD_PARAMS, value)
}

/** What a card's loader answers: its data, and the values of the parameters it was read for. */
export interface CardRead<T> {
	key: string
	data: T
}

/** The values of a card's parameters in a query: two URLs with the same key show the same card. */
export function cardKey(card: CardName, params: URLSearchParams): string {
	return CARD_PARAMS[card].map((name) => params.getAll(name).join(',')).join('|')
}

/** Parameters no read depends on: an opened tagged comment ('...See more' without JavaScript). */
const READ_BY_NONE = ['tagged_comment']
const NOT_READ_BY_PAGE = new Set<string>([...READ_BY_NONE, ...Object.values(CARD_PARAMS).flat()])

/**
 * Whether moving from one card dashboard URL to another must read the whole page again (its
 * shouldRevalidate): not when only cards' own parameters (or parameters nobody reads) change,
 * since each card then reads itself; yes for another path, the same URL again (a reload) or any
 * other parameter.
 */
export function cardsRereads(current: URL, next: URL): boolean {
	return !onlyParamsChanged(current, next, NOT_READ_BY_PAGE)
}

/**
 * The parameters of the URL that a card's filter form does not own, to be carried along as hidden
 * fields so that applying one card's filters keeps the others' (and the card's own page goes back
 * to 1: its page parameter is its own and is not carried).
 */
export function carriedParams(card: CardName, params: URLSearchParams): [string, string][] {
	const own = new Set<string>([...CARD_PARAMS[card], ...READ_BY_NONE])
	return [...params.entries()].filter(([k]) => !own.has(k))
}

/** `search` with one parameter set (or removed for null), as a relative link ('?' when empty). */
export function withParam(search: string, key: string, value: string | null): string {
	const q = new URLSearchParams(search)
	if (value === null) q.delete(key)
	else q.set(key, value)
	const s = q.toString()
	return s ? `?${s}` : '?'
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A choice of a list given by id: an id, or '' for 'Any' (001 §5: "The 'Any' choice … is sent as an empty string"). */
function idOrAny(value: string | null): string {
	const v = (value ?? '').trim()
	return UUID.test(v) ? v.toLowerCase() : ''
}

function oneOf<T extends number | string>(
	values: readonly T[],
	value: string | null,
	fallback: T,
): T {
	return values.find((v) => String(v) === value) ?? fallback
}

// ── Overview (001 §2 "Overview has a months filter (1, 3, 6, 12 Months; default 12) and an Order Type filter") ──

const OVERVIEW_DEFAULT_MONTHS = 12

interface OverviewFilters {
	months: (typeof ORDER_TIME_MONTHS)[number]
	orderType: string
}

export function overviewFilters(q: URLSearchParams): OverviewFilters {
	return {
		months: oneOf(ORDER_TIME_MONTHS, q.get('ov_months'), OVERVIEW_DEFAULT_MONTHS),
		orderType: idOrAny(q.get('ov_order_type')),
	}
}

// ── Order Exceptions (001 §2 "days (1 day, 2 days, 3 days, 1 week, 2 weeks; default 2 days), carrier, issue type and order type") ──

const EXCEPTIONS_DEFAULT_DAYS = 2
/** "Orders Without Updates: … limit 5" (001 §9). */
export const WITHOUT_UPDATES_LIMIT = 5

interface ExceptionFilters {
	days: (typeof TIMEFRAME_DAYS)[number]
	/** A carrier description, '' for any. */
	carrier: string
	issueType: string
	orderType: string
	/** The page of Orders Without Update ("without-update inputs for the newer dashboard are … page", 001 §7). */
	page: number
}

export function exceptionFilters(q: URLSearchParams): ExceptionFilters {
	const carrier = (q.get('ex_carrier') ?? '').trim()
	return {
		days: oneOf(TIMEFRAME_DAYS, q.get('ex_days'), EXCEPTIONS_DEFAULT_DAYS),
		carrier: carrier.length <= 200 ? carrier : '',
		issueType: idOrAny(q.get('ex_issue_type')),
		orderType: idOrAny(q.get('ex_order_type')),
		page: parsePage(q.get('ex_page')),
	}
}

/** Where a page of Orders Without Update starts: 5 a page ("Tables and loaders: 5 rows per page", 001 §9). */
export function withoutUpdatesOffset(page: number): number {
	return WITHOUT_UPDATES_LIMIT * (Math.max(1, page) - 1)
}

// ── Carrier Performance (001 §2 "a multi-select carrier filter and a duration filter (Month, Quarter, Year; default Month)") ──

export type Duration = (typeof DURATIONS)[number]
export const DURATION_LABELS: Record<Duration, string> = {
	month: 'Month',
	quarter: 'Quarter',
	year: 'Year',
}
/** "Newer card: duration Month, Quarter, Year, default Month; trends page size 5" (001 §9). */
const DEFAULT_DURATION: Duration = 'month'
export const TRENDS_PER_PAGE = 5
/** The most carriers one filter names (the API takes their ids comma-joined). */
const MAX_CARRIERS = 50

interface CarrierFilters {
	/** Carrier ids; none for every carrier. */
	carriers: string[]
	duration: Duration
	page: number
}

export function carrierFilters(q: URLSearchParams): CarrierFilters {
	const carriers = [...new Set(q.getAll('cp_carrier').map(idOrAny).filter(Boolean))].slice(
		0,
		MAX_CARRIERS,
	)
	return {
		carriers,
		duration: oneOf(DURATIONS, q.get('cp_duration'), DEFAULT_DURATION),
		page: parsePage(q.get('cp_page')),
	}
}

/** "GET {dashboard}/carriers/trends | carriers, duration, offset (5*(page-1))" (001 §7). */
export function trendsOffset(page: number): number {
	return TRENDS_PER_PAGE * (Math.max(1, page) - 1)
}

/** The trends page the answer's offset is on (1-based). */
export function trendsPage(offset: number): number {
	return Math.floor(Math.max(0, offset) / TRENDS_PER_PAGE) + 1
}

// ── Tagged Comments ──

export function taggedPage(q: URLSearchParams): number {
	return parsePage(q.get('tagged_page'))
}

// ── Texts (001 §2 "Other empty texts: 'No orders available.', 'No shipments available.', 'No carriers available.', 'No orders without updates.'") ──

export const CARD_TEXTS = {
	noOrders: 'No orders available.',
	noShipments: 'No shipments available.',
	noCarriers: 'No carriers available.',
	noOrdersWithoutUpdates: 'No orders without updates.',
	/** A card whose read failed (001 §8: "Failed fetch: the widget enters its rejected state"). */
	failed: 'This card could not be loaded.',
	loading: 'Loading…',
	any: 'Any',
} as const

/** "While loading, the card-style lists show 5 placeholder rows" (001 §2). */
export const LOADER_ROWS = 5

/** "The recently-viewed fetch asks for 10" (001 §9); the card shows the first 5, as lists of 5 rows do. */
export const RECENTLY_VIEWED_FETCH = 10
export const LIST_ROWS = 5

/**
 * "It also has a Following and Recently Viewed list with status icons" (001 §1): the icon of an
 * order's status and its name; "An exception flag adds a warning icon" (001 §4).
 */
export function statusIcon(
	status: string | null | undefined,
	lastEventType?: string | null,
): { icon: IconName; label: string; exception: boolean } {
	const { label, exception } = orderStatus(status, lastEventType)
	const icons: Record<string, IconName> = {
		in_transit: 'transit',
		final_mile: 'transit',
		delivered: 'delivered',
		cancelled: 'close',
		closed: 'check',
	}
	return { icon: icons[status ?? ''] ?? 'shipment', label, exception }
}

/**
 * "Issues log entry: statusTypeName, days, count, deliveryValue … The newer card version's row has
 * statusTypeName, count, deliveryValue" (001 §3): the API's rows per issue type and age, summed
 * per issue type, most issues first (then by name).
 */
export function issuesByType(
	entries: readonly { statusTypeName: string; count: number; deliveryValue: number }[],
) {
	const rows = new Map<string, { statusTypeName: string; count: number; deliveryValue: number }>()
	for (const e of entries) {
		const row = rows.get(e.statusTypeName) ?? {
			statusTypeName: e.statusTypeName,
			count: 0,
			deliveryValue: 0,
		}
		row.count += e.count
		row.deliveryValue += e.deliveryValue
		rows.set(e.statusTypeName, row)
	}
	return [...rows.values()].sort(
		(a, b) => b.count - a.count || a.statusTypeName.localeCompare(b.statusTypeName),
	)
}

/** 000's route table: "/dashboard/new … only when the dashboard v3 toggle is on and the redirect toggle is off". */
export function cardDashboardShown(toggles: {
	dashboardV3: boolean
	dashboardV3Redirect: boolean
}): boolean {
	return toggles.dashboardV3 && !toggles.dashboardV3Redirect
}
