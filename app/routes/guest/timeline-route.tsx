import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/timeline-route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { GuestTimelineView } from '~/components/guest/guest-timeline'
import { guestTexts } from '~/lib/guest/restricted'
import { pageTitle } from '~/lib/shell-texts'
import { guestNotificationAction, loadGuestPage } from '~/services/guest.server'

/**
 * /guest/{shipSetId}/timeline?type=restricted&token=…&email=…&supply_chain=…: the guest
 * timeline (000 §2 "Guest timeline"; the route table's "restricted variant when query
 * type=restricted"). /timeline/{shipSetId} with the same query shows the same page (its
 * loader hands over to the same service). The link is all there is: no session.
 */
export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{
		title: pageTitle(
			loaded?.guest.error === null
				? `${guestTexts.orderTimeline} #${loaded.guest.shipSet.name}`
				: guestTexts.orderTimeline,
		),
	},
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
	return loadGuestPage(request, context, params.shipSetId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
	return guestNotificationAction(request, context, params.shipSetId)
}

/** A node, a tab, a filter or 'Show All Events' only changes the query: the order is already here (another page of comments or photos is not). */
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	if (currentUrl.pathname !== nextUrl.pathname || (formMethod && formMethod !== 'GET'))
		return defaultShouldRevalidate
	const link = (u: URL) =>
		['type', 'token', 'email', 'supply_chain', 'photos_offset', 'comments_page']
			.map((k) => u.searchParams.get(k))
			.join('\n')
	return link(currentUrl) === link(nextUrl) ? false : defaultShouldRevalidate
}

export default function GuestTimeline({ loaderData }: Route.ComponentProps) {
	return <GuestTimelineView guest={loaderData.guest} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
