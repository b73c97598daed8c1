import { CONVEYANCE_CODES, ISSUE_AGE_DAYS, TIMEFRAME_DAYS } from '#contracts/dashboard/widgets'
import { formatEventTime, INVALID_DATE } from '~/lib/dates'

/**
 * The dashboard's number, date and text formats (001 §4, §5, §9), shared by the tabbed dashboard
 * (/dashboard), the widget page (/dashboard/old) and the card dashboard (/dashboard/new). Pure functions; the tests beside
 * them quote the spec line each one follows.
 */

/** "Dates that cannot be parsed show 'N/A'." (001 §5); "'MM/dd/yy hh:mm a' with zone added for non-UTC" (001 §9). */
export { formatEventTime, INVALID_DATE }

// ── Paging (001 §2 "Following", §4 "Unfollow", §9) ──────────────────────────────────────────

/** "Following and Recently Viewed pages hold 5 rows each" (001 §9). */
export const WIDGET_PAGE_SIZE = 5
/** "Pagination shows 2 neighbouring pages" (001 §9). */
const PAGE_NEIGHBOURS = 2

/** How many pages `total` rows make, at least 1 (an empty list is one empty page). */
export function pageCount(total: number, size = WIDGET_PAGE_SIZE): number {
	return Math.max(1, Math.ceil(Math.max(0, total) / size))
}

/** A page number from the URL: a whole number from 1 on (anything else is page 1). */
export function parsePage(value: string | null | undefined): number {
	const n = Number(value)
	return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

/**
 * "Text 'Showing a-b of n'" (001 §9): the rows of `page` out of `total`, 1-based.
 * Decision: an empty list reads 'Showing 0 of 0'; a page past the end reads as the last page.
 */
export function showingRange(page: number, total: number, size = WIDGET_PAGE_SIZE): string {
	if (total <= 0) return 'Showing 0 of 0'
	const shown = Math.min(page, pageCount(total, size))
	const first = (shown - 1) * size + 1
	const last = Math.min(total, shown * size)
	return `Showing ${first}-${last} of ${total}`
}

/**
 * "Pagination shows 2 neighbouring pages" (001 §9): the page numbers to offer, the current page
 * with up to `neighbours` on each side (more on one side when the other runs out, so five pages
 * show whenever there are five).
 */
export function pageNumbers(
	current: number,
	pages: number,
	neighbours = PAGE_NEIGHBOURS,
): number[] {
	const width = neighbours * 2 + 1
	const page = Math.min(Math.max(1, current), Math.max(1, pages))
	let start = Math.max(1, page - neighbours)
	const end = Math.min(pages, start + width - 1)
	start = Math.max(1, end - width + 1)
	const out: number[] = []
	for (let p = start; p <= end; p++) out.push(p)
	return out
}

/**
 * "after removal the list reloads and the page moves to the last page if the current one no longer
 * exists" (001 §4): the page to show once the list holds `total` rows.
 */
export function pageAfterRemoval(page: number, total: number, size = WIDGET_PAGE_SIZE): number {
	return Math.min(Math.max(1, page), pageCount(total, size))
}

// ── Times and days (001 §9 "Average Order Time", "Carrier Performance") ─────────────────────

const HOURS_PER_DAY = 24

/** "Hours to days with one decimal on the widget page" (001 §9): 36 → '1.5'. */
export function hoursToDays(hours: number): string {
	return (hours / HOURS_PER_DAY).toFixed(1)
}

/** "on the newer card days = hours/24 with 2 decimals" (001 §9): 36 → '1.50'. */
export function hoursToCardDays(hours: number): string {
	return (hours / HOURS_PER_DAY).toFixed(2)
}

/** "Carrier Performance (widget page): ... days shown with 2 decimals" (001 §9); the API answers hours. */
export function carrierDays(hours: number): string {
	return (hours / HOURS_PER_DAY).toFixed(2)
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/**
 * "The subtitle shows days and hours" (001 §2 "Average Order Time"): the period's average, in whole
 * hours, as '3 days 4 hours'; null (nothing delivered in the period) is null.
 */
export function averageTimeSubtitle(hours: number | null | undefined): string | null {
	if (hours === null || hours === undefined || !Number.isFinite(hours)) return null
	const total = Math.max(0, Math.round(hours))
	return `${plural(Math.floor(total / HOURS_PER_DAY), 'day')} ${plural(total % HOURS_PER_DAY, 'hour')}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A month of the average-time answer ('YYYY-MM') as the carrier answer names its months: 'MMM yyyy' (001 §3). */
export function monthLabel(month: string): string {
	const m = /^(\d{4})-(\d{2})$/.exec(month)
	const index = m ? Number(m[2]) - 1 : -1
	return m && index >= 0 && index < 12 ? `${MONTHS[index]} ${m[1]}` : month
}

// ── Percentages, trends and money (001 §5, §9) ──────────────────────────────────────────────

/** "on-time percentage shows 2 decimals" (001 §5): 87.5 → '87.50%'. */
export function percent(value: number): string {
	return `${value.toFixed(2)}%`
}

/** "a positive trend is shown with a + sign" (001 §5): 2.5 → '+2.50', -1 → '-1.00', 0 → '0.00'. */
export function signedTrend(value: number, decimals = 2): string {
	const text = value.toFixed(decimals)
	if (Number(text) === 0) return (0).toFixed(decimals)
	return value > 0 ? `+${text}` : text
}

// ── Issues Log (001 §2, §9) ─────────────────────────────────────────────────────────────────

/** "A toggle switches between 'View By Count' and 'View By Delivery Value'" (001 §2). */
export const ISSUES_VIEWS = [
	{ id: 'count', label: 'View By Count' },
	{ id: 'value', label: 'View By Delivery Value' },
] as const
export type IssuesView = (typeof ISSUES_VIEWS)[number]['id']

/** The age bucket for 'more than 5 days' (the API's `days` 6). */
const OLDER_BUCKET = 6

interface AgeBucket {
	days: number
	label: string
	/** A design token (app/styles/app.css) and its light value, for the chart. */
	token: `--color-${string}`
	fallback: string
}

/**
 * "colours by age of 1 day, 3 days and 5 days" (001 §9): the API's buckets 1, 3, 5 and 6 (more
 * than 5 days), each a label and a colour from fresh to old: blue, amber, red, then dark grey for
 * the oldest (four hues that stay apart for colour-blind readers; the table says the same).
 */
export const AGE_BUCKETS: readonly AgeBucket[] = [
	{ days: ISSUE_AGE_DAYS[0], label: '1 day', token: '--color-info-solid', fallback: '#1565c0' },
	{ days: ISSUE_AGE_DAYS[1], label: '3 days', token: '--color-warning-solid', fallback: '#c97a00' },
	{ days: ISSUE_AGE_DAYS[2], label: '5 days', token: '--color-danger-solid', fallback: '#c62828' },
	{
		days: OLDER_BUCKET,
		label: 'More than 5 days',
		token: '--color-neutral-solid',
		fallback: '#57606a',
	},
]

/** The bucket of an entry's `days`: 1, 3, 5 as they are; anything above 5 is 'More than 5 days'. */
export function ageBucket(days: number): AgeBucket {
	return AGE_BUCKETS.find((b) => days <= b.days) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1]!
}

// ── Filters' choices (001 §9) ───────────────────────────────────────────────────────────────

/** "timeframe 1 day, 2 days, 3 days, 1 week (7), 2 weeks (14)" (001 §9). */
export function timeframeLabel(days: (typeof TIMEFRAME_DAYS)[number] | number): string {
	if (days % 7 === 0) return plural(days / 7, 'week')
	return plural(days, 'day')
}

/** "1, 3, 6, 12 Months" (001 §2 "Overview"): 1 → '1 Month', 12 → '12 Months'. */
export function monthsLabel(months: number): string {
	return `${months} ${months === 1 ? 'Month' : 'Months'}`
}

/** "conveyance types Ground 0, Air 1, Ocean 2" (001 §9). */
export const CONVEYANCE_LABELS: Record<(typeof CONVEYANCE_CODES)[number], string> = {
	0: 'Ground',
	1: 'Air',
	2: 'Ocean',
}

// ── Texts (001 §3, §4, §9) ──────────────────────────────────────────────────────────────────

/** "Toast timeout 10 s" (001 §9): every toast a dashboard's action leaves (Unfollow, a tagged comment). */
export const DASHBOARD_TOAST_MS = 10_000

/** "Comments longer than 150 characters are shortened with '...See more'" (001 §2, §9). */
export const SEE_MORE = '...See more'

export { formatDuration } from '#shared/durations'

/**
 * "Order statuses (display): in_transit 'In Transit', final_mile 'Final Mile', delivered
 * 'Delivered', pending 'Pending', cancelled 'Canceled', closed 'Closed'" (001 §4).
 */
const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
	in_transit: 'In Transit',
	final_mile: 'Final Mile',
	delivered: 'Delivered',
	pending: 'Pending',
	cancelled: 'Canceled',
	closed: 'Closed',
}

/**
 * The label of an order status; "An exception flag adds a warning icon" (001 §4): `exception`
 * when the last event's type is 'exception' (001 §3). An unknown status reads 'Pending' (the
 * card's default, 001 §4).
 */
export function orderStatus(status: string | null | undefined, lastEventType?: string | null) {
	return {
		label: ORDER_STATUS_LABELS[status ?? ''] ?? 'Pending',
		exception: lastEventType === 'exception',
	}
}

/** "Welcome to your dashboard" followed by a comma and the given name, or the e-mail (001 §1). */
export function greeting(profile: { given_name: string | null; email: string }): string {
	return `Welcome to your dashboard, ${profile.given_name?.trim() || profile.email}`
}
