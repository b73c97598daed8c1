import type { Route } from './+types/tracking-timeline'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /tracking/{organization}/{orderNo}/{ssid}: the public order timeline (optional query
 * trackingNumber). Placeholder until the public tracker issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Order Timeline') }]

export default function TrackingTimeline() {
	return (
		<>
			<Breadcrumbs
				items={[{ label: 'Order Tracker', to: '/tracking' }, { label: 'Order Timeline' }]}
			/>
			<h1>Order Timeline</h1>
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
