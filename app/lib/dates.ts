/**
 * Dates as the screens print them: the rules live in server/shared/dates.ts, with the tz database
 * the app ships, so that the server's text and the browser's are the same (decision 0038).
 */
export {
	dateParts,
	formatDate,
	formatDay,
	formatDayTime,
	formatEventTime,
	formatLongTime,
	INVALID_DATE,
} from '#shared/dates'
export { ianaZone } from './time-zones'
