import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { ONGOING_PAGE_SIZE, ONGOING_WIDGET_PAGE_SIZE } from '#contracts/breaches/ongoing'
import { UUID } from '#shared/ids'
import { dateParts, formatLongTime, INVALID_DATE, ianaZone } from '~/lib/dates'
import { onlyParamsChanged, withParams } from '~/lib/search-params'
import { HISTORICAL_PARAMS } from './historical'
import { unitLabel } from './units'

/**
 * Ongoing Breaches (001 §2 "Ongoing Breaches screen", §4 "Ongoing breaches", §5, §6, §9): who sees
 * them, how an item and an exception read, the chart's axis and lines, and the URL state the list
 * and the detail share on the tabbed dashboard's Breached Orders tab and on the widget page. Pure
 * functions; the tests beside them quote the spec line each one follows.
 */

export { ONGOING_PAGE_SIZE, ONGOING_WIDGET_PAGE_SIZE }

// ── Who sees them (001 §6) ───────────────────────────────────────────────────────────────────

/** "Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER." */
export { subscribesToTracker as showsBreaches } from '~/lib/shell'

/** "Tabs: Following, Live Feed (default), Recently Viewed, and Breached Orders." (001 §1) */
export const BREACHED_ORDERS_TAB = { id: 'breached_orders', label: 'Breached Orders' } as const

// ── Texts (001 §2, §8) ───────────────────────────────────────────────────────────────────────

export const ONGOING_TEXTS = {
	title: 'Ongoing Breaches',
	search: 'Search Order #',
	empty: 'No ongoing breaches to report',
	noneSelected: 'No breached order selected.',
	noExceptions: 'No exceptions to report',
	trackerLink: 'View all sensor data in IoT Tracker',
	failed: 'Ongoing Breaches could not be loaded.',
	detailFailed: 'This breached order could not be loaded.',
	readingsFailed: 'The readings could not be loaded.',
	noReadings: 'No readings to show.',
} as const

/** "Title 'Ongoing Breaches' with the total in parentheses once loading is done and the total is above 0." */
export function listTitle(total: number | null | undefined, loading: boolean): string {
	return !loading && total && total > 0 ? `${ONGOING_TEXTS.title} (${total})` : ONGOING_TEXTS.title
}

/**
 * "Box 'Search Order #'; hidden when no breaches exist." A search that finds nothing keeps the box
 * (the breaches exist; the text is what finds none), so that it can be changed or cleared.
 */
export function showsSearch(total: number | null | undefined, query: string): boolean {
	return query.trim() !== '' || (total ?? 0) > 0
}

/** "Item type labels: pallet = handling unit, carton = piece number, shipset = order number." */
const ITEM_TYPE_LABELS: Readonly<Record<string, string>> = {
	pallet: 'handling unit',
	carton: 'piece number',
	shipset: 'order number',
}

/** "'Reported for {item type} {item name}'" with the item type's label (an unknown type reads as it is). */
export function reportedFor(item: { itemType: string; name: string }): string {
	return `Reported for ${ITEM_TYPE_LABELS[item.itemType] ?? item.itemType} ${item.name}`
}

/** "affected orders show 3 then 'and N more'" (001 §9). */
const AFFECTED_ORDERS_SHOWN = 3

/**
 * "affected orders (first entry, then 'and N more' when more than 3)" (001 §2): up to 3 orders are
 * all listed; past 3 the first is listed and the rest counted.
 */
export function affectedOrders<T>(orders: readonly T[]): { shown: T[]; more: string | null } {
	if (orders.length <= AFFECTED_ORDERS_SHOWN) return { shown: [...orders], more: null }
	return { shown: orders.slice(0, 1), more: `and ${orders.length - 1} more` }
}

/** A sensor type code in title case: 'temperature' → 'Temperature', 'relative_humidity' → 'Relative Humidity'. */
export function titleCase(code: string): string {
	return code
		.split(/[_\s]+/)
		.filter(Boolean)
		.map((w) => `${w[0]!.toUpperCase()}${w.slice(1).toLowerCase()}`)
		.join(' ')
}

/** "breached sensor types, sorted and in title case". */
export function sensorTypesLabel(types: readonly string[]): string {
	return [...new Set(types)]
		.sort((a, b) => a.localeCompare(b))
		.map(titleCase)
		.join(', ')
}

/** A value with its unit: 8 °C, 45 %, 1200 mg. */
export function withUnit(value: number, unit: string): string {
	const n = Math.round(value * 100) / 100
	return unit ? `${n} ${unit}` : String(n)
}

/**
 * "'Started on: {date}' formatted like 'ddd, DD MMM YYYY h:mm A z'" (001 §2; 001 §9 "'ddd, DD MMM
 * YYYY h:mm A z' for breach start"), in the breach's time zone; "Dates that cannot be parsed show
 * 'N/A'" (001 §5).
 */
export function formatBreachStart(value: string | null | undefined, zone?: string | null): string {
	return formatLongTime(value, zone)
}

const AXIS_TIME: Intl.DateTimeFormatOptions = {
	day: '2-digit',
	month: 'short',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
}

/** A reading's time on the chart's axis and tooltip, in the breach's zone: '23 Oct 14:00'. */
export function axisTime(value: string | number, zone?: string | null): string {
	const at = new Date(value)
	if (Number.isNaN(at.getTime())) return INVALID_DATE
	const p = dateParts('en-US', { ...AXIS_TIME, timeZone: ianaZone(zone) }, at)
	return `${p.day} ${p.month} ${p.hour}:${p.minute}`
}

export function startedOn(value: string | null | undefined, zone?: string | null): string {
	return `Started on: ${formatBreachStart(value, zone)}`
}

// ── The chart (001 §2 "The chart is a line chart of the latest 60 readings …", §5, §9) ─────────

/** "Charts: latest 60 measurements." */
export const CHART_READINGS = 60

/** "Threshold lines are drawn only for non-null numeric thresholds." (001 §5) */
export function isDrawnThreshold(value: unknown): value is number {
	return typeof value === 'number' && Number.isFinite(value)
}

interface Reading {
	measureAt: string
	value: number
}

/** 001 §3 "Exception (detail view model): summary, eventAt, measurements (x time, y value), maxMeasurement, minThresholdValue, maxThresholdValue, unit." */
export interface ExceptionView {
	sensorTypeCode: string
	title: string
	summary: string
	eventAt: string
	measurements: { x: string; y: number }[]
	maxMeasurement: number | null
	minThresholdValue: number | null
	maxThresholdValue: number | null
	unit: string
}

export function exceptionView(
	summary: {
		sensorTypeCode: string
		firstEvent: { summary: string; eventAt: string }
		minThresholdValue: number | null
		maxThresholdValue: number | null
		sensorUomCode: string
	},
	readings: readonly Reading[],
): ExceptionView {
	const latest = [...readings]
		.sort((a, b) => Date.parse(a.measureAt) - Date.parse(b.measureAt))
		.slice(-CHART_READINGS)
	return {
		sensorTypeCode: summary.sensorTypeCode,
		title: titleCase(summary.sensorTypeCode),
		summary: summary.firstEvent.summary,
		eventAt: summary.firstEvent.eventAt,
		measurements: latest.map((r) => ({ x: r.measureAt, y: r.value })),
		maxMeasurement: latest.length ? Math.max(...latest.map((r) => r.value)) : null,
		minThresholdValue: isDrawnThreshold(summary.minThresholdValue)
			? summary.minThresholdValue
			: null,
		maxThresholdValue: isDrawnThreshold(summary.maxThresholdValue)
			? summary.maxThresholdValue
			: null,
		unit: unitLabel(summary.sensorUomCode),
	}
}

/** The threshold lines to draw: min and max, each only when it is a number. */
export function thresholdLines(
	view: Pick<ExceptionView, 'minThresholdValue' | 'maxThresholdValue'>,
): { label: 'Minimum threshold' | 'Maximum threshold'; value: number }[] {
	const lines: { label: 'Minimum threshold' | 'Maximum threshold'; value: number }[] = []
	if (isDrawnThreshold(view.minThresholdValue))
		lines.push({ label: 'Minimum threshold', value: view.minThresholdValue })
	if (isDrawnThreshold(view.maxThresholdValue))
		lines.push({ label: 'Maximum threshold', value: view.maxThresholdValue })
	return lines
}

/**
 * "The y axis starts at 0 and runs up to the larger of the max threshold and the max measurement."
 * Decision: a reading or threshold below 0 (a frozen load) moves the start down to it, so that no
 * reading is drawn off the chart; an axis with nothing above 0 runs to 1.
 */
export function yAxisRange(
	view: Pick<
		ExceptionView,
		'measurements' | 'maxMeasurement' | 'minThresholdValue' | 'maxThresholdValue'
	>,
): { min: number; max: number } {
	const lows = [
		0,
		...view.measurements.map((m) => m.y),
		...(isDrawnThreshold(view.minThresholdValue) ? [view.minThresholdValue] : []),
	]
	const highs = [view.maxMeasurement, view.maxThresholdValue].filter(isDrawnThreshold)
	const max = highs.length ? Math.max(...highs) : 0
	return { min: Math.min(...lows), max: max > 0 ? max : 1 }
}

/** "The legend reads 'Showing data from ...'": the first and last reading drawn, in the breach's zone. */
export function chartLegend(
	view: Pick<ExceptionView, 'measurements'>,
	zone?: string | null,
): string | null {
	const first = view.measurements[0]
	const last = view.measurements[view.measurements.length - 1]
	if (!first || !last) return null
	return `Showing data from ${formatBreachStart(first.x, zone)} to ${formatBreachStart(last.x, zone)}`
}

// ── URL state: ?breach={id}&breach_q={text}&breach_page=N ─────────────────────────────────────

const BREACH_PARAM = 'breach'
export const BREACH_QUERY_PARAM = 'breach_q'
const BREACH_PAGE_PARAM = 'breach_page'
/** The parameters Ongoing Breaches owns (a change of only these reads Ongoing Breaches alone). */
const ONGOING_PARAMS = [BREACH_PARAM, BREACH_QUERY_PARAM, BREACH_PAGE_PARAM] as const
/** The list's own parameters (the selection is the detail's). */
export const ONGOING_LIST_PARAMS = [BREACH_QUERY_PARAM, BREACH_PAGE_PARAM] as const
/** The pages that show Ongoing Breaches: the tabbed dashboard's Breached Orders tab and the widget page. */
const ONGOING_PAGES = ['/dashboard', '/dashboard/old'] as const

/** Both breach sections' parameters: Historical Breaches sits beside Ongoing Breaches on both pages and reads itself too. */
export const BREACH_SECTIONS_PARAMS: ReadonlySet<string> = new Set<string>([
	...ONGOING_PARAMS,
	...HISTORICAL_PARAMS,
])

/**
 * Whether a navigation must read the page again (the shouldRevalidate of the pages that show the
 * breach sections): not when, on such a page, only the sections' parameters changed: they read themselves.
 */
export function breachesRereads(current: URL, next: URL): boolean {
	if (!(ONGOING_PAGES as readonly string[]).includes(next.pathname)) return true
	return !onlyParamsChanged(current, next, BREACH_SECTIONS_PARAMS)
}

/**
 * The shouldRevalidate of the sections' own routes (their fetchers): a post on a page that shows
 * them (Unfollow, the Issues Log report) changes no breach, so they are not read again after one.
 */
export function sectionRevalidates({
	formMethod,
	defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, 'formMethod' | 'defaultShouldRevalidate'>): boolean {
	return formMethod && formMethod.toUpperCase() !== 'GET' ? false : defaultShouldRevalidate
}

/** The furthest the list reads (the API's largest offset), in pages of the smaller size. */
const MAX_BREACH_ROWS = 100_000
const MAX_BREACH_PAGES = MAX_BREACH_ROWS / ONGOING_WIDGET_PAGE_SIZE
/** "list search debounce 500 ms" (001 §9). */
export const SEARCH_DEBOUNCE_MS = 500

type Q = Pick<URLSearchParams, 'get'>

export interface OngoingState {
	/** The breached order asked for, when the URL names one (else the first of the list). */
	breach: string | null
	/** The search text, trimmed (001 §5 "Search text is trimmed before sending"). */
	q: string
	/**
	 * How many pages the list shows (1 at first; "More items load on scroll (page increases)"): the
	 * page's read, and 'Load more' without JavaScript; with it each page more is read alone (`offset`).
	 */
	page: number
}

export function parseOngoing(q: Q): OngoingState {
	const breach = q.get(BREACH_PARAM)
	const page = Number(q.get(BREACH_PAGE_PARAM))
	return {
		breach: breach && UUID.test(breach) ? breach.toLowerCase() : null,
		q: (q.get(BREACH_QUERY_PARAM) ?? '').trim().slice(0, 100),
		page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_BREACH_PAGES) : 1,
	}
}

/**
 * The breached order the detail shows: "On load, fetch the list and select the first item"; one the
 * URL names (an item clicked) stays selected; "An empty result clears the selected breach".
 */
export function selectedBreach(
	state: Pick<OngoingState, 'breach'>,
	listed: readonly { breachedOrderId: string }[] | null,
): string | null {
	if (listed && listed.length === 0) return null
	return state.breach ?? listed?.[0]?.breachedOrderId ?? null
}

/** Whether more breaches are to be had beyond those loaded. */
export function hasMoreBreaches(loaded: number, total: number): boolean {
	return loaded < total && loaded < MAX_BREACH_ROWS
}

/** The link of an item: select it, keeping the search and the pages loaded. */
export function selectHref(search: string, id: string): string {
	return withParams(search, { [BREACH_PARAM]: id })
}

/** 'Load more': one page more, the selection kept. */
export function moreHref(search: string, state: OngoingState): string {
	return withParams(search, { [BREACH_PAGE_PARAM]: state.page + 1 })
}

/**
 * A search (001 §4 steps 3–4): the text trimmed, the first page, and no explicit selection (the
 * first result is selected); an empty text returns to the unfiltered list.
 */
export function searchHref(search: string, text: string): string {
	return withParams(search, {
		[BREACH_QUERY_PARAM]: text.trim(),
		[BREACH_PAGE_PARAM]: null,
		[BREACH_PARAM]: null,
	})
}

/** The other parts' parameters of a page, kept as hidden fields by the search form. */
export function paramsOutsideOngoing(search: string | URLSearchParams): [string, string][] {
	return [...new URLSearchParams(search)].filter(
		([key]) => !(ONGOING_PARAMS as readonly string[]).includes(key),
	)
}

/**
 * The list's key: its search, and where it is shown (the page size). Not its pages: a page more is
 * appended to the list read for the key (`ongoingStepUrl`), not read again with the others.
 */
export function ongoingListKey(place: OngoingPlace, q: URLSearchParams): string {
	return `${place}|${q.getAll(BREACH_QUERY_PARAM).join(',')}`
}

/**
 * Where the list reads itself (/dashboard/breaches/ongoing, with its place for the page size): the
 * pages the URL asks for, or, with `offset`, the one page from there that 'Load more' appends
 * ("More items load on scroll (page increases)", 001 §4; by offset, as the tabbed lists page).
 */
export function ongoingListUrl(place: OngoingPlace, search: string, offset?: number): string {
	const from = new URLSearchParams(search)
	const q = new URLSearchParams({ place })
	const own = offset === undefined ? ONGOING_LIST_PARAMS : [BREACH_QUERY_PARAM]
	for (const name of own) for (const v of from.getAll(name)) q.append(name, v)
	if (offset !== undefined) q.set('offset', String(offset))
	return `/dashboard/breaches/ongoing?${q}`
}

/** The list's size for a page: 15 on the tab, 5 on the widget page (001 §7, §9). */
export type OngoingPlace = 'tab' | 'widget'
export const pageSizeOf = (place: OngoingPlace) =>
	place === 'tab' ? ONGOING_PAGE_SIZE : ONGOING_WIDGET_PAGE_SIZE
