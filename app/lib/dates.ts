import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'
import { ianaZone } from './time-zones'
import { dateParts } from './intl-formats'

dayjs.extend(utc)
dayjs.extend(timezone)

/** "Invalid dates display 'N/A'." (000 §5) */
export const INVALID_DATE = 'N/A'

export { ianaZone }

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
 * "'MM/dd/yy hh:mm a' with zone added for non-UTC (default UTC)" (001 §9). Through a kept
 * Intl format (one formatToParts a date), not dayjs' zone plugin: a timeline formats one per
 * event, and the plugin's conversion made that a visible part of the page's cost.
 */
export function formatEventTime(
	value: string | Date | null | undefined,
	zone?: string | null,
): string {
	if (!value) return INVALID_DATE
	const at = value instanceof Date ? value : new Date(value)
	if (Number.isNaN(at.getTime())) return INVALID_DATE
	const tz = ianaZone(zone)
	const p = dateParts('en-US', { ...EVENT_TIME, timeZone: tz }, at)
	const text = `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`
	return tz === 'UTC' ? text : `${text} ${p.timeZoneName ?? tz}`
}
