import type { Route } from './+types/dashboard'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /dashboard: new or old dashboard depending on feature toggles (spec 001).
 * Placeholder until the dashboard issue; the greeting then adds the user's name.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export default function Dashboard() {
	return <h1>Welcome to your dashboard</h1>
}
