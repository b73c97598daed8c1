import { redirect } from 'react-router'
import type { Route } from './+types/search-route'
import { searchTarget } from '~/lib/legacy-redirects'

/** /search?number=X → /advanced_search?qs_query_string=X (000 section 2). */
export function loader({ request }: Route.LoaderArgs) {
	throw redirect(searchTarget(new URL(request.url)))
}
