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
		</section>
	)
}

export function ForbiddenMessage() {
	return (
		<section className="status-page" aria-labelledby="status-heading">
			<h1 id="status-heading">{shellTexts.forbiddenTitle}</h1>
			<p>{shellTexts.forbidden}</p>
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
