/**
 * Dates as every screen, e-mail and export prints them, the same on the server and in the browser:
 * the zone's offset and abbreviation come from the shipped tz database (./time-zones), and only
 * the clock in UTC, which every runtime formats alike, from Intl.
 */
import { ianaZone, zoneAt } from './time-zones'

/** "Invalid dates display 'N/A'." (000 §5) */
export const INVALID_DATE = 'N/A'

/**
 * Intl.DateTimeFormat instances kept by locale and options. Making one costs tens of
 * microseconds, and a timeline renders a date per event and per node: a page of them made
 * hundreds. A format is immutable, so one per key serves every request: memoisation of an
 * immutable object, not a cache of data (docs/caching.md). Every kept format is in UTC, so the
 * keys are a handful of option sets.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

function utcFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const key = `${locale}|${JSON.stringify(options)}`
	let format = formats.get(key)
	if (!format) {
		format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
		formats.set(key, format)
	}
	return format
}

/**
 * `date` formatted with these options in `options.timeZone` (UTC when absent, never the runtime's
 * own zone): the wall clock is the instant moved by the zone's offset and formatted in UTC, and a
 * `timeZoneName` part is the zone's abbreviation.
 */
export function zonedFormatToParts(
	locale: string,
	options: Intl.DateTimeFormatOptions,
	date: Date,
): Intl.DateTimeFormatPart[] {
	const { timeZone, ...rest } = options
	const { offsetMinutes, abbreviation } = zoneAt(timeZone ?? 'UTC', date)
	const wallClock = new Date(date.getTime() + offsetMinutes * 60_000)
	return utcFormat(locale, rest)
		.formatToParts(wallClock)
		.map((p) => (p.type === 'timeZoneName' ? { ...p, value: abbreviation } : p))
}

/**
 * The whole text, as Intl.DateTimeFormat#format lays it out; a narrow no-break space (ICU's
 * before 'AM') as a plain one, as V8's format answers and our assembled formats write.
 */
export function formatDate(
	locale: string,
	options: Intl.DateTimeFormatOptions,
	date: Date,
): string {
	return zonedFormatToParts(locale, options, date)
		.map((p) => (p.type === 'literal' ? p.value.replace(/\u202f/g, ' ') : p.value))
		.join('')
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>

/** The parts of `date` by type (the literal separators dropped). */
export function dateParts(locale: string, options: Intl.DateTimeFormatOptions, date: Date): Parts {
	const out: Parts = {}
	for (const part of zonedFormatToParts(locale, options, date))
		if (part.type !== 'literal') out[part.type] = part.value
	return out
}

function toDate(value: string | Date | null | undefined): Date | null {
	if (value === null || value === undefined || value === '') return null
	const at = value instanceof Date ? value : new Date(value)
	return Number.isNaN(at.getTime()) ? null : at
}

/** `value`'s parts with these options in `zone` (en-US), or null for a missing or invalid date. */
function partsIn(
	value: string | Date | null | undefined,
	zone: string | null | undefined,
	options: Intl.DateTimeFormatOptions,
): Parts | null {
	const at = toDate(value)
	return at ? dateParts('en-US', { ...options, timeZone: ianaZone(zone) }, at) : null
}

const EVENT_TIME: Intl.DateTimeFormatOptions = {
	year: '2-digit',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h12',
	timeZoneName: 'short',
}

/**
 * "'MM/dd/yy hh:mm a' with zone" (001 §9), e.g. '11/20/26 10:04 AM EST'. 001 §9 adds the zone
 * "for non-UTC" only; every time shows its zone here, UTC included, so that a time is never read
 * in the wrong zone beside others that show theirs.
 */
export function formatEventTime(
	value: string | Date | null | undefined,
	zone?: string | null,
): string {
	const p = partsIn(value, zone, EVENT_TIME)
	return p
		? `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`
		: INVALID_DATE
}

const LONG_TIME: Intl.DateTimeFormatOptions = {
	weekday: 'short',
	day: '2-digit',
	month: 'short',
	year: 'numeric',
	hour: 'numeric',
	minute: '2-digit',
	hourCycle: 'h12',
	timeZoneName: 'short',
}

/**
 * "'ddd, DD MMM YYYY h:mm A z'" (001 §9 for breach start; 002 §9 for documents and logs), e.g.
 * 'Fri, 20 Nov 2026 9:36 PM PST'.
 */
export function formatLongTime(
	value: string | Date | null | undefined,
	zone?: string | null,
): string {
	const p = partsIn(value, zone, LONG_TIME)
	return p
		? `${p.weekday}, ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`
		: INVALID_DATE
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' }

/** 'MM/DD/YYYY' in the zone (000 §9), e.g. '11/20/2026': the search's shipment date. */
export function formatDay(value: string | Date | null | undefined, zone?: string | null): string {
	const p = partsIn(value, zone, DAY)
	return p ? `${p.month}/${p.day}/${p.year}` : INVALID_DATE
}

const DAY_TIME: Intl.DateTimeFormatOptions = {
	...DAY,
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h12',
	timeZoneName: 'short',
}

/** 'MM/DD/YYYY hh:mm a' and the zone, e.g. '11/20/2026 10:04 AM EST': the search's status date. */
export function formatDayTime(
	value: string | Date | null | undefined,
	zone?: string | null,
): string {
	const p = partsIn(value, zone, DAY_TIME)
	return p
		? `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`
		: INVALID_DATE
}
