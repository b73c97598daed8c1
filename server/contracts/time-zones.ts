/**
 * "Rails zone names are converted." (000 §9) The Rails zone names our data may carry, mapped
 * to IANA zones: the web app formats dates with them (app/lib/time-zones.ts ianaZone) and the
 * search filters shipment days with them (server/api/queries/search.ts), so both read a
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
