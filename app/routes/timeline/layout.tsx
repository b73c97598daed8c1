import { data, Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { VIEW_TITLES } from '~/components/timeline/header'
import type { ShipSet } from '~/components/timeline/types'
import { pageTitle } from '~/lib/shell-texts'
import { timelineLoadToast } from '~/lib/timeline/load-toast'
import { selectedNode } from '~/lib/timeline/nodes'
import { showsTrackerTab, trackerLinks } from '~/lib/timeline/sensors'
import { pageNumber, parseTab, parseView } from '~/lib/timeline/url'
import { COMMENT_PAGE_SIZE } from '~/lib/timeline/comments'
import { HISTORICAL_LOGS_PAGE } from '#contracts/timeline-limits'
import { requireScm } from '~/services/auth.server'
import { withCatalogue } from '~/services/errors.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { loadGuestPage } from '~/services/guest.server'
import { isGuestQuery } from '~/lib/guest/restricted'
import { loadShareMenu } from '~/services/share-menu.server'
import { loadTimelineFiles } from './files/files.server'
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

/** The page itself is rendered by the index route and by each capability's action route (see ./page.tsx). */
export default function TimelineLayout() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
