import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'
import { ianaZone } from './time-zones'

dayjs.extend(utc)
dayjs.extend(timezone)

/** "Invalid dates display 'N/A'." (000 §5) */
export const INVALID_DATE = 'N/A'

export { ianaZone }

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
