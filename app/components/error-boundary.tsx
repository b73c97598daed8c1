import type { ReactElement } from 'react'
import { isRouteErrorResponse, useParams, useRouteError, type ErrorResponse } from 'react-router'
import { ForbiddenMessage, NotFoundMessage, ServerErrorMessage } from './status-messages'
import { shellTexts } from '~/lib/shell-texts'

type Params = Readonly<Record<string, string | undefined>>

type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactElement | null

/** The spec's texts for the statuses the shell knows (000: route table, error catalogue). */
const defaultStatusHandlers: Record<number, StatusHandler> = {
	403: () => <ForbiddenMessage />,
	404: () => <NotFoundMessage />,
}

/** Stacks and error bodies are shown in development only. */
function developmentDetail(error: unknown): string | undefined {
	if (!import.meta.env.DEV) return undefined
	if (isRouteErrorResponse(error)) {
		return typeof error.data === 'string' ? error.data : JSON.stringify(error.data, null, 2)
	}
	if (error instanceof Error) return error.stack ?? error.message
	return String(error)
}

/**
 * The one error boundary every route's `ErrorBoundary` is built on. Thrown responses
 * (`throw data(null, { status: 404 })`) go to the handler for their status, else the
 * default; anything else is an unexpected error ('Internal Server Error').
 *
 *   export function ErrorBoundary() {
 *     return <GeneralErrorBoundary statusHandlers={{ 400: () => <p>...</p> }} />
 *   }
 */
/**
 * A refused request's page says what was refused ('Method Not Allowed', 'Content Too Large'…);
 * only a server error is 'Internal Server Error' (000's error catalogue).
 */
export function statusPageTitle(status: number, statusText?: string): string {
	if (status < 400 || status >= 500) return shellTexts.serverErrorTitle
	return statusText || CLIENT_ERRORS[status] || 'Request Refused'
}

const CLIENT_ERRORS: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	409: 'Conflict',
	410: 'Gone',
	413: 'Content Too Large',
	414: 'URI Too Long',
	415: 'Unsupported Media Type',
	422: 'Unprocessable Content',
	429: 'Too Many Requests',
}

export function GeneralErrorBoundary({
	defaultStatusHandler = ({ error }) =>
		error.status >= 400 && error.status < 500 ? (
			<ServerErrorMessage
				title={statusPageTitle(error.status, error.statusText)}
				message={shellTexts.requestRefused}
				detail={developmentDetail(error)}
			/>
		) : (
			<ServerErrorMessage detail={developmentDetail(error)} />
		),
	statusHandlers,
	unexpectedErrorHandler = (error) => <ServerErrorMessage detail={developmentDetail(error)} />,
}: {
	defaultStatusHandler?: StatusHandler
	statusHandlers?: Record<number, StatusHandler>
	unexpectedErrorHandler?: (error: unknown) => ReactElement | null
}) {
	const error = useRouteError()
	const params = useParams()

	if (isRouteErrorResponse(error)) {
		const handler =
			statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status] ?? defaultStatusHandler
		return handler({ error, params })
	}

	// Expected statuses are not logged (a console error fails the end-to-end tests);
	// unexpected errors are, in the browser (the server logs its own).
	if (typeof document !== 'undefined') console.error(error)
	return unexpectedErrorHandler(error)
}
