/**
 * "The default time zone is UTC; Rails zone names are converted." (000 §9)
 * No date library here: the public tracker uses it and stays light.
 */
import { isTimeZone, RAILS_ZONES } from '#shared/time-zones'

export const DEFAULT_TIME_ZONE = 'UTC'

/** An IANA zone Intl knows (a Rails name converted), else UTC: a bad zone must not break the page. */
export function ianaZone(zone: string | null | undefined): string {
	if (!zone) return DEFAULT_TIME_ZONE
	const mapped = RAILS_ZONES[zone] ?? zone
	return isTimeZone(mapped) ? mapped : DEFAULT_TIME_ZONE
}
