/**
 * 'Total Order Time' (002 §2 "Node strip"; 000 §4 "Timeline total-duration rule: the span between
 * the first and last non-info, non-stale event, shown as days, hours and minutes"). An order whose
 * events are all info or stale events (SO-1002: 'Order received', 'Production started') has no such
 * span; the spec leaves it open, and 'N/A' beside its events reads as a fault: its span is then
 * that of all its events. Null only without events.
 */

interface TimedEvent {
	eventAt: string
	eventType: string
	staleAt: string | null
}

export function totalOrderTime(
	events: readonly TimedEvent[],
): { days: number; hours: number; minutes: number } | null {
	const dated = events.filter((e) => !Number.isNaN(Date.parse(e.eventAt)))
	const counted = dated.filter((e) => e.eventType !== 'info' && e.staleAt === null)
	const times = (counted.length ? counted : dated).map((e) => Date.parse(e.eventAt))
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
