import { EmptyState } from '~/components/ui/empty-state'
import type { TimelineEvent } from '~/lib/timeline/types'
import { formatDate } from '~/lib/dates'

/** A month calendar (UTC) marking the days that have events (said in text too, not by colour alone). */
export function CalendarTab({ events }: { events: TimelineEvent[] }) {
	const latest = events[0] ? new Date(events[0].eventAt) : null
	if (!latest) return <EmptyState>No Events.</EmptyState>
	const year = latest.getUTCFullYear()
	const month = latest.getUTCMonth()
	const marked = new Set(
		events
			.map((e) => new Date(e.eventAt))
			.filter((d) => d.getUTCFullYear() === year && d.getUTCMonth() === month)
			.map((d) => d.getUTCDate()),
	)
	const offset = new Date(Date.UTC(year, month, 1)).getUTCDay()
	const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
	const cells = [
		...Array<null>(offset).fill(null),
		...Array.from({ length: days }, (_, i) => i + 1),
	]
	const title = formatDate('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }, latest)
	return (
		<div className="month-calendar">
			<h3>{title}</h3>
			<div className="month-grid">
				{['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'].map((d) => (
					<span key={d} className="weekday">
						{d}
					</span>
				))}
				{cells.map((d, i) => (
					<span key={i} className={d && marked.has(d) ? 'day marked' : 'day'}>
						{d ?? ''}
						{d && marked.has(d) ? <span className="visually-hidden"> (events)</span> : null}
					</span>
				))}
			</div>
		</div>
	)
}
