import { Form, useRouteLoaderData } from 'react-router'
import { Button, ButtonLink } from '~/components/ui/button'
import { statusWayBack } from '~/lib/shell'
import { shellTexts } from '~/lib/shell-texts'

/**
 * The shell's status pages (spec 000: route table rows /403 and /404, error catalogue
 * 500). Used by the /403, /404 and catch-all routes and by GeneralErrorBoundary, so the
 * same words show whether a page is visited or an error is thrown.
 */

export function NotFoundMessage() {
	return (
		<section className="status-page" aria-labelledby="status-heading">
			<h1 id="status-heading">{shellTexts.notFound}</h1>
			<WayBack />
		</section>
	)
}

export function ForbiddenMessage() {
	return (
		<section className="status-page" aria-labelledby="status-heading">
			<h1 id="status-heading">{shellTexts.forbiddenTitle}</h1>
			<p>{shellTexts.forbidden}</p>
			<WayBack />
		</section>
	)
}

export function ServerErrorMessage({
	title = shellTexts.serverErrorTitle,
	message = shellTexts.serverError,
	detail,
}: {
	title?: string
	message?: string
	/** Development only: a stack trace or error body. */
	detail?: string
}) {
	return (
		<section className="status-page" aria-labelledby="status-heading">
			<h1 id="status-heading">{title}</h1>
			<p>{message}</p>
			{detail ? <pre className="error-detail">{detail}</pre> : null}
		</section>
	)
}

/** A status page's way back (statusWayBack): a link, or the sign-out form; both work without JavaScript. */
function WayBack() {
	const root = useRouteLoaderData('root') as
		{ user: { permissions: string[] } | null; orderTracker: boolean } | undefined
	const way = statusWayBack(root?.user ?? null, root?.orderTracker ?? false)
	return (
		<div className="status-page__back">
			{'to' in way ? (
				<ButtonLink to={way.to} variant="primary">
					{way.label}
				</ButtonLink>
			) : (
				<Form method="post" action="/logout" reloadDocument>
					<Button type="submit" variant="primary">
						{way.label}
					</Button>
				</Form>
			)}
		</div>
	)
}
