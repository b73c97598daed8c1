import { useLocation, useParams } from 'react-router'
import carouselStylesHref from 'react-multi-carousel/lib/styles.css?url'
import { AnalyticsEvents } from '~/components/analytics-events'
import { CommentList } from '~/components/timeline/comment-list'
import { EventsPanel } from '~/components/timeline/events-panel'
import { TimelineHeader } from '~/components/timeline/header'
import { NodeStrip } from '~/components/timeline/node-strip'
import { CalendarTab } from '~/components/timeline/tabs/calendar-tab'
import { LocationTab } from '~/components/timeline/tabs/location-tab'
import { TimelineTabs } from '~/components/timeline/tabs/timeline-tabs'
import { guestTexts } from '~/lib/guest/restricted'
import { guestComment, guestStatusNote } from '~/lib/guest/timeline'
import { ROUTE_ZOOM } from '~/lib/map/style'
import { formatOrderTime, totalOrderTime } from '~/lib/timeline/durations'
import { activeGroups, applyFilters, enabledGroups, parseFilters } from '~/lib/timeline/filters'
import { promiseIndicator } from '~/lib/timeline/indicators'
import { groupNodes, parseSource, selectedNode, withFinalTransitRule } from '~/lib/timeline/nodes'
import { statusSteps } from '~/lib/timeline/status-bar'
import { parseTab, type Tab } from '~/lib/timeline/url'
import type { GuestPage } from '~/services/guest.server'
import guestStylesHref from '~/styles/guest.css?url'
import timelineStylesHref from '~/styles/timeline.css?url'
import { GuestDocuments, GuestPhotos } from './guest-files'
import { GuestNotificationForm } from './guest-notification-form'

/** 002 §2's tabs but Sensor Data (002 §1 "no sensor-group fetches"; §4 "never for guests"). */
const GUEST_TABS: readonly Tab[] = ['calendar', 'location', 'documents', 'photos', 'comments']

/**
 * The guest timeline (002 §1 "Guests … get a restricted read-only version of the same
 * screen"; 000 §2 "Guest timeline"): the signed-in timeline's header, order status bar, node
 * strip, events panel and tabs, drawn by the same components from the guest API's order.
 * Restricted as 002 §1 and 000 §6 say: no breadcrumb to the dashboard, view toggle,
 * estimated-delivery indicator, follow, share, upload, comment form, historical logs, sensor
 * data, related orders, notes, order details, tags or other side cards; the notification
 * dropdown, the documents, the photos and the comments (read only) stay. The status bar's
 * steps are the signed-in page's, with 000 §2's pending and in-process texts under it. Shown
 * by /guest/{shipSetId}/timeline and by /timeline/{shipSetId} with a guest query.
 */
export function GuestTimelineView({ guest }: { guest: GuestPage }) {
	const { search } = useLocation()
	const { shipSetId = '' } = useParams()
	const styles = (
		<>
			<link rel="stylesheet" href={carouselStylesHref} precedence="default" />
			<link rel="stylesheet" href={timelineStylesHref} precedence="default" />
			<link rel="stylesheet" href={guestStylesHref} precedence="default" />
		</>
	)
	if (guest.error !== null) {
		return (
			<div className="timeline-page guest-timeline">
				{styles}
				<h1>{guestTexts.orderTimeline}</h1>
				<p className="guest-error" role="alert">
					{guest.error}
				</p>
			</div>
		)
	}
	const { flags } = guest
	const shipSet = {
		...guest.shipSet,
		nodes: withFinalTransitRule(guest.shipSet.nodes, flags.finalTransitFix),
	}
	const q = new URLSearchParams(search)
	const nodes = shipSet.nodes
	const asked = parseTab(q.get('tab'))
	const tab = GUEST_TABS.includes(asked) ? asked : 'calendar'
	const node = selectedNode(nodes, q)
	const group = node ? (groupNodes(nodes).find((g) => g.some((n) => n.id === node.id)) ?? []) : []
	const collapsed = group.length > 1 && q.get('collapsed') === '1'
	const nodeEvents = node ? shipSet.events.filter((e) => e.nodeId === node.id) : []
	const active = activeGroups(parseFilters(q), nodeEvents)
	const events = node?.buildingType === 'Transit' ? applyFilters(nodeEvents, active) : nodeEvents
	return (
		<div className="timeline-page guest-timeline">
			{styles}
			<AnalyticsEvents
				surface="guest_timeline"
				enabled={guest.analyticsEvents}
				organization={guest.supplyChain}
			/>
			<TimelineHeader
				shipSet={shipSet}
				view="stream"
				search={search}
				delivery={null}
				promise={promiseIndicator({
					promiseDate: shipSet.promiseDate,
					deliveredAt: shipSet.deliveredAt,
					now: new Date(guest.now),
				})}
				steps={statusSteps(shipSet.status, flags.finalMileStatusFix)}
				statusNote={guestStatusNote(shipSet)}
				redesigned={flags.redesignedHeader}
				guest
				actions={<GuestNotificationForm current={guest.notifType} />}
			/>
			<NodeStrip
				nodes={nodes}
				lastEvents={flags.singleColumnLastEvent ? shipSet.events : null}
				selectedId={node?.id ?? null}
				source={parseSource(nodes, q.get('source'))}
				search={search}
				hasEvents={shipSet.events.length > 0}
				orderTime={formatOrderTime(totalOrderTime(shipSet.events))}
			/>
			<div className="timeline-body">
				<EventsPanel
					node={node}
					group={group}
					events={events}
					enabled={enabledGroups(nodeEvents)}
					active={active}
					allEvents={q.get('events') === 'all'}
					allGroup={q.get('group') === 'all'}
					collapsed={collapsed}
					search={search}
					shipments={shipSet.shipments}
				/>
				<TimelineTabs
					tabs={GUEST_TABS}
					tab={tab}
					search={search}
					counts={{
						documents: guest.documents.length,
						photos: guest.photosTotal,
						comments: shipSet.comments.totalCount,
					}}
				>
					{tab === 'calendar' ? <CalendarTab events={nodeEvents} /> : null}
					{tab === 'location' ? (
						<LocationTab
							node={node}
							shipSet={shipSet}
							mapsApiKey={guest.mapsApiKey}
							mapTiles={guest.mapTiles}
							routeZoom={ROUTE_ZOOM}
						/>
					) : null}
					{tab === 'documents' ? (
						<GuestDocuments shipSetId={shipSetId} documents={guest.documents} search={q} />
					) : null}
					{tab === 'photos' ? (
						<GuestPhotos
							shipSetId={shipSetId}
							photos={guest.photos}
							photosOffset={guest.photosOffset}
							photosTotal={guest.photosTotal}
							search={q}
						/>
					) : null}
					{tab === 'comments' ? (
						<section className="comments-tab" aria-label="Comments">
							<CommentList
								comments={guest.comments.comments.map(guestComment)}
								totalCount={guest.comments.totalCount}
								offset={guest.comments.offset}
								search={search}
							/>
						</section>
					) : null}
				</TimelineTabs>
			</div>
		</div>
	)
}
