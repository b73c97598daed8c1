import {
	CARRIER_MONTHS,
	CONVEYANCE_CODES,
	ORDER_TIME_MONTHS,
	TIMEFRAME_DAYS,
} from '#contracts/dashboard/widgets'
import { UUID } from '#shared/ids'
import { ISSUES_VIEWS, parsePage, type IssuesView } from '../format'

/**
 * The widget page /dashboard/old (001 §2 "Widget-page widgets", §9): its widgets, their texts, and
 * their URL state. Every widget owns the query parameters with its own prefix, so one widget's
 * filter or page never clashes with another's: a filter form keeps the others' parameters as
 * hidden fields (without JavaScript), and with JavaScript a widget refetches only itself from
 * /dashboard/old/widgets/{widget} with its own parameters.
 */

export const WIDGETS = {
	following: {
		title: 'Following',
		empty: 'You have not followed any orders yet.',
		params: ['following_page'],
	},
	'recently-viewed': {
		title: 'Recently Viewed',
		empty: 'You have not viewed any orders yet.',
		params: ['viewed_page'],
	},
	'issues-log': {
		title: 'Issues Log',
		empty: 'There are no orders available.',
		params: ['issues_carrier', 'issues_type', 'issues_before', 'issues_view'],
	},
	'average-time': {
		title: 'Average Order Time',
		empty: 'There are no orders available.',
		params: ['time_months', 'time_type'],
	},
	'without-updates': {
		title: 'Orders Without Updates',
		empty: 'No orders without updates.',
		params: ['quiet_before', 'quiet_carrier', 'quiet_type', 'quiet_issue', 'quiet_page'],
	},
	'carrier-performance': {
		title: 'Carrier Performance',
		empty: 'There are no orders available.',
		params: ['carrier_months', 'carrier_conveyance'],
	},
} as const satisfies Record<string, { title: string; empty: string; params: readonly string[] }>

export type WidgetName = keyof typeof WIDGETS
export const WIDGET_NAMES = Object.keys(WIDGETS) as WidgetName[]

export function isWidgetName(value: string | undefined): value is WidgetName {
	return value !== undefined && Object.hasOwn(WIDGETS, value)
}

/** "A tooltip explains this" (001 §2 "Orders Without Updates"): what the list holds. */
export const WITHOUT_UPDATES_TOOLTIP =
	'In-transit orders that have had no new status update within the chosen timeframe, the quietest first.'

/** "Orders Without Updates: ... limit 5" (001 §9). */
export const WITHOUT_UPDATES_LIMIT = 5
/** "the recently-viewed fetch asks for 10 and shows at most 5 per page" (001 §9). */
export const RECENTLY_VIEWED_FETCH = 10

/** The 'Any' choice of the carrier, order-type and issue-type filters: sent as '' (001 §5). */
export const ANY = 'Any'

// ── Parsing a widget's parameters (anything unknown falls back to the default) ────────────────

type Params = Pick<URLSearchParams, 'get'>

const oneOf = <T extends number>(values: readonly T[], fallback: T, raw: string | null): T => {
	const n = Number(raw)
	return raw !== null && raw !== '' && (values as readonly number[]).includes(n)
		? (n as T)
		: fallback
}
const uuidOrAny = (raw: string | null) => (raw && UUID.test(raw) ? raw.toLowerCase() : '')
const textOrAny = (raw: string | null) => (raw ?? '').trim().slice(0, 200)

interface FollowingState {
	page: number
}
interface IssuesState {
	carrier: string
	orderType: string
	/** '' any time, else issues raised within the last N days (001 §7 issues-log-v2). */
	before: number | ''
	view: IssuesView
}
interface AverageTimeState {
	months: (typeof ORDER_TIME_MONTHS)[number]
	orderType: string
}
interface WithoutUpdatesState {
	before: (typeof TIMEFRAME_DAYS)[number]
	carrier: string
	orderType: string
	issueType: string
	page: number
}
interface CarrierState {
	months: (typeof CARRIER_MONTHS)[number]
	conveyance: (typeof CONVEYANCE_CODES)[number]
}

export const parseFollowing = (q: Params): FollowingState => ({
	page: parsePage(q.get('following_page')),
})
export const parseViewed = (q: Params): FollowingState => ({
	page: parsePage(q.get('viewed_page')),
})

/** "Issues Log: filters default to 'any'" (001 §9); the view is count unless it says value. */
export function parseIssues(q: Params): IssuesState {
	const before = q.get('issues_before')
	return {
		carrier: textOrAny(q.get('issues_carrier')),
		orderType: uuidOrAny(q.get('issues_type')),
		before: before ? oneOf<number>(TIMEFRAME_DAYS, 0, before) || '' : '',
		view: ISSUES_VIEWS.some((v) => v.id === q.get('issues_view'))
			? (q.get('issues_view') as IssuesView)
			: 'count',
	}
}

/** "Average Order Time: 1, 3, 6, 12 months; default 12" (001 §9). */
export function parseAverageTime(q: Params): AverageTimeState {
	return {
		months: oneOf(ORDER_TIME_MONTHS, 12, q.get('time_months')),
		orderType: uuidOrAny(q.get('time_type')),
	}
}

/** "Orders Without Updates: timeframe 1 day, 2 days, 3 days, 1 week (7), 2 weeks (14); default 2 days" (001 §9). */
export function parseWithoutUpdates(q: Params): WithoutUpdatesState {
	return {
		before: oneOf(TIMEFRAME_DAYS, 2, q.get('quiet_before')),
		carrier: textOrAny(q.get('quiet_carrier')),
		orderType: uuidOrAny(q.get('quiet_type')),
		issueType: uuidOrAny(q.get('quiet_issue')),
		page: parsePage(q.get('quiet_page')),
	}
}

/** "Carrier Performance (widget page): months 3, 6, 12, default 6; conveyance types Ground 0, Air 1, Ocean 2, default Ground" (001 §9). */
export function parseCarrier(q: Params): CarrierState {
	return {
		months: oneOf(CARRIER_MONTHS, 6, q.get('carrier_months')),
		conveyance: oneOf(CONVEYANCE_CODES, 0, q.get('carrier_conveyance')),
	}
}

// ── Query strings ───────────────────────────────────────────────────────────────────────────

const owns = (widget: WidgetName, key: string) =>
	(WIDGETS[widget].params as readonly string[]).includes(key)

/** Parameters that change how a widget shows its data, not the data: no refetch for them. */
const DISPLAY_ONLY = new Set(['issues_view'])

/** Only `widget`'s own data parameters of `search` (its resource route's query, and its data's key). */
export function widgetSearch(widget: WidgetName, search: string | URLSearchParams): string {
	const all = new URLSearchParams(search)
	const own = new URLSearchParams()
	for (const [key, value] of all)
		if (owns(widget, key) && !DISPLAY_ONLY.has(key) && value !== '') own.append(key, value)
	own.sort()
	return own.toString()
}

/** Every parameter of `search` that is not `widget`'s: the hidden fields of its filter form. */
export function otherParams(
	widget: WidgetName,
	search: string | URLSearchParams,
): [string, string][] {
	return [...new URLSearchParams(search)].filter(([key]) => !owns(widget, key))
}

// ── Who sees what (001 §6, made a toggle per supply chain) ───────────────────────────────────

/**
 * The Issues Log rule. 001 §6 names two customer accounts ('infinera', and 'ccdemo' behind its own
 * toggle); our decision replaces the account names with the supply chain's toggle
 * web.ui.dashboard.issuesLog AND the user's subscribed service DASHBOARD.
 */
export function showsIssuesLog(
	issuesLogToggle: boolean,
	subscribedServices: readonly string[],
): boolean {
	return issuesLogToggle && subscribedServices.includes('DASHBOARD')
}

/** "Carrier Performance ... Shown only with the toggle web.ui.dashboard.carrierPerformance" (001 §2). */
export function showsCarrierPerformance(carrierPerformanceToggle: boolean): boolean {
	return carrierPerformanceToggle
}

// ── The Issues Log report (001 §4 "Issues log report") ───────────────────────────────────────

/** The page action's intent that makes the report. */
export const REPORT_INTENT = 'issues-log-report'

/** Where the browser downloads a report it made (the resource route streaming the API's CSV). */
export const reportDownloadUrl = (id: string) =>
	`/dashboard/old/issues-log/reports/${encodeURIComponent(id)}`
