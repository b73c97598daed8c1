import { data } from 'react-router'
import type { Route } from './+types/authorize-route'
import { pageTitle, shellTexts } from '~/lib/shell-texts'
import { callbackFailed, finishSignIn } from '~/services/auth/sign-in.server'

/**
 * /authorize: the sign-in callback (000 §2: "Shows 'Redirecting...', then goes to the requested
 * redirect or /dashboard. A redirect to /403 is ignored. A callback error goes to /login").
 * Exchanges the code (state and PKCE checked), opens the session and shows 'Redirecting...' while
 * the browser moves on (a refresh at once, with or without JavaScript; before the page has loaded
 * it replaces this entry of the history). An error from the provider, or a callback without code and state, goes to /login
 * saying what went wrong, never to the provider again.
 */
export const meta: Route.MetaFunction = ({ data }) => [
	{ title: pageTitle(shellTexts.redirecting) },
	...(data?.to ? [{ httpEquiv: 'refresh', content: `0;url=${data.to}` } as const] : []),
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const q = new URL(request.url).searchParams
	const error = q.get('error')
	if (error) throw callbackFailed(request, error, q.get('error_description'))
	if (!q.get('code') || !q.get('state')) throw callbackFailed(request, 'callback')
	try {
		const { to, headers } = await finishSignIn(request, context)
		headers.set('Cache-Control', 'no-store')
		return data({ to }, { headers })
	} catch (thrown) {
		if (thrown instanceof Response) throw thrown
		context.log.warn({ err: thrown }, 'sign-in callback failed')
		throw callbackFailed(request, 'callback')
	}
}

export default function Authorize({ loaderData }: Route.ComponentProps) {
	return (
		<section className="status-page" aria-live="polite">
			<h1>{shellTexts.redirecting}</h1>
			<p>
				<a href={loaderData.to}>Continue</a>
			</p>
		</section>
	)
}
