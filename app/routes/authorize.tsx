import type { Route } from './+types/authorize'
import { pageTitle, shellTexts } from '~/lib/shell-texts'

/**
 * /authorize: the sign-in callback. Shows 'Redirecting...', then goes to the requested
 * redirect or /dashboard (a redirect to /403 is ignored; a callback error goes to /login).
 * Placeholder until the sign-in issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(shellTexts.redirecting) }]

export default function Authorize() {
	return <h1>{shellTexts.redirecting}</h1>
}
