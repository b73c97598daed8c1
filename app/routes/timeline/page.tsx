import { useLocation, useRouteLoaderData } from 'react-router'
import type { loader } from './layout'
import { GuestTimelineView } from '~/components/guest/guest-timeline'
import { ActivityStream } from './page/activity-stream'
import { EventsPanel } from '~/components/timeline/events-panel'
import { FileOverlays } from './files/file-overlays'
import { HistoricalLogsModal } from './logs/historical-logs'
import { TimelineHeader } from '~/components/timeline/header'
import { NodeStrip } from '~/components/timeline/node-strip'
import { ShipmentDetailsPanel } from './shipments/shipment-details'
import { SideCards, SideTabs } from './page/side-panel'
import { FollowButton } from './follow/follow-button'
import { ShareMenu } from './share/share-menu'
import { formatOrderTime, totalOrderTime } from '~/lib/timeline/durations'
import { activeGroups, applyFilters, enabledGroups, parseFilters } from '~/lib/timeline/filters'
import { deliveryIndicator, promiseIndicator } from '~/lib/timeline/indicators'
import { groupNodes, parseSource, selectedNode, withFinalTransitRule } from '~/lib/timeline/nodes'
import { filterStream } from '~/lib/timeline/activity-stream'
import { TimelineOptions } from './page/timeline-options'
import { AnalyticsEvents } from '~/components/analytics-events'
import { statusSteps } from '~/lib/timeline/status-bar'
import { parseTab, parseView } from '~/lib/timeline/url'
import { TIMELINE_LAYOUT_ROUTE } from '~/lib/timeline/intents'

/**
 * The timeline page (spec 002), rendered by the index route and by every capability's action
 * route: a form refused without JavaScript answers from its capability's URL
 * (/timeline/{id}/comments?…), and that route renders this same page with its result, so the
 * form shows the message and keeps what was typed. The data is the layout's loader's.
 */
export default function TimelinePage() {
	const loaderData = useRouteLoaderData<typeof loader>(TIMELINE_LAYOUT_ROUTE)!
	const { search } = useLocation()
	if ('guest' in loaderData) return <GuestTimelineView guest={loaderData.guest} />
	const {
		shipSet: order,
		files,
		shipment,
		mapsApiKey,
		mapTiles,
		cards,
		closeOrCancelShipments,
		now,
		orderStatusBar,
		finalMileStatusFix,
		tagsCard,
		comments,
		logs,
		flags,
	} = loaderData
	if (!order || !cards) return <h1>Order Timeline</h1>
	// A photo strip past the first 30 (`photos_offset`): the photos the loader read at that offset.
	// 002 §6 "the grouped-node final-transit fix": every part of the page reads the nodes so labelled.
	const shipSet = {
		...order,
		...(files?.photos ? { photos: files.photos } : {}),
		nodes: withFinalTransitRule(order.nodes, flags.finalTransitFix),
	}
	const q = new URLSearchParams(search)
	const view = parseView(q.get('view'))
	// The timeline's options (002 §2, behind 000 §6's "timeline options"): nodes and events narrowed by the URL.
	const stream = filterStream(
		shipSet.nodes,
		shipSet.events,
		flags.timelineOptions ? q : new URLSearchParams(),
	)
	const nodes = stream.nodes
	const tracker =
		stream.chosenType && loaderData.tracker.data
			? {
					...loaderData.tracker,
					data: {
						...loaderData.tracker.data,
						series: loaderData.tracker.data.series.filter((s) => s.code === stream.chosenType),
					},
				}
			: loaderData.tracker
	const asked = parseTab(q.get('tab'))
	const tab = asked === 'tracker' && !tracker.shown ? 'calendar' : asked
	const source = parseSource(nodes, q.get('source'))
	const node = selectedNode(nodes, q)
	const group = node ? (groupNodes(nodes).find((g) => g.some((n) => n.id === node.id)) ?? []) : []
	// 002 §4: a grouped node selected again is no longer selected; the comment form waits for one.
	const collapsed = group.length > 1 && q.get('collapsed') === '1'
	// The node's events before the options' event groups: its own Filter offers every group it has.
	const nodeEvents = node ? stream.nodeEvents.filter((e) => e.nodeId === node.id) : []
	const isTransit = node?.buildingType === 'Transit'
	const enabled = enabledGroups(nodeEvents)
	// The Transit filter starts from the options' choice (the same defaults before any: 000 §4).
	const active = activeGroups(
		parseFilters(q) ?? (flags.timelineOptions ? stream.chosen : null),
		nodeEvents,
	)
	const events = isTransit ? applyFilters(nodeEvents, active) : nodeEvents
	const today = new Date(now)
	const documents = files?.documentsPage ?? {
		files: shipSet.documents.files,
		totalCount: shipSet.documents.totalCount,
		page: 1,
	}
	return (
		<div className="timeline-page">
			<AnalyticsEvents surface="timeline" enabled={flags.analyticsEvents} />
			<TimelineHeader
				shipSet={shipSet}
				view={view}
				search={search}
				delivery={deliveryIndicator({
					date: shipSet.shipmentDeliveryDate,
					timezone: shipSet.shipmentDeliveryDateTimezone,
					status: shipSet.shipmentDeliveryStatus,
					daysBefore: shipSet.daysBefore,
					finalMileMethods: shipSet.finalMilesWithShippingMethod,
					now: today,
				})}
				promise={promiseIndicator({
					promiseDate: shipSet.promiseDate,
					deliveredAt: shipSet.deliveredAt,
					now: today,
				})}
				steps={orderStatusBar ? statusSteps(shipSet.status, finalMileStatusFix) : null}
				redesigned={flags.redesignedHeader}
				actions={
					<>
						<FollowButton following={shipSet.following} />
						<ShareMenu orderName={shipSet.name} />
					</>
				}
			/>
			{q.get('shipment') ? (
				<ShipmentDetailsPanel fromPage={shipment} search={search} serviceType={flags.serviceType} />
			) : null}
			{q.get('logs') === '1' ? (
				<HistoricalLogsModal
					fromPage={logs}
					search={search}
					orderZone={shipSet.location?.timezone ?? null}
					shipSetId={shipSet.id}
				/>
			) : null}
			<FileOverlays
				shipSet={shipSet}
				documents={documents}
				documentTypes={files?.documentTypes ?? []}
				search={search}
			/>
			{view === 'stream' && flags.timelineOptions ? (
				<TimelineOptions
					{...stream}
					shipSet={shipSet}
					search={search}
					enabled={enabledGroups(
						shipSet.events.filter((e) => nodes.some((n) => n.id === e.nodeId)),
					)}
					label="Order Timeline filters"
				/>
			) : null}
			<NodeStrip
				nodes={nodes}
				lastEvents={flags.singleColumnLastEvent ? shipSet.events : null}
				selectedId={node?.id ?? null}
				source={source}
				search={search}
				hasEvents={shipSet.events.length > 0}
				orderTime={formatOrderTime(totalOrderTime(shipSet.events))}
			/>
			{view === 'touch' ? (
				<ActivityStream shipSet={shipSet} search={search} options={flags.timelineOptions} />
			) : (
				<div className="timeline-body">
					<EventsPanel
						node={node}
						group={group}
						events={events}
						enabled={enabled}
						active={active}
						allEvents={q.get('events') === 'all'}
						allGroup={q.get('group') === 'all'}
						collapsed={collapsed}
						search={search}
						shipments={shipSet.shipments}
					/>
					<SideTabs
						tab={tab}
						search={search}
						node={node}
						events={nodeEvents}
						shipSet={shipSet}
						tracker={tracker}
						mapsApiKey={mapsApiKey}
						mapTiles={mapTiles}
						comments={{ part: comments, noNodeSelected: collapsed }}
						documents={documents}
					/>
					<SideCards
						shipSet={shipSet}
						documents={documents}
						tagsCard={tagsCard}
						detailsPage={Number(q.get('details') ?? 1) || 1}
						search={search}
						cards={cards}
						closeOrCancel={closeOrCancelShipments}
						orderComments={loaderData.orderComments}
					/>
				</div>
			)}
		</div>
	)
}
