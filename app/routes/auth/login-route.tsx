import { Form, Link, redirect } from 'react-router'
import { Button } from '~/components/ui/button'
import { signInErrorMessage } from './sign-in-errors'
import type { Route } from './+types/login-route'
import { pageTitle } from '~/lib/shell-texts'
import { safeRedirect } from '~/services/auth/access'
import { getUser, SESSION_EXPIRED } from '~/services/auth/session.server'
import { startSignIn } from '~/services/auth/sign-in.server'

/**
 * /login starts sign-in: a redirect to the OpenID provider (authorization code
 * + PKCE), remembering where the user was going. A signed-in user goes to
 * that place, or /dashboard. After an expired session it first says so
 * ('User session expired.') and continues by itself after 2 s, with or
 * without JavaScript (meta refresh). After a failed callback it offers to
 * try again instead of looping.
 */
export const meta: Route.MetaFunction = ({ data }) => [
	{ title: pageTitle('Sign in') },
	...(data?.continueTo
		? [{ httpEquiv: 'refresh', content: `2;url=${data.continueTo}` } as const]
		: []),
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const redirectTo = url.searchParams.get('redirectTo')
	if (await getUser(request, context).then((u) => u && u.expiresAt > Date.now())) {
		throw redirect(safeRedirect(redirectTo))
	}
	if (url.searchParams.has('expired')) {
		const next = new URLSearchParams(redirectTo ? { redirectTo } : {})
		return {
			message: SESSION_EXPIRED,
			continueTo: `/login${next.size ? `?${next}` : ''}`,
			failed: false,
			redirectTo: null,
		}
	}
	const error = url.searchParams.get('error')
	if (error !== null) {
		const message = signInErrorMessage(error, url.searchParams.get('error_description'))
		return { message, continueTo: null, failed: true, redirectTo: safeRedirect(redirectTo) }
	}
	return startSignIn(request, context, redirectTo)
}

export default function Login({ loaderData }: Route.ComponentProps) {
	return (
		<section className="status-page" aria-live="polite">
			<h1>Sign in</h1>
			<p role="status">{loaderData.message}</p>
			{loaderData.failed ? (
				// After a failed callback: a new sign-in only when asked (an automatic one could loop).
				<Form method="get" action="/login" reloadDocument>
					{loaderData.redirectTo !== '/dashboard' ? (
						<input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ''} />
					) : null}
					<Button type="submit" variant="primary">
						Try again
					</Button>
				</Form>
			) : (
				<p>
					<Link to={loaderData.continueTo ?? '/login'} reloadDocument>
						Sign in again
					</Link>
				</p>
			)}
		</section>
	)
}
