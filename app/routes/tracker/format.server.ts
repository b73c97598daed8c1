/**
 * Dates and places as the public tracker prints them (000 §9 "Date formats: MM/DD/YYYY,
 * 'MMM d, yyyy', 'hh:mm a' with zone; invalid date text 'N/A'. The default time zone is
 * UTC"; §5 "Invalid dates display 'N/A'"). Only the loaders format, on the server: the zones
 * come from the shipped tz database (~/lib/dates), which the public tracker's pages, opened on
 * slow phones, do not load; a .server module, so that the build refuses it in the browser.
 */

import { ianaZone } from '~/lib/time-zones'
import { formatDate, INVALID_DATE } from '~/lib/dates'

export { INVALID_DATE }

type DateInput = string | Date | null | undefined

function toDate(value: DateInput): Date | null {
	if (value === null || value === undefined || value === '') return null
	const date = value instanceof Date ? value : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date
}

/** An IANA zone Intl knows (a Rails name converted), else UTC: a bad zone must not break the page. */
export const safeTimeZone = ianaZone

function format(
	value: DateInput,
	zone: string | null | undefined,
	options: Intl.DateTimeFormatOptions,
): string {
	const date = toDate(value)
	if (!date) return INVALID_DATE
	return formatDate('en-US', { ...options, timeZone: safeTimeZone(zone) }, date)
}

/** 'MM/DD/YYYY', e.g. '10/27/2026' (the node strip's dates). */
export function formatShortDate(value: DateInput, zone?: string | null): string {
	return format(value, zone, { year: 'numeric', month: '2-digit', day: '2-digit' })
}

/** 'MMM d, yyyy', e.g. 'Oct 27, 2026'. */
export function formatLongDate(value: DateInput, zone?: string | null): string {
	return format(value, zone, { year: 'numeric', month: 'short', day: 'numeric' })
}

/** 'hh:mm a' with the zone, e.g. '04:25 AM CDT'. */
export function formatTime(value: DateInput, zone?: string | null): string {
	return format(value, zone, {
		hour: '2-digit',
		minute: '2-digit',
		hour12: true,
		timeZoneName: 'short',
	})
}

/** 'Oct 27, 2026 04:25 AM CDT', or 'N/A'. */
export function formatDateTime(value: DateInput, zone?: string | null): string {
	const date = formatLongDate(value, zone)
	return date === INVALID_DATE ? INVALID_DATE : `${date} ${formatTime(value, zone)}`
}

interface Place {
	city?: string | null
	state?: string | null
	country?: string | null
}

/** 'Louisville, KY, US'; null when the place has none of the three. */
export function formatPlace(place: Place | null | undefined): string | null {
	if (!place) return null
	const parts = [place.city, place.state, place.country].map((p) => p?.trim()).filter(Boolean)
	return parts.length ? parts.join(', ') : null
}
