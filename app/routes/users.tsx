import type { Route } from './+types/users'
import { pageTitle, shellTexts } from '~/lib/shell-texts'

/** /users: the initial sign-in state path. Placeholder until the sign-in issue. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(shellTexts.redirecting) }]

export default function Users() {
	return <h1>{shellTexts.redirecting}</h1>
}
