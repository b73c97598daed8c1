import { data, Outlet, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/layout'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { VIEW_TITLES } from '~/components/timeline/header'
import type { ShipSet } from '~/lib/timeline/types'
import { pageTitle } from '~/lib/shell-texts'
import { timelineLoadToast } from '~/lib/timeline/load-toast'
import { selectedNode } from '~/lib/timeline/nodes'
import { pageNodes } from '~/lib/timeline/activity-stream'
import { newestComments, ORDER_COMMENTS_SHOWN } from '~/lib/timeline/order-comments'
import { showsTrackerTab, trackerLinks } from '~/lib/timeline/sensors'
import { isNewVisit, pageNumber, parseTab, parseView } from '~/lib/timeline/url'
import { layoutRereads, partKey } from '~/lib/timeline/parts'
import { loadHistoricalLogs } from './logs/logs.server'
import { loadShipmentPanel } from './shipments/shipment-panel.server'
import { requireScm } from '~/services/auth/session.server'
import { writtenViews } from './recent-views.server'
import { withCatalogue } from '~/services/errors.server'
import { ScmError } from '~/services/scm.server'
import { loadGuestPage } from '~/services/guest.server'
import { isGuestQuery } from '~/lib/guest/restricted'
import { loadShareMenu } from './share/share-menu.server'
import { loadTimelineFiles } from './files/files.server'
import { loadComments } from './comments/comments.server'
import { COMMENT_PAGE_SIZE } from '~/lib/timeline/comments'
import { loadShipmentCards } from './shipments/cards.server'
import { loadToggles } from '~/services/toggles.server'
import { loadTrackerTab } from './tracker/tracker-tab.server'
import timelineStylesHref from '~/styles/timeline.css?url'
import carouselStylesHref from 'react-multi-carousel/lib/styles.css?url'
import { UUID } from '#shared/ids'

/**
 * /timeline/{shipSetId}: the order timeline (spec 002). Everything is URL state and reads
 * without JavaScript: `view` (touch = Activity Stream), `nodeId` or `node_connectable_id`
 * (a shipment id), `source`, `filters`, `events=all`, `group=all`, `tab`, `details`.
 * Opening it (a visit, not a link within the page: isNewVisit; not a reload of the order just written:
 * writtenViews) records the order as recently viewed.
 * `tab=tracker` (with `item`, `sensor`) loads the sensor data, and only then (002 §4).
 * Documents and photos: `documents_page`, `document`, `photo`, `photos_offset`, `upload`, `processed`, `photo_comment`
 * (see ./files/files.server.ts).
 */
/** The node carousel's own stylesheet is linked here, on this route only (002 §2 "Node strip"). */
export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: carouselStylesHref },
	{ rel: 'stylesheet', href: timelineStylesHref },
]

/** The window title follows the view, as the heading does (002 §2 "Header"). */
export const meta: Route.MetaFunction = ({ data: loaded, location }) => {
	const title = VIEW_TITLES[parseView(new URLSearchParams(location.search).get('view'))]
	return [
		{
			title: pageTitle(
				loaded && 'shipSet' in loaded && loaded.shipSet
					? `${title} #${loaded.shipSet.name}`
					: title,
			),
		},
	]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	// A guest link opened as /timeline/{id}?type=…&token=… (000 §2): the guest view, no sign-in.
	if (isGuestQuery(new URL(request.url))) return loadGuestPage(request, context, params.shipSetId)
	const { user, scm } = await requireScm(request, context)
	if (!UUID.test(params.shipSetId)) throw data(null, { status: 404 })
	const toggles = await loadToggles(context, user.profile.account)
	const url = new URL(request.url)
	const q = url.searchParams
	// The order comes with its newest comments: the Comments tab's first page when it shows, else the
	// Order Comments panel's few (002 §2) — one call and one statement for both.
	const tab = parseTab(q.get('tab'))
	const commentsFirstPage = tab === 'comments' && pageNumber(q.get('comments_page')) === 1
	const result = await withCatalogue(
		request,
		context,
		async () => {
			try {
				const answer = await scm.shipSets.timeline(
					params.shipSetId,
					commentsFirstPage ? COMMENT_PAGE_SIZE : ORDER_COMMENTS_SHOWN,
				)
				return { shipSet: answer.shipSet as ShipSet, newest: answer.comments }
			} catch (error) {
				// Another tenant's order answers 404 exactly like an unknown one.
				if (error instanceof ScmError && (error.status === 404 || error.status === 400))
					throw data(null, { status: 404 })
				throw error
			}
		},
		null,
	)
	const toast = result.toast ? timelineLoadToast() : null
	const shipSet = result.data?.shipSet ?? null
	const newest = result.data?.newest
	const now = new Date()
	const options = {
		timelineOptions: toggles.timelineOptions,
		finalTransitFix: toggles.groupedNodeFinalTransitFix,
	}
	const node = shipSet ? selectedNode(pageNodes(shipSet.nodes, q, options), q) : null
	const trackerShown = showsTrackerTab(node, user.profile.permissions)
	const viewer = `${user.profile.account}\u0000${user.profile.email}`
	// The Comments tab's page; with JavaScript a tab click reads it from the comments route alone (shouldRevalidate).
	const commentsTab =
		shipSet && tab === 'comments'
			? loadComments(
					scm,
					shipSet.id,
					q,
					toggles.userMentions,
					commentsFirstPage ? newest : undefined,
				)
			: undefined
	// Each part of the page reads what the URL shows of it, all at once (a failed part is empty, not the page).
	const [, shipment, tracker, cards, shareMenu, comments, logs, files, orderComments] = shipSet
		? await Promise.all([
				// A visit (not a link within the page, nor a reload of the order just written) is recorded for
				// Recently Viewed; its failure costs the page nothing.
				isNewVisit(request.headers.get('referer'), url, shipSet.id) &&
				writtenViews.due(viewer, shipSet.id)
					? scm.shipSets.recordView(shipSet.id).then(
							() => writtenViews.written(viewer, shipSet.id),
							() => null,
						)
					: null,
				loadShipmentPanel(scm, shipSet.id, q.get('shipment')),
				trackerShown && tab === 'tracker'
					? loadTrackerTab(scm, {
							trackingGroupId: node!.trackingGroupId!,
							item: q.get('item'),
							sensor: q.get('sensor'),
							eventTimes: shipSet.events.map((e) => e.eventAt),
							now,
						})
					: null,
				loadShipmentCards(scm, shipSet, q),
				loadShareMenu(scm, shipSet, url),
				commentsTab,
				loadHistoricalLogs(scm, shipSet.id, q),
				loadTimelineFiles(scm, shipSet, url),
				// The Order Comments panel (002 §2): the newest few, read with the order (on the Comments tab's
				// first page, that page's first).
				newest ? newestComments(newest) : null,
			])
		: []
	return {
		shipSet,
		shareMenu: shareMenu ?? null,
		comments: comments === undefined ? undefined : { key: partKey('comments', q), data: comments },
		logs: { key: partKey('logs', q), data: logs ?? null },
		files: files ?? null,
		shipment: { key: partKey('shipments', q), data: shipment ?? null },
		tracker: {
			shown: trackerShown,
			data: tracker ?? null,
			links: trackerShown ? trackerLinks(context.iotTrackerUrl, node) : [],
		},
		mapsApiKey: context.googleMapsApiKey,
		mapTiles: context.mapTiles,
		cards: cards ?? null,
		orderComments: orderComments ?? null,
		closeOrCancelShipments: toggles.closeOrCancelShipments,
		toast,
		now: now.toISOString(),
		orderStatusBar: toggles.orderStatusBar,
		finalMileStatusFix: toggles.finalMileStatusFix,
		tagsCard: toggles.tagsCard,
		/** The timeline's toggles (000 §6, 002 §6; docs/decisions/0022). */
		flags: {
			...options,
			redesignedHeader: toggles.redesignedHeader,
			serviceType: toggles.serviceTypeField,
			singleColumnLastEvent: toggles.singleColumnLastEvent,
			analyticsEvents: toggles.analyticsEventsTimeline,
		},
	}
}

/**
 * A link within the page re-reads only what it shows: changing only a part's own parameters
 * (the Comments tab and its page, Historical Logs, Shipment Details; see ~/lib/timeline/parts)
 * reads that part from its route, not the whole page again. A post, or any other change, reads
 * the page again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}) => {
	if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
	// A guest link reads its page of comments with the order, not from the comments route.
	if (isGuestQuery(nextUrl)) return defaultShouldRevalidate
	return layoutRereads(currentUrl, nextUrl) ? defaultShouldRevalidate : false
}

/** The page itself is rendered by the index route and by each capability's action route (see ./page.tsx). */
export default function TimelineLayout() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
