import { redirect, type AppLoadContext } from 'react-router'
import { catalogueAction, toastDuration } from '~/lib/error-catalogue'
import { signedOutRedirect } from './auth/session.server'
import { ScmError } from './scm.server'
import type { ToastMessage } from 'remix-toast'

/**
 * Runs a loader's API calls and applies the error catalogue (000 §8) to a
 * failure: 401 clears the session and restarts sign-in (remembering the
 * path), 403 goes to /403, anything else keeps the page with `fallback` data
 * and the catalogue's toast, which the page shows at once (a flash cookie
 * would show it only on the next page). Errors that are not API errors propagate to the
 * route's error boundary.
 */
export async function withCatalogue<T>(
	request: Request,
	context: AppLoadContext,
	load: () => Promise<T>,
	fallback: T,
) {
	try {
		return { data: await load(), toast: null }
	} catch (error) {
		if (!(error instanceof ScmError)) throw error
		const url = new URL(request.url)
		const action = catalogueAction(error.status, error.message)
		if (action.kind === 'sign-in') {
			throw await signedOutRedirect(
				context,
				`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
			)
		}
		if (action.kind === 'forbidden') throw redirect('/403')
		context.log.warn({ status: error.status, error: error.message }, 'api call failed')
		const toast: ToastMessage = {
			type: 'error',
			message: action.title,
			description: action.description,
			duration: toastDuration(url.pathname),
		}
		return { data: fallback, toast }
	}
}
