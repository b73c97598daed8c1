import { EmptyState } from '~/components/ui/empty-state'
import { data, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/timeline-route'
import trackerStylesHref from '~/styles/tracker.css?url'
import { AFTER_FIRST_PAINT } from '~/components/scripts-after-first-paint'
import trackerTimelineStylesHref from '~/styles/tracker-timeline.css?url'
import { retryAfterHeaders } from './retry-after'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { AnalyticsEvents } from '~/components/analytics-events'
import { anonymousEventsEnabled } from '~/services/analytics-events.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { EventsPanel } from './events-panel'
import { NodeStrip } from './node-strip'
import { OrderStatusBar } from './status-bar'
import { pageTitle } from '~/lib/shell-texts'
import { selectNode } from '~/lib/tracker/node-selection'
import { backHref, landingHref } from './results'
import { nodeSearch } from '~/lib/tracker/timeline-links'
import { buildTimelineView } from './timeline-view.server'
import { trackerTexts } from '~/lib/tracker/texts'
import { publicTrackerClient, requireTrackerEnabled, ScmError } from './public-tracker.server'

/**
 * /tracking/{organization}/{orderNo}/{ssid}: the public order timeline (000 §2 "Public
 * timeline"; optional query trackingNumber). The loader fetches the order once and
 * formats it; which node is shown, the filters and 'Show All Events' are URL parameters
 * read by the component, so with JavaScript they change without asking the API again
 * (see shouldRevalidate), and without it each is a plain link or GET form.
 */

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: trackerStylesHref },
	{ rel: 'stylesheet', href: trackerTimelineStylesHref },
]

/** Opened on slow phones: the page paints before its modules are fetched (ADR 0032). */
export const handle = AFTER_FIRST_PAINT

export const headers: Route.HeadersFunction = retryAfterHeaders

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{
		title: pageTitle(
			loaded
				? `${trackerTexts.orderTimeline} #${loaded.view.orderNumber}`
				: trackerTexts.orderTimeline,
		),
	},
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const { organization, orderNo, ssid } = params
	await requireTrackerEnabled(context, organization)
	// The timeline's limit does not depend on the captcha.
	const client = publicTrackerClient(context, {
		clientAddress: context.clientAddress,
		captchaPassed: false,
	})
	try {
		const [shipSet, analyticsEvents] = await Promise.all([
			client.timeline(organization, ssid),
			anonymousEventsEnabled(context, 'public_tracker', organization),
		])
		return { organization, orderNo, view: buildTimelineView(shipSet), analyticsEvents }
	} catch (error) {
		if (error instanceof ScmError && (error.status === 404 || error.status === 400))
			throw data(null, { status: 404 })
		if (error instanceof ScmError && error.status === 429)
			throw data(trackerTexts.tooManyRequests, { status: 429, headers: error.retryAfterHeader })
		throw error
	}
}

/** Node, filter and event-list changes only change the query: the order is already here. */
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	if (currentUrl.pathname === nextUrl.pathname && (!formMethod || formMethod === 'GET'))
		return false
	return defaultShouldRevalidate
}

export default function TrackingTimeline({ loaderData }: Route.ComponentProps) {
	const { organization, orderNo, view, analyticsEvents } = loaderData
	const [search] = useSearchParams()
	const selection = selectNode(view, search)

	return (
		<div className="tracker tracker-timeline">
			<AnalyticsEvents
				surface="public_tracker"
				enabled={analyticsEvents}
				organization={organization}
			/>
			<Link
				className="back-link"
				to={backHref(organization, orderNo, search)}
				data-analytics="return_to_search_results"
			>
				← {trackerTexts.backToSearch}
			</Link>
			<Breadcrumbs
				items={[
					{
						label: trackerTexts.appName,
						to: landingHref(organization, search.get('lock') === '1'),
					},
					{ label: trackerTexts.orderTimeline },
				]}
			/>
			<header className="timeline-header">
				<h1>{trackerTexts.orderTimeline}</h1>
				<p className="timeline-header__order">
					#{view.orderNumber}
					{view.referenceNumber ? ` (${view.referenceNumber})` : ''}
				</p>
				<p className="timeline-header__destination">
					<strong>{trackerTexts.destination}</strong> {view.destination}
				</p>
			</header>
			{selection ? (
				<NodeStrip
					groups={view.groups}
					selectedKey={selection.group.key}
					hrefFor={(g) => nodeSearch(search, g.nodeIds[0] ?? g.key)}
				/>
			) : null}
			<div className="timeline-body">
				{/* First in the HTML (and on a phone's screen), on the right on wider screens. */}
				<aside className="timeline-body__side">
					<OrderStatusBar bar={view.statusBar} hasEvents={view.hasEvents} />
				</aside>
				<div className="timeline-body__main">
					{selection ? (
						<EventsPanel selection={selection} nodes={view.nodes} search={search} />
					) : (
						<EmptyState>{trackerTexts.noEventsAvailable}</EmptyState>
					)}
				</div>
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				429: () => (
					<section className="status-page" aria-labelledby="status-heading">
						<h1 id="status-heading">{trackerTexts.tooManyRequests}</h1>
					</section>
				),
			}}
		/>
	)
}
