/**
 * 'Total Order Time' (002 §2 "Node strip"): from the order's first event to its last, as days,
 * hours and minutes. Every event counts, of whatever type (an order with only info events, such
 * as 'Order received' and 'Production started', has a time too); null only without events.
 */

interface TimedEvent {
	eventAt: string
}

export function totalOrderTime(
	events: readonly TimedEvent[],
): { days: number; hours: number; minutes: number } | null {
	const times = events.map((e) => Date.parse(e.eventAt)).filter((t) => !Number.isNaN(t))
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
