import type { Route } from './+types/timeline'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /timeline/{shipSetId}: the order timeline (spec 002), optional query
 * node_connectable_id (a shipment id) or nodeId. Placeholder until the timeline issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Order Timeline') }]

export default function Timeline() {
	return <h1>Order Timeline</h1>
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
