import { redirect } from 'react-router'
import type { Route } from './+types/analytics'
import { DEFAULT_ANALYTICS_CATEGORY } from '~/lib/analytics-categories'
import { hasAnalyticsAccess } from '~/lib/access'
import { requireShellUser } from '~/services/auth.server'

/**
 * /analytics → /analytics/freight-cost "when the analytics v2 toggle is on" (000 section 2).
 * The built-in freight-cost report is the only analytics this product has, so /analytics
 * goes there whatever the toggle says (there is no v1 screen to show instead).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireShellUser(request, context)
	// "Analytics requires CORE.ANALYTICS; without it the user goes to /404." (000 §6)
	if (!hasAnalyticsAccess(user.profile.permissions)) throw redirect('/404')
	throw redirect(`/analytics/${DEFAULT_ANALYTICS_CATEGORY}`)
}
