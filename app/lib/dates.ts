import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'

dayjs.extend(utc)
dayjs.extend(timezone)

/** "Invalid dates display 'N/A'." (000 §5) */
export const INVALID_DATE = 'N/A'

/**
 * "The default time zone is UTC; Rails zone names are converted." (000 §9)
 * The Rails names our data may carry, mapped to IANA zones.
 */
const RAILS_ZONES: Record<string, string> = {
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

export function ianaZone(zone: string | null | undefined): string {
	if (!zone) return 'UTC'
	const mapped = RAILS_ZONES[zone] ?? zone
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: mapped })
		return mapped
	} catch {
		return 'UTC'
	}
}

function zoneAbbreviation(date: Date, zone: string): string {
	const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
		.formatToParts(date)
		.find((p) => p.type === 'timeZoneName')
	return part?.value ?? zone
}

/** "'MM/dd/yy hh:mm a' with zone added for non-UTC (default UTC)" (001 §9) */
export function formatEventTime(value: string | Date | null | undefined, zone?: string | null): string {
	if (!value) return INVALID_DATE
	const d = dayjs(value)
	if (!d.isValid()) return INVALID_DATE
	const tz = ianaZone(zone)
	const text = d.tz(tz).format('MM/DD/YY hh:mm A')
	return tz === 'UTC' ? text : `${text} ${zoneAbbreviation(d.toDate(), tz)}`
}
