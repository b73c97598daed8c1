/**
 * "The default time zone is UTC; Rails zone names are converted." (000 §9) The rule lives with the
 * shipped tz database in server/shared, which the server's exports use too.
 */
export { DEFAULT_TIME_ZONE, ianaZone } from '#shared/time-zones'
