/**
 * "Rails zone names are converted." (000 §9) The Rails zone names our data may carry, mapped
 * to IANA zones: the web app formats dates with them (app/lib/time-zones.ts ianaZone) and the
 * search filters shipment days with them (server/search/search.queries.ts), so both read a
 * shipment's zone alike.
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

const zones = new Map<string, boolean>()
/**
 * An IANA zone name that this runtime knows (e.g. 'America/Chicago'); remembered per name, as
 * making a formatter to ask is slow (tens of microseconds: once per event of a batch, per date of a
 * page). Unknown names come from senders' data, so the memory stops growing past 10,000 names.
 */
export function isTimeZone(value: string): boolean {
	let known = zones.get(value)
	if (known === undefined) {
		try {
			new Intl.DateTimeFormat('en-US', { timeZone: value })
			known = true
		} catch {
			known = false
		}
		if (zones.size < 10_000) zones.set(value, known)
	}
	return known
}
