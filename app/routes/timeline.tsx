import type { Route } from './+types/timeline'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { pageTitle } from '~/lib/shell-texts'
import { requireShellUser } from '~/services/auth.server'


/**
 * /timeline/{shipSetId}: the order timeline (spec 002), optional query
 * node_connectable_id (a shipment id) or nodeId. Placeholder until the timeline issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Order Timeline') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireShellUser(request, context)
	return null
}

export default function Timeline() {
	return <h1>Order Timeline</h1>
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
