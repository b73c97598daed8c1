/**
 * "The default time zone is UTC; Rails zone names are converted." (000 §9)
 * No date library here: the public tracker uses it and stays light.
 */
export const DEFAULT_TIME_ZONE = 'UTC'

/** The Rails zone names our data may carry, mapped to IANA zones. */
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

/** An IANA zone Intl knows (a Rails name converted), else UTC: a bad zone must not break the page. */
export function ianaZone(zone: string | null | undefined): string {
	if (!zone) return DEFAULT_TIME_ZONE
	const mapped = RAILS_ZONES[zone] ?? zone
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: mapped })
		return mapped
	} catch {
		return DEFAULT_TIME_ZONE
	}
}
