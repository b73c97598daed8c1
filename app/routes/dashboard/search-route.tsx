import { redirect } from 'react-router'
import type { Route } from './+types/search-route'
import { dashboardSearchTarget } from '~/lib/legacy-redirects'

/** /dashboard/search?number=X → /search?number=X (000 section 2). */
export function loader({ request }: Route.LoaderArgs) {
	throw redirect(dashboardSearchTarget(new URL(request.url)))
}
