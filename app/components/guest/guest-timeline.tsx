import { useParams, useSearchParams } from 'react-router'
import { AnalyticsEvents } from '~/components/analytics-events'
import { EventList } from '~/components/tracker/event-list'
import { activeStep, guestTexts } from '~/lib/guest/restricted'
import { withSearch } from '~/lib/tracker/timeline-links'
import type { GuestPage } from '~/services/guest.server'
import guestStylesHref from '~/styles/guest.css?url'
import trackerStylesHref from '~/styles/tracker.css?url'
import trackerTimelineStylesHref from '~/styles/tracker-timeline.css?url'
import { GuestFiles } from './guest-files'
import { GuestMap } from './guest-map'
import { GuestNotificationForm } from './guest-notification-form'
import { GuestSteps } from './guest-steps'

/**
 * The guest timeline (000 §2 "Guest timeline"): the restricted record of one order, read
 * only but for the notification setting, drawn with the public tracker's event list and
 * styles. Shown by /guest/{shipSetId}/timeline and by /timeline/{shipSetId} with a guest
 * query. Nothing of the signed-in screen that 002 §1 and 000 §6 keep from guests: no
 * follow, share, upload, comment form, historical logs, sensor data, related orders,
 * notes, info card or view toggle.
 */
export function GuestTimelineView({ guest }: { guest: GuestPage }) {
	const [search] = useSearchParams()
	const { shipSetId = '' } = useParams()
	const styles = (
		<>
			<link rel="stylesheet" href={trackerStylesHref} precedence="default" />
			<link rel="stylesheet" href={trackerTimelineStylesHref} precedence="default" />
			<link rel="stylesheet" href={guestStylesHref} precedence="default" />
		</>
	)
	if (guest.error !== null) {
		return (
			<div className="tracker guest-timeline">
				{styles}
				<h1>{guestTexts.orderTimeline}</h1>
				<p className="guest-error" role="alert">
					{guest.error}
				</p>
			</div>
		)
	}
	const { view, notifType } = guest
	// The step is URL state read here, so with JavaScript a step link needs no new request.
	const step = activeStep(search.get('step'), view.status)
	const section = view.sections[step]
	const label = view.steps.find((s) => s.key === step)?.label ?? ''
	return (
		<div className="tracker guest-timeline">
			{styles}
			<AnalyticsEvents
				surface="guest_timeline"
				enabled={guest.analyticsEvents}
				organization={guest.supplyChain}
			/>
			<header className="timeline-header guest-header">
				<div>
					<h1>{guestTexts.orderTimeline}</h1>
					<p className="timeline-header__order">#{view.name}</p>
					{view.destination.length ? (
						<p className="timeline-header__destination">
							<strong>{guestTexts.destination}</strong> {view.destination.join(', ')}
						</p>
					) : null}
				</div>
				<GuestNotificationForm current={notifType} />
			</header>
			<GuestSteps steps={view.steps} active={step} search={search} />
			<section
				className="panel guest-section"
				aria-labelledby="guest-section-title"
				data-step={step}
			>
				<h2 id="guest-section-title">{label}</h2>
				{section.text ? <p className="guest-section__text">{section.text}</p> : null}
				{section.duration ? (
					<p className="guest-section__duration">
						<strong>{guestTexts.totalDuration}:</strong> {section.duration}
					</p>
				) : null}
				{section.events ? (
					<div className="guest-section__body">
						<div className="guest-section__events">
							<h3>Events</h3>
							<EventList
								events={section.events}
								showAll={search.get('events') === 'all'}
								showAllHref={withSearch(search, { events: 'all' })}
								collapseHref={withSearch(search, { events: null })}
							/>
						</div>
						<div className="guest-section__map">
							<h3>Location</h3>
							<GuestMap map={section.map} mapsApiKey={guest.mapsApiKey} mapTiles={guest.mapTiles} />
						</div>
					</div>
				) : null}
			</section>
			<GuestFiles
				shipSetId={shipSetId}
				documents={guest.documents}
				photos={guest.photos}
				photosOffset={guest.photosOffset}
				photosTotal={guest.photosTotal}
				search={search}
			/>
		</div>
	)
}
