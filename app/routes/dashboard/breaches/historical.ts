import {
	HISTORICAL_PAGE_SIZE,
	ORDER_NUMBER_MAX,
	SENSOR_CODES,
	type SensorCode,
} from '#contracts/breaches/historical'
import { formatDuration } from '../format'

/**
 * Historical Breaches (001 §2 "Historical Breaches screen", §4 "Historical search", §5, §7, §9):
 * the rules of its filters, table and pager, as pure functions. The section's state is URL state
 * under the prefix `hist_`, so it works as a GET form without JavaScript and sits beside the other
 * parts of whichever page shows it (the widget page, the Breached Orders tab).
 */

export { SENSOR_CODES }

/** The URL parameters of the section. */
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
export const HISTORICAL_PARAMS: readonly string[] = Object.values(HIST)
/** The parameters that choose what is searched (hist_clear only changes the form). */
const SEARCH_PARAMS = [HIST.order, HIST.from, HIST.to, HIST.sensor, HIST.page] as const

export const TEXTS = {
	title: 'Historical Breaches',
	filters: 'Filters',
	orderNumber: 'Order Number',
	orderPlaceholder: 'Search Order #',
	dateRange: 'Search Date',
	start: 'Start Date',
	end: 'End Date',
	sensors: 'Sensors',
	clear: 'Clear Filters',
	search: 'Search',
	error: 'An error occurred!',
	empty: 'No data is available',
	invalid: 'Correct the filters to search.',
	columns: ['Shipment', 'Summary of Breaches', 'Sensors Breached', 'Orders'],
	claimPack: 'Download claim pack',
} as const

/** "Historical breaches: default last 2 weeks; 5 rows per page; pager range 4 with 1 margin page; sensors in 2 rows of 3; up to 6 sensors; 3 orders shown by default" (001 §9). */
const DEFAULT_DAYS = 14
const ROWS_PER_PAGE = HISTORICAL_PAGE_SIZE
const PAGER_RANGE = 4
const PAGER_MARGIN = 1
const SENSORS_PER_ROW = 3
const MAX_SENSORS = 6
const ORDERS_SHOWN = 3

/** 'temperature' → 'Temperature'. */
export const sensorLabel = (code: string) =>
	code ? `${code[0]!.toUpperCase()}${code.slice(1)}` : code

// ── Dates: MM/DD/YY in the form, ISO days inside, UTC instants on the wire ─────────────────

const pad = (n: number) => String(n).padStart(2, '0')

/** A real calendar day as 'YYYY-MM-DD', or null. */
function isoDay(year: number, month: number, day: number): string | null {
	const d = new Date(Date.UTC(year, month - 1, day))
	if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
		return null
	return `${year}-${pad(month)}-${pad(day)}`
}

/**
 * "Search Date range: start and end, format MM/DD/YY" (001 §2): '11/03/26' → '2026-11-03'. Two-digit
 * years are 2000–2099; a four-digit year and an ISO day (a date input's value) are read too.
 */
export function parseShortDate(text: string | null | undefined): string | null {
	const s = (text ?? '').trim()
	const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(s)
	if (us) {
		const year = us[3]!.length === 2 ? 2000 + Number(us[3]) : Number(us[3])
		return isoDay(year, Number(us[1]), Number(us[2]))
	}
	const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
	return iso ? isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null
}

/** '2026-11-03' → '11/03/26'. */
export function formatShortDate(iso: string): string {
	const [y, m, d] = iso.split('-')
	return `${m}/${d}/${y!.slice(2)}`
}

/** Today in UTC, 'YYYY-MM-DD' (the server's, handed to the page so both tiers agree). */
export function utcToday(now = new Date()): string {
	return now.toISOString().slice(0, 10)
}

function addDays(iso: string, days: number): string {
	const d = new Date(`${iso}T00:00:00Z`)
	d.setUTCDate(d.getUTCDate() + days)
	return d.toISOString().slice(0, 10)
}

/** "Historical breaches: default last 2 weeks" (001 §9): the 14 days before today, to today. */
export function lastTwoWeeks(today: string): { from: string; to: string } {
	return { from: addDays(today, -DEFAULT_DAYS), to: today }
}

/**
 * "The historical date range is sent in UTC" (001 §7): the start day from its first instant, the
 * end day to its last, both in UTC (the days of the form are UTC days, as the server's today is).
 */
export function utcRange(range: { from: string | null; to: string | null }): {
	date_from?: string
	date_to?: string
} {
	return {
		...(range.from ? { date_from: `${range.from}T00:00:00.000Z` } : {}),
		...(range.to ? { date_to: `${range.to}T23:59:59.999Z` } : {}),
	}
}

// ── The URL state ───────────────────────────────────────────────────────────────────────────

type Q = Pick<URLSearchParams, 'get' | 'getAll' | 'has'>

/** What the form shows (text as typed). */
interface HistoricalForm {
	order: string
	from: string
	to: string
	sensors: SensorCode[]
}

export interface HistoricalState {
	form: HistoricalForm
	/** 0-based. */
	page: number
	/** Messages per field; a search with any is not sent. */
	errors: Partial<Record<'order' | 'from' | 'to', string>>
	/** The API's query (001 §7), or null when the filters are refused. */
	query: {
		page: number
		limit: number
		date_from?: string
		date_to?: string
		sensors?: string
		order_number?: string
	} | null
}

/**
 * "Clear Filters resets the fields only (order number empty, dates the last 2 weeks, sensors off)"
 * (001 §4): the form's values after Clear Filters, which are also the first search's.
 */
export function clearedForm(today: string): HistoricalForm {
	const { from, to } = lastTwoWeeks(today)
	return { order: '', from: formatShortDate(from), to: formatShortDate(to), sensors: [] }
}

/** A 0-based page from the URL: a whole number from 0 on (anything else is page 0). */
function parsePage(value: string | null): number {
	const n = Number(value)
	return value !== null && value !== '' && Number.isInteger(n) && n >= 0 && n <= 20_000 ? n : 0
}

/**
 * The section's state from the URL. An absent date is the default's (the last two weeks), an
 * empty one no bound. "Search Date maximum is today" (001 §5); an end before its start is refused
 * too. "Search text is trimmed before sending" (001 §5).
 */
export function parseHistorical(q: Q, today: string): HistoricalState {
	const defaults = clearedForm(today)
	const sensors = SENSOR_CODES.filter((c) =>
		q
			.getAll(HIST.sensor)
			.flatMap((v) => v.split(','))
			.includes(c),
	)
	const form: HistoricalForm = {
		order: q.get(HIST.order) ?? '',
		from: q.has(HIST.from) ? (q.get(HIST.from) ?? '') : defaults.from,
		to: q.has(HIST.to) ? (q.get(HIST.to) ?? '') : defaults.to,
		sensors,
	}
	const errors: HistoricalState['errors'] = {}
	const order = form.order.trim()
	if (order.length > ORDER_NUMBER_MAX) errors.order = `Enter at most ${ORDER_NUMBER_MAX} characters`
	const day = (field: 'from' | 'to') => {
		const text = form[field].trim()
		if (!text) return null
		const iso = parseShortDate(text)
		if (!iso) errors[field] = 'Enter a date as MM/DD/YY'
		else if (iso > today) errors[field] = 'Choose a date no later than today'
		return iso
	}
	const from = day('from')
	const to = day('to')
	if (from && to && !errors.from && !errors.to && to < from)
		errors.to = 'The end date must not be before the start date'
	const page = parsePage(q.get(HIST.page))
	const query = Object.keys(errors).length
		? null
		: {
				page,
				limit: ROWS_PER_PAGE,
				...utcRange({ from, to }),
				...(sensors.length ? { sensors: sensors.join(',') } : {}),
				...(order ? { order_number: order } : {}),
			}
	return { form, page, errors, query }
}

/** The key of what the section shows for a URL: its own search parameters, in a fixed order. */
export function historicalKey(search: string | URLSearchParams): string {
	const all = new URLSearchParams(search)
	const own = new URLSearchParams()
	for (const name of SEARCH_PARAMS) for (const value of all.getAll(name)) own.append(name, value)
	return own.toString()
}

/** Every parameter of the page that is not the section's: the search form's hidden fields. */
export function otherParams(search: string | URLSearchParams): [string, string][] {
	return [...new URLSearchParams(search)].filter(([key]) => !HISTORICAL_PARAMS.includes(key))
}

/** `search` with the section's page set (0 is left out), as '?…'. */
export function pageHref(search: string | URLSearchParams, page: number): string {
	const q = new URLSearchParams(search)
	q.delete(HIST.clear)
	if (page > 0) q.set(HIST.page, String(page))
	else q.delete(HIST.page)
	const s = q.toString()
	return s ? `?${s}` : '?'
}

/** Clear Filters without JavaScript: the same search, the form shown cleared. */
export function clearHref(search: string | URLSearchParams): string {
	const q = new URLSearchParams(search)
	q.set(HIST.clear, '1')
	return `?${q.toString()}`
}

// ── The pager (001 §2: "previous and next arrows, a range of 4 pages and 1 margin page") ─────

export type PagerEntry = { kind: 'page'; page: number } | { kind: 'break'; before: number }

/**
 * The 0-based pages to show for `current` of `total`: every page when there are no more than the
 * range; otherwise the margin page(s) at each end and a window of `range` pages around the
 * current one (more on one side when the other runs out), a break ('…') for each gap, and a gap
 * of a single page shown as that page instead.
 */
export function pagerEntries(
	current: number,
	total: number,
	range = PAGER_RANGE,
	margin = PAGER_MARGIN,
): PagerEntry[] {
	if (total <= 0) return []
	const selected = Math.min(Math.max(0, current), total - 1)
	if (total <= range) return Array.from({ length: total }, (_, page) => ({ kind: 'page', page }))
	let left = range / 2
	let right = range - left
	if (selected > total - range / 2) {
		right = total - selected
		left = range - right
	} else if (selected < range / 2) {
		left = selected
		right = range - left
	}
	const adjustedRight = selected === 0 && range > 1 ? right - 1 : right
	const entries: PagerEntry[] = []
	for (let index = 0; index < total; index++) {
		const shown =
			index < margin ||
			index >= total - margin ||
			(index >= selected - left && index <= selected + adjustedRight)
		if (shown) entries.push({ kind: 'page', page: index })
		else if (entries.at(-1)?.kind !== 'break') entries.push({ kind: 'break', before: index })
	}
	// A break that hides a single page shows that page.
	return entries.map((e, i) => {
		const prev = entries[i - 1]
		const next = entries[i + 1]
		return e.kind === 'break' &&
			prev?.kind === 'page' &&
			next?.kind === 'page' &&
			next.page - prev.page <= 2
			? { kind: 'page', page: e.before }
			: e
	})
}

// ── The table ───────────────────────────────────────────────────────────────────────────────

/** "The table is padded to 5 rows" (001 §2): the rows, then nulls up to `size`. */
export function padRows<T>(rows: readonly T[], size = ROWS_PER_PAGE): (T | null)[] {
	return [...rows, ...Array.from({ length: Math.max(0, size - rows.length) }, () => null)]
}

/** "Sensors are shown up to 6, in two rows of three" (001 §2). */
export function sensorRows<T>(sensors: readonly T[]): T[][] {
	const shown = sensors.slice(0, MAX_SENSORS)
	const rows: T[][] = []
	for (let i = 0; i < shown.length; i += SENSORS_PER_ROW)
		rows.push(shown.slice(i, i + SENSORS_PER_ROW))
	return rows
}

/** "Orders show 3 by default and a button such as 'and 9 more'" (001 §2). */
export function ordersShown<T>(orders: readonly T[]): {
	shown: T[]
	rest: T[]
	more: string | null
} {
	const shown = orders.slice(0, ORDERS_SHOWN)
	const rest = orders.slice(ORDERS_SHOWN)
	return { shown, rest, more: rest.length ? `and ${rest.length} more` : null }
}

/** "Duration formatting: values of 30 s or less show '0h'; otherwise weeks, days, hours and minutes" (001 §9). */
export { formatDuration }

/** "Summary shows breach count with total duration" (001 §2): '5 breaches (5h)'. */
export function breachCountText(count: number, seconds: number): string {
	return `${count} ${count === 1 ? 'breach' : 'breaches'} (${formatDuration(seconds)})`
}

/** The thresholds line of a sensor's tooltip: 'Min 2 °C · Max 8 °C' ('None' for a missing bound). */
export function thresholdText(
	t: { min: number | null; max: number | null },
	unit: string,
): { min: string; max: string } {
	const v = (n: number | null) => (n === null ? 'None' : `${n}${unit ? ` ${unit}` : ''}`)
	return { min: v(t.min), max: v(t.max) }
}

/** A sensor's durations by type: '5h above', '1d 2h below' (the excursions summed per side). */
export function durationsByType(durations: readonly { value: number; type: string }[]): string[] {
	const sums = new Map<string, number>()
	for (const d of durations) sums.set(d.type, (sums.get(d.type) ?? 0) + d.value)
	return [...sums].map(([type, seconds]) => `${formatDuration(seconds)} ${type}`)
}

/** Who sees the section: 001 §6 "need the subscribed service TRACKER" and "Historical breaches need toggle scm.historicalBreaches". */
export function showsHistoricalBreaches(
	toggleOn: boolean,
	subscribedServices: readonly string[] | undefined,
): boolean {
	return toggleOn && !!subscribedServices?.includes('TRACKER')
}

/** 001 §2 "Item type labels: pallet = handling unit, carton = piece number, shipset = order number." */
const ITEM_LABELS: Record<string, string> = {
	pallet: 'handling unit',
	carton: 'piece number',
	shipset: 'order number',
}
export const itemTypeLabel = (type: string) => ITEM_LABELS[type] ?? type
