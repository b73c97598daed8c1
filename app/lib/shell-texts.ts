/**
 * The shell's user-facing texts, in the spec's words
 * (000 section 2 route table, and the error catalogue in section 8).
 * Screens import them from here so that each text lives in one place.
 */
export const APP_NAME = 'Waymark'

export const shellTexts = {
	notFound: 'We are sorry but the page you are looking for does not exist.',
	forbiddenTitle: 'Restricted Page',
	forbidden: 'You do not have access to this page. Please contact your account manager.',
	serverErrorTitle: 'Internal Server Error',
	serverError: 'The server was unable to complete your request.',
	/** A refused request (4xx) other than 403 and 404. */
	requestRefused: 'The request could not be accepted as it was sent.',
	redirecting: 'Redirecting...',
	copyright: '© 2026 Waymark',
	termsOfService: 'Terms of Service',
	privacyPolicy: 'Privacy Policy',
} as const

/** The document title of a page: 'Advanced Search | Waymark', or 'Waymark' alone. */
export function pageTitle(page?: string): string {
	return page ? `${page} | ${APP_NAME}` : APP_NAME
}
