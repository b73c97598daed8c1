import dayjs from 'dayjs'

/**
 * The kit's calendar (the date picker's): pure date arithmetic on ISO dates (YYYY-MM-DD),
 * no time zone involved. `weekStartsOn` 0 is Sunday, 1 Monday (001's Historical Breaches:
 * "week starts Monday").
 */
export type WeekStart = 0 | 1

const ISO = /^\d{4}-\d{2}-\d{2}$/

/** The date if `value` is a real ISO date (2026-02-30 is not), else null. */
export function parseIsoDate(value: string | null | undefined): string | null {
	if (!value || !ISO.test(value)) return null
	const d = dayjs(value)
	return d.isValid() && d.format('YYYY-MM-DD') === value ? value : null
}

export function addDays(iso: string, days: number): string {
	return dayjs(iso).add(days, 'day').format('YYYY-MM-DD')
}

/** The same day `months` later, clamped to the month's end (Jan 31 + 1 month = Feb 28). */
export function addMonths(iso: string, months: number): string {
	return dayjs(iso).add(months, 'month').format('YYYY-MM-DD')
}

/** The first and last day of the week holding `iso`. */
export function weekEdges(iso: string, weekStartsOn: WeekStart): { start: string; end: string } {
	const offset = (dayjs(iso).day() - weekStartsOn + 7) % 7
	const start = addDays(iso, -offset)
	return { start, end: addDays(start, 6) }
}

/** The weeks of the month holding `iso`, each seven ISO dates; days of other months are null. */
export function monthGrid(iso: string, weekStartsOn: WeekStart): (string | null)[][] {
	const first = dayjs(iso).startOf('month')
	const month = first.month()
	let day = dayjs(weekEdges(first.format('YYYY-MM-DD'), weekStartsOn).start)
	const weeks: (string | null)[][] = []
	while (weeks.length === 0 || day.month() === month) {
		const week: (string | null)[] = []
		for (let i = 0; i < 7; i++, day = day.add(1, 'day'))
			week.push(day.month() === month ? day.format('YYYY-MM-DD') : null)
		weeks.push(week)
	}
	return weeks
}

/** The weekday names in the calendar's order: short for the column head, long for its name. */
export function weekdayNames(weekStartsOn: WeekStart): { short: string; long: string }[] {
	const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
	return Array.from({ length: 7 }, (_, i) => names[(i + weekStartsOn) % 7]!).map((long) => ({
		short: long.slice(0, 2),
		long,
	}))
}

/** 'November 2026' */
export function monthTitle(iso: string): string {
	return dayjs(iso).format('MMMM YYYY')
}

/** 'Tuesday, November 24, 2026': a day button's accessible name. */
export function longDate(iso: string): string {
	return dayjs(iso).format('dddd, MMMM D, YYYY')
}

/** Keeps `iso` within [min, max] (either may be absent). */
export function clampDate(iso: string, min?: string | null, max?: string | null): string {
	if (min && iso < min) return min
	if (max && iso > max) return max
	return iso
}
