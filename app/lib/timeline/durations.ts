/**
 * 'Total Order Time' (002 §2 "Node strip"): from the first to the last event that is
 * neither info nor stale, as days, hours and minutes.
 */

interface TimedEvent {
	eventAt: string
	eventType: string
	staleAt: string | null
}

export function totalOrderTime(
	events: readonly TimedEvent[],
): { days: number; hours: number; minutes: number } | null {
	const times = events
		.filter((e) => e.eventType !== 'info' && e.staleAt === null)
		.map((e) => Date.parse(e.eventAt))
		.filter((t) => !Number.isNaN(t))
	if (times.length === 0) return null
	const minutes = Math.floor((Math.max(...times) - Math.min(...times)) / 60_000)
	return {
		days: Math.floor(minutes / 1440),
		hours: Math.floor((minutes % 1440) / 60),
		minutes: minutes % 60,
	}
}

export function formatOrderTime(
	t: { days: number; hours: number; minutes: number } | null,
): string {
	if (!t) return 'N/A'
	const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
	return `${unit(t.days, 'day')} ${unit(t.hours, 'hour')} ${unit(t.minutes, 'minute')}`
}
