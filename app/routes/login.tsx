import type { Route } from './+types/login'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /login: starts sign-in (redirect to the identity provider, authorization code + PKCE).
 * Placeholder until the sign-in issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Sign in') }]

export default function Login() {
	return <h1>Sign in</h1>
}
