import type { Route } from './+types/dashboard-old'
import { pageTitle } from '~/lib/shell-texts'
import { requireShellUser } from '~/services/auth.server'


/**
 * /dashboard/old: the old dashboard (spec 001).
 * Placeholder until the dashboard issue; the greeting then adds the user's name.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireShellUser(request, context)
	return null
}

export default function DashboardOld() {
	return <h1>Welcome to your dashboard</h1>
}
