import type { Route } from './+types/guest-timeline'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /guest/{shipSetId}/timeline: the guest timeline, restricted when query type=restricted
 * (with token, email and supply-chain values). Placeholder until the guest issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Order Timeline') }]

export default function GuestTimeline() {
	return <h1>Order Timeline</h1>
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
