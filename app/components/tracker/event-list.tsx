import { EmptyState } from '~/components/ui/empty-state'
import { Link } from 'react-router'
import { EVENTS_SHOWN_INITIALLY, visibleEvents, type EventTone } from '~/lib/tracker/events'
import type { EventView } from '~/lib/tracker/timeline-view'
import { trackerTexts } from '~/lib/tracker/texts'
import { Icon, type IconName } from '~/components/ui/icon'

/** 000 §4 "Public event display": each tone's mark (stale: the spec's trash icon). */
const TONE_ICONS: Record<EventTone, IconName> = {
	stale: 'trash',
	exception: 'exception',
	verified: 'verified',
	delivered: 'delivered',
	transit: 'transit',
	info: 'info',
}

/**
 * A node's events (000 §2 "an event list with 'No Events.' when empty, the first 5 shown
 * with a 'Show All Events' / 'Collapse Events' toggle"; §4 "Public event display … The
 * first event is highlighted"). The toggle is a link (?events=all).
 */
export function EventList({
	events,
	showAll,
	showAllHref,
	collapseHref,
}: {
	events: EventView[]
	showAll: boolean
	showAllHref: string
	collapseHref: string
}) {
	if (events.length === 0) return <EmptyState>{trackerTexts.noEvents}</EmptyState>
	const shown = visibleEvents(events, showAll)
	return (
		<>
			<ol className="event-list">
				{shown.map((e, i) => (
					<li
						key={e.id}
						className={`event event--${e.tone}${i === 0 ? ' event--first' : ''}`}
						data-tone={e.tone}
					>
						<span className="event__marker" aria-hidden="true">
							<Icon name={TONE_ICONS[e.tone]} />
						</span>
						<div className="event__body">
							<p className="event__title">
								{e.title}
								{e.tone === 'stale' ? <span className="visually-hidden"> (stale)</span> : null}
							</p>
							<p className="event__when">
								{e.date} {e.time}
							</p>
							{e.location ? <p className="event__where">{e.location}</p> : null}
							{e.summaryLines?.map((line, i) => (
								<p key={i} className="event__summary">
									{line}
								</p>
							))}
							{e.verifiedNote ? <p className="event__verified">{trackerTexts.verified}</p> : null}
						</div>
					</li>
				))}
			</ol>
			{events.length > EVENTS_SHOWN_INITIALLY ? (
				<Link
					className="events-toggle"
					to={showAll ? collapseHref : showAllHref}
					preventScrollReset
					replace
					data-analytics={showAll ? 'collapse_events' : 'show_all_events'}
				>
					{showAll ? trackerTexts.collapseEvents : trackerTexts.showAllEvents}
				</Link>
			) : null}
		</>
	)
}
