/**
 * Delivery-date and promise-date indicators (002 §4 "Delivery-date indicator",
 * "Promise-date indicator"; §9 "MM/DD/YYYY for delivery and promise dates").
 */
import { isTimeZone } from '#shared/time-zones'
import { dateParts, formatDate } from '../dates'

type Colour = 'green' | 'yellow' | 'red'
const NO_DELIVERY_DATE = 'No Final Mile Estimated Delivery Date available.'
const NO_PROMISE_DATE = 'No Promise Date available.'
const MULTIPLE_STATUSES = 'Multiple Delivery Statuses'
const DAY = 86_400_000

/** Calendar day (in `zone`, UTC by default) as a day number, for day-level comparisons. */
function dayNumber(at: Date, zone = 'UTC'): number {
	const parts = formatDate(
		'en-CA',
		{ timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' },
		at,
	)
	return Math.floor(Date.parse(`${parts}T00:00:00Z`) / DAY)
}

function validZone(zone: string | null | undefined): string {
	return zone && isTimeZone(zone) ? zone : 'UTC'
}

/** MM/DD/YYYY in the date's zone; 'N/A' when it cannot be parsed (002 §5). */
export function formatIndicatorDate(value: string | null, zone?: string | null): string {
	const at = value ? new Date(value) : null
	if (!at || Number.isNaN(at.getTime())) return 'N/A'
	const z = validZone(zone)
	const p = dateParts(
		'en-US',
		{ timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' },
		at,
	)
	return `${p.month}/${p.day}/${p.year}`
}

export interface DeliveryIndicator {
	colour: Colour | null
	text: string
}

/**
 * "Green by default; red when late; yellow when the status is pending_late/pendingLate, or
 * when today is within daysBefore (default 3) days of the estimated date and the status is
 * neither late nor on_time. 'Multiple Delivery Statuses' is shown when more than one
 * final-mile shipping method exists."
 */
export function deliveryIndicator(input: {
	date: string | null
	timezone: string | null
	status: string | null
	daysBefore: number | null
	finalMileMethods: readonly string[]
	now: Date
}): DeliveryIndicator {
	if (input.finalMileMethods.length > 1) return { colour: null, text: MULTIPLE_STATUSES }
	if (!input.date || Number.isNaN(Date.parse(input.date)))
		return { colour: null, text: NO_DELIVERY_DATE }
	const text = formatIndicatorDate(input.date, input.timezone)
	const status = input.status
	if (status === 'late') return { colour: 'red', text }
	if (status === 'pending_late' || status === 'pendingLate') return { colour: 'yellow', text }
	const zone = validZone(input.timezone)
	const daysLeft = dayNumber(new Date(input.date), zone) - dayNumber(input.now, zone)
	if (status !== 'on_time' && daysLeft <= (input.daysBefore ?? 3)) return { colour: 'yellow', text }
	return { colour: 'green', text }
}

export interface PromiseIndicator {
	colour: Colour | 'delivered' | null
	text: string
}

/**
 * "Delivered icon when delivered on or before the promise date; red when the promise date
 * is before today; yellow when today is on or after the promise date; otherwise green.
 * 'No Promise Date available.' when absent."
 */
export function promiseIndicator(input: {
	promiseDate: string | null
	deliveredAt: string | null
	now: Date
}): PromiseIndicator {
	if (!input.promiseDate || Number.isNaN(Date.parse(input.promiseDate)))
		return { colour: null, text: NO_PROMISE_DATE }
	const text = formatIndicatorDate(input.promiseDate)
	const promise = dayNumber(new Date(input.promiseDate))
	if (input.deliveredAt && dayNumber(new Date(input.deliveredAt)) <= promise)
		return { colour: 'delivered', text }
	const today = dayNumber(input.now)
	if (promise < today) return { colour: 'red', text }
	if (today >= promise) return { colour: 'yellow', text }
	return { colour: 'green', text }
}
