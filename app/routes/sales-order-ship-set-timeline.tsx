import { redirect } from 'react-router'
import type { Route } from './+types/sales-order-ship-set-timeline'
import { timelineTarget } from '~/lib/legacy-redirects'

/** /sales_orders/{salesOrderId}/ship_sets/{shipSetId}/timeline → /timeline/{shipSetId}, query kept. */
export function loader({ request, params }: Route.LoaderArgs) {
	throw redirect(timelineTarget(params.shipSetId, new URL(request.url)))
}
