import { redirect } from 'react-router'
import type { Route } from './+types/authorize-route'
import { pageTitle, shellTexts } from '~/lib/shell-texts'
import { finishSignIn } from '~/services/auth/sign-in.server'

/**
 * /authorize: the sign-in callback. Exchanges the code (state and PKCE checked),
 * then goes to the remembered path or /dashboard; a remembered /403 is ignored;
 * a callback error goes to /login.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(shellTexts.redirecting) }]

export async function loader({ request, context }: Route.LoaderArgs) {
	try {
		return await finishSignIn(request, context)
	} catch (error) {
		if (error instanceof Response) throw error
		context.log.warn({ err: error }, 'sign-in callback failed')
		throw redirect('/login?error=callback')
	}
}

export default function Authorize() {
	return <h1>{shellTexts.redirecting}</h1>
}
