import { redirect } from 'react-router'
import type { Route } from './+types/users-route'
import { getUser } from '~/services/auth/session.server'

/** /users: the initial sign-in state path — the dashboard when signed in, else sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await getUser(request, context)
	throw redirect(user ? '/dashboard' : '/login')
}
