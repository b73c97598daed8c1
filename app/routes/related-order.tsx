import { redirect } from 'react-router'
import type { Route } from './+types/related-order'
import { timelineTarget } from '~/lib/legacy-redirects'

/** /related_order/{shipSetId} → /timeline/{shipSetId}, query kept (000 section 2). */
export function loader({ request, params }: Route.LoaderArgs) {
	throw redirect(timelineTarget(params.shipSetId, new URL(request.url)))
}
