import type { Route } from './+types/dashboard-new'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /dashboard/new: the new dashboard, only when the dashboard v3 toggle is on and the
 * redirect toggle is off (spec 001).
 * Placeholder until the dashboard issue; the greeting then adds the user's name.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export default function DashboardNew() {
	return <h1>Welcome to your dashboard</h1>
}
