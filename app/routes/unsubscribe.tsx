import { data, Form } from 'react-router'
import type { Route } from './+types/unsubscribe'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Button } from '~/components/ui/button'
import { pageTitle } from '~/lib/shell-texts'
import { createScmClient, ScmError } from '~/services/scm.server'

/**
 * /unsubscribe?token=…: the link of every notification e-mail. Opening it (GET) only
 * shows what it stops and a button — mail scanners open links; the POST unsubscribes. The POST
 * is also RFC 8058's one-click (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail
 * provider posts to this URL with no cookie and no page of ours, so the origin check lets this
 * path through (server/http/app.ts); the signed token is the authority. No sign-in needed.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Unsubscribe') }]

const INVALID =
	'This unsubscribe link is not valid (it may have been cut short). Open it from the e-mail again.'

function tokenOf(request: Request) {
	return new URL(request.url).searchParams.get('token') ?? ''
}

async function calling<T>(fn: () => Promise<T>) {
	try {
		return await fn()
	} catch (error) {
		if (error instanceof ScmError && error.status === 400)
			throw data({ message: INVALID }, { status: 400 })
		throw error
	}
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const token = tokenOf(request)
	if (!token) throw data({ message: INVALID }, { status: 400 })
	const scm = createScmClient(context)
	return calling(() => scm.unsubscribe.read(token))
}

export async function action({ request, context }: Route.ActionArgs) {
	const token = tokenOf(request)
	if (!token) throw data({ message: INVALID }, { status: 400 })
	const scm = createScmClient(context)
	return calling(() => scm.unsubscribe.apply(token))
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
	const result = actionData ?? loaderData
	return (
		<div className="settings-page unsubscribe-page">
			<h1>Unsubscribe</h1>
			{result.done ? (
				<p role="status">
					Done: <strong>{result.email}</strong> will no longer get {result.what}.
				</p>
			) : (
				<Form method="post">
					<p>
						Stop sending {result.what} to <strong>{result.email}</strong>?
					</p>
					<Button type="submit" variant="primary">
						Unsubscribe
					</Button>
				</Form>
			)}
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
