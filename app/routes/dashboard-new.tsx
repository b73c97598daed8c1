import type { Route } from './+types/dashboard-new'
import { redirect } from 'react-router'
import { pageTitle } from '~/lib/shell-texts'
import { greeting } from '~/lib/access'
import { requireShellUser } from '~/services/auth.server'
import { loadToggles } from '~/services/toggles.server'

/**
 * /dashboard/new: the new dashboard, only when the dashboard v3 toggle is on and the
 * redirect toggle is off (spec 001).
 * Placeholder until the dashboard issue; the greeting then adds the user's name.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireShellUser(request, context)
	const toggles = await loadToggles(context, user.profile.account)
	if (!toggles.dashboardV3 || toggles.dashboardV3Redirect) throw redirect('/dashboard')
	return { greeting: greeting(user.profile) }
}

export default function DashboardNew({ loaderData }: Route.ComponentProps) {
	return <h1>{loaderData.greeting}</h1>
}
