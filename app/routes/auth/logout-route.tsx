import { redirect } from 'react-router'
import type { Route } from './+types/logout-route'
import { signOut } from '~/services/auth/sign-in.server'

/** POST /logout: ends the app session (logged_in=N), then the provider's. A GET goes home. */
export async function action({ request, context }: Route.ActionArgs) {
	return signOut(request, context)
}

export async function loader() {
	throw redirect('/dashboard')
}
