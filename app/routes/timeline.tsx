import { data, useLocation } from 'react-router'
import type { Route } from './+types/timeline'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { GuestTimelineView } from '~/components/guest/guest-timeline'
import { ActivityStream } from '~/components/timeline/activity-stream'
import { EventsPanel } from '~/components/timeline/events-panel'
import { HistoricalLogsModal } from '~/components/timeline/historical-logs'
import { TimelineHeader, VIEW_TITLES } from '~/components/timeline/header'
import { NodeStrip } from '~/components/timeline/node-strip'
import { ShipmentDetailsPanel } from '~/components/timeline/shipment-details'
import { SideCards, SideTabs } from '~/components/timeline/side-panel'
import type { ShipSet } from '~/components/timeline/types'
import { pageTitle } from '~/lib/shell-texts'
import { formatOrderTime, totalOrderTime } from '~/lib/timeline/durations'
import { activeGroups, applyFilters, enabledGroups, parseFilters } from '~/lib/timeline/filters'
import { deliveryIndicator, promiseIndicator } from '~/lib/timeline/indicators'
import { timelineLoadToast } from '~/lib/timeline/load-toast'
import { groupNodes, parseSource, selectedNode } from '~/lib/timeline/nodes'
import { statusSteps } from '~/lib/timeline/status-bar'
import { showsTrackerTab, trackerLinks } from '~/lib/timeline/sensors'
import { pageNumber, parseTab, parseView } from '~/lib/timeline/url'
import { COMMENT_PAGE_SIZE } from '~/lib/timeline/comments'
import { HISTORICAL_LOGS_PAGE } from '#contracts/timeline-limits'
import { requireScm } from '~/services/auth.server'
import { withCatalogue } from '~/services/errors.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { guestNotificationAction, loadGuestPage } from '~/services/guest.server'
import { isGuestQuery } from '~/lib/guest/restricted'
import { dispatchTimelineAction } from '~/services/timeline-actions/index.server'
import { loadShareMenu } from '~/services/share-menu.server'
import { loadTimelineFiles } from '~/services/timeline-actions/files.server'
import { FileOverlays } from '~/components/timeline/file-overlays'
import { loadShipmentCards } from '~/services/timeline-cards.server'
import { loadToggles } from '~/services/toggles.server'
import { loadTrackerTab } from '~/services/tracker-tab.server'
import timelineStylesHref from '~/styles/timeline.css?url'
import carouselStylesHref from 'react-multi-carousel/lib/styles.css?url'
import { UUID } from '#contracts/ids'

/**
 * /timeline/{shipSetId}: the order timeline (spec 002). Everything is URL state and reads
 * without JavaScript: `view` (touch = Activity Stream), `nodeId` or `node_connectable_id`
 * (a shipment id), `source`, `filters`, `events=all`, `group=all`, `tab`, `details`.
 * Loading it records the order as recently viewed (the API's GET does that).
 * `tab=tracker` (with `item`, `sensor`) loads the sensor data, and only then (002 §4).
 * Documents and photos: `documents_page`, `document`, `photo`, `photos_offset`, `upload`, `processed`, `photo_comment`
 * (see timeline-actions/files.server.ts).
 */
/** The node carousel's own stylesheet is linked here, on this route only (002 §2 "Node strip"). */
export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: carouselStylesHref },
	{ rel: 'stylesheet', href: timelineStylesHref },
]

/** The window title follows the view, as the heading does (002 §2 "Header"). */
export const meta: Route.MetaFunction = ({ data: loaded, location }) => {
	const title = VIEW_TITLES[parseView(new URLSearchParams(location.search).get('view'))]
	return [{ title: pageTitle(loaded && 'shipSet' in loaded && loaded.shipSet ? `${title} #${loaded.shipSet.name}` : title) }]
}


export async function loader({ request, params, context }: Route.LoaderArgs) {
	// A guest link opened as /timeline/{id}?type=…&token=… (000 §2): the guest view, no sign-in.
	if (isGuestQuery(new URL(request.url))) return loadGuestPage(request, context, params.shipSetId)
	const { user, scm } = await requireScm(request, context)
	if (!UUID.test(params.shipSetId)) throw data(null, { status: 404 })
	const toggles = await loadToggles(context, user.profile.account)
	const result = await withCatalogue(
		request,
		context,
		async () => {
			try {
				return (await scm.shipSets.timeline(params.shipSetId)).shipSet as ShipSet
			} catch (error) {
				// Another tenant's order answers 404 exactly like an unknown one.
				if (error instanceof ScmError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 })
				throw error
			}
		},
		null,
	)
	const toast = result.toast ? timelineLoadToast() : null
	const q = new URL(request.url).searchParams
	const shipmentId = q.get('shipment')
	const shipment =
		result.data && shipmentId && UUID.test(shipmentId) ? await scm.shipSets.shipment(params.shipSetId, shipmentId).then((r) => r.shipment, () => null) : null
	const now = new Date()
	const node = result.data ? selectedNode(result.data.nodes, q) : null
	const trackerShown = showsTrackerTab(node, user.profile.permissions)
	const [tracker, cards] = await Promise.all([
		result.data && trackerShown && parseTab(q.get('tab')) === 'tracker'
			? loadTrackerTab(scm, {
					trackingGroupId: node!.trackingGroupId!,
					item: q.get('item'),
					sensor: q.get('sensor'),
					eventTimes: result.data.events.map((e) => e.eventAt),
					now,
				})
			: null,
		result.data ? loadShipmentCards(scm, result.data, q) : null,
	])
	const shareMenu = result.data ? await loadShareMenu(scm, params.shipSetId, new URL(request.url)) : null
	const extras = result.data ? await loadCommentsAndLogs(scm, params.shipSetId, q, toggles.userMentions, user.profile.account) : null
	const files = result.data ? await loadTimelineFiles(scm, result.data, new URL(request.url)) : null
	return {
		shipSet: result.data,
		shareMenu,
		...extras,
		files,
		shipment,
		tracker: { shown: trackerShown, data: tracker, links: trackerShown ? trackerLinks(context.iotTrackerUrl, node) : [] },
		mapsApiKey: context.googleMapsApiKey,
		cards,
		closeOrCancelShipments: toggles.closeOrCancelShipments,
		toast,
		now: now.toISOString(),
		orderStatusBar: toggles.orderStatusBar,
		finalMileStatusFix: toggles.finalMileStatusFix,
		tagsCard: toggles.tagsCard,
	}
}

/**
 * The Comments tab's page and mention list (only when that tab is open) and the Historical
 * Logs modal (`?logs=1`). A failure leaves the part empty rather than failing the page.
 */
async function loadCommentsAndLogs(scm: ScmClient, shipSetId: string, q: URLSearchParams, mentions: boolean, account: string) {
	const page = pageNumber(q.get('comments_page'))
	const logsPage = pageNumber(q.get('logs_page'))
	const quiet = <T,>(p: Promise<T>) => p.catch(() => null)
	const commentsTab = parseTab(q.get('tab')) === 'comments'
	const [comments, mentionUsers, logs] = await Promise.all([
		commentsTab ? quiet(scm.comments.list(shipSetId, (page - 1) * COMMENT_PAGE_SIZE)) : null,
		commentsTab && mentions ? quiet(scm.comments.mentionUsers(account).then((r) => r.users)) : null,
		q.get('logs') === '1' ? quiet(scm.shipSets.logs(shipSetId, (logsPage - 1) * HISTORICAL_LOGS_PAGE)) : null,
	])
	return { comments, mentionUsers, mentionsEnabled: mentions, logs }
}

/** Every mutation of the timeline posts here with an `intent` (see timeline-actions). */
export async function action({ request, params, context }: Route.ActionArgs) {
	if (isGuestQuery(new URL(request.url))) return guestNotificationAction(request, context, params.shipSetId)
	if (!UUID.test(params.shipSetId)) throw data(null, { status: 404 })
	return dispatchTimelineAction(request, context, params.shipSetId)
}

export default function Timeline({ loaderData }: Route.ComponentProps) {
	const { search } = useLocation()
	if ('guest' in loaderData) return <GuestTimelineView guest={loaderData.guest} />
	const { shipSet, files, shipment, tracker, mapsApiKey, cards, closeOrCancelShipments, now, orderStatusBar, finalMileStatusFix, tagsCard, comments, mentionUsers, mentionsEnabled, logs } = loaderData
	if (!shipSet || !cards) return <h1>Order Timeline</h1>
	const q = new URLSearchParams(search)
	const view = parseView(q.get('view'))
	const asked = parseTab(q.get('tab'))
	const tab = asked === 'tracker' && !tracker.shown ? 'calendar' : asked
	const source = parseSource(shipSet.nodes, q.get('source'))
	const node = selectedNode(shipSet.nodes, q)
	const group = node ? (groupNodes(shipSet.nodes).find((g) => g.some((n) => n.id === node.id)) ?? []) : []
	// 002 §4: a grouped node selected again is no longer selected; the comment form waits for one.
	const collapsed = group.length > 1 && q.get('collapsed') === '1'
	const nodeEvents = node ? shipSet.events.filter((e) => e.nodeId === node.id) : []
	const isTransit = node?.buildingType === 'Transit'
	const enabled = enabledGroups(nodeEvents)
	const active = activeGroups(parseFilters(q), nodeEvents)
	const events = isTransit ? applyFilters(nodeEvents, active) : nodeEvents
	const today = new Date(now)
	const documents = files?.documentsPage ?? { files: shipSet.documents.files, totalCount: shipSet.documents.totalCount, page: 1 }
	return (
		<div className="timeline-page">
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
				promise={promiseIndicator({ promiseDate: shipSet.promiseDate, deliveredAt: shipSet.deliveredAt, now: today })}
				steps={orderStatusBar ? statusSteps(shipSet.status, finalMileStatusFix) : null}
			/>
			{shipment ? <ShipmentDetailsPanel shipment={shipment} search={search} /> : null}
			{q.get('logs') === '1' ? <HistoricalLogsModal logs={logs ?? null} search={search} orderZone={shipSet.location?.timezone ?? null} shipSetId={shipSet.id} /> : null}
			<FileOverlays shipSet={shipSet} documents={documents} documentTypes={files?.documentTypes ?? []} search={search} />
			<NodeStrip
				nodes={shipSet.nodes}
				selectedId={node?.id ?? null}
				source={source}
				search={search}
				hasEvents={shipSet.events.length > 0}
				orderTime={formatOrderTime(totalOrderTime(shipSet.events))}
			/>
			{view === 'touch' ? (
				<ActivityStream shipSet={shipSet} search={search} />
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
					/>
					<SideTabs
						tab={tab}
						search={search}
						node={node}
						events={nodeEvents}
						shipSet={shipSet}
						tracker={tracker}
						mapsApiKey={mapsApiKey}
						comments={{ comments, mentionUsers, mentionsEnabled, noNodeSelected: collapsed }}
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
					/>
				</div>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
