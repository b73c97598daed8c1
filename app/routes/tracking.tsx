import type { Route } from './+types/tracking'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /tracking: the public tracker landing (000 section 2), only when the order-tracker
 * toggle is on. Placeholder until the public tracker issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Order Tracker') }]

export default function Tracking() {
	return <h1>Track your order here!</h1>
}
