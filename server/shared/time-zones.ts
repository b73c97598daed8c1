/**
 * Time zones, read from one tz database shipped with the app (moment-timezone's data), on the
 * server and in the browser alike: a runtime's own zone data (Node's ICU, the browser's) differ
 * between versions, and a page must read the same before and after it hydrates (decision 0038).
 * "The default time zone is UTC; Rails zone names are converted." (000 §9)
 */
import moment from 'moment-timezone'

export const DEFAULT_TIME_ZONE = 'UTC'

/**
 * "Rails zone names are converted." (000 §9) The Rails zone names our data may carry, mapped
 * to IANA zones: the web app formats dates with them (ianaZone below) and the search filters
 * shipment days with them (server/search/search.queries.ts), so both read a shipment's zone alike.
 */
export const RAILS_ZONES: Readonly<Record<string, string>> = {
	UTC: 'UTC',
	'Eastern Time (US & Canada)': 'America/New_York',
	'Central Time (US & Canada)': 'America/Chicago',
	'Mountain Time (US & Canada)': 'America/Denver',
	'Pacific Time (US & Canada)': 'America/Los_Angeles',
	London: 'Europe/London',
	Berlin: 'Europe/Berlin',
	Paris: 'Europe/Paris',
	Amsterdam: 'Europe/Amsterdam',
	Tokyo: 'Asia/Tokyo',
	Beijing: 'Asia/Shanghai',
	Singapore: 'Asia/Singapore',
	Sydney: 'Australia/Sydney',
	'Mexico City': 'America/Mexico_City',
}

/** The shipped tz database's version, e.g. '2026f'. */
export const TZ_DATA_VERSION: string = moment.tz.dataVersion

/** An IANA zone name (or link) the shipped tz database knows, e.g. 'America/Chicago'. */
export function isTimeZone(value: string): boolean {
	return value !== '' && moment.tz.zone(value) !== null
}

/** A zone the tz database knows (a Rails name converted), else UTC: a bad zone must not break the page. */
export function ianaZone(zone: string | null | undefined): string {
	if (!zone) return DEFAULT_TIME_ZONE
	const mapped = RAILS_ZONES[zone] ?? zone
	return isTimeZone(mapped) ? mapped : DEFAULT_TIME_ZONE
}

export interface ZoneAt {
	/** Minutes east of UTC: -480 for PST. */
	offsetMinutes: number
	/** 'PST', 'CEST', 'UTC'; a numeric one reads like 'GMT+8' or 'GMT+5:30'. */
	abbreviation: string
}

/** The zone's offset and abbreviation at an instant; an unknown zone reads as UTC. */
export function zoneAt(zone: string, at: Date | number): ZoneAt {
	const rules = moment.tz.zone(zone)
	if (!rules) return { offsetMinutes: 0, abbreviation: DEFAULT_TIME_ZONE }
	const ms = typeof at === 'number' ? at : at.getTime()
	return { offsetMinutes: -rules.utcOffset(ms), abbreviation: readableAbbreviation(rules.abbr(ms)) }
}

/**
 * The tz database names zones without a letter abbreviation by their offset ('+08', '-0330'):
 * shown as 'GMT+8', 'GMT-3:30', as browsers name such zones.
 */
export function readableAbbreviation(abbr: string): string {
	const m = /^([+-])(\d{2})(\d{2})?$/.exec(abbr)
	if (!m) return abbr
	const [, sign, hh, mm] = m
	const hours = Number(hh)
	if (hours === 0 && (!mm || mm === '00')) return 'GMT'
	return `GMT${sign}${hours}${mm && mm !== '00' ? `:${mm}` : ''}`
}
