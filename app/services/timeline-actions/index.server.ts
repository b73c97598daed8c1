import { data, redirect, type AppLoadContext } from 'react-router'
import { catalogueAction } from '~/lib/error-catalogue'
import { requireShellUser, signedOutRedirect, userScm } from '~/services/auth.server'
import { ScmError } from '~/services/scm.server'
import { notificationActions } from './notifications.server'
import { shareActions } from './share.server'
import { commentActions } from './comments.server'
import { followActions } from './follow.server'
import { fileActions } from './files.server'
import { readForm, UPLOAD_FORM_BYTES } from '~/services/form.server'
import { relatedActions } from './related.server'
import { shipmentActions } from './shipments.server'

import { backWithToast, isOrderMissing, refused, UPLOAD_TOO_LARGE, type TimelineActionArgs, type TimelineActionHandler } from './respond.server'

/**
 * The timeline's mutations (spec 002 §4, §6 and §7). Every one is a
 * `<Form method="post">` to the timeline route with an `intent` field, so it
 * works without JavaScript; with JavaScript the same form runs through a
 * fetcher. A handler answers either a redirect with the spec's toast (the
 * page reloads its data) or `data({ intent, errors, values }, 400)` so the
 * form shows the field's message and keeps what the user typed.
 *
 * Each capability registers its handlers here from its own module
 * (`./<capability>.server.ts`), so the route stays a dispatcher; what the handlers share is in
 * `./respond.server.ts`.
 */

/**
 * An API error no handler answered, as the error catalogue says (000 §8): 401 signs in again,
 * 403 goes to /403, an order that is unknown or another tenant's is a 404 like the page
 * (never a toast that tells the two apart), anything else comes back with the catalogue's toast.
 */
async function answerApiError(error: ScmError, args: Pick<TimelineActionArgs, 'context' | 'returnTo'>) {
	if (isOrderMissing(error)) throw data(null, { status: 404 })
	const action = catalogueAction(error.status, error.message)
	if (action.kind === 'sign-in') throw await signedOutRedirect(args.context, `/login?redirectTo=${encodeURIComponent(args.returnTo)}`)
	if (action.kind === 'forbidden') throw redirect('/403')
	return backWithToast(args, { type: 'error', message: action.title, description: action.description })
}

const handlers: Record<string, TimelineActionHandler> = {
	...fileActions,
	// intent: handler — one line per capability's handlers, e.g. ...followActions
	...shareActions,
	...notificationActions,
	...followActions,
	...commentActions,
	...shipmentActions,
	...relatedActions,
}

export async function dispatchTimelineAction(request: Request, context: AppLoadContext, shipSetId: string) {
	// The page's own guard (000 §6), so that no action does what its page would not show.
	const user = await requireShellUser(request, context)
	const url = new URL(request.url)
	const returnTo = `${url.pathname}${url.search}`
	let form: FormData
	try {
		form = await readForm(request, UPLOAD_FORM_BYTES)
	} catch (thrown) {
		// Only an upload can be this large: back to the page with the limit, not a bare 413 page.
		if (thrown instanceof Response && thrown.status === 413) return backWithToast({ context, returnTo }, { type: 'error', message: 'Upload', description: UPLOAD_TOO_LARGE })
		throw thrown
	}
	const intent = String(form.get('intent') ?? '')
	const handler = handlers[intent]
	if (!handler) return refused({ intent, errors: { intent: ['Unknown action'] } })
	try {
		return await handler({
			request,
			context,
			shipSetId,
			form,
			user,
			scm: userScm(context, user),
			returnTo,
		})
	} catch (error) {
		if (!(error instanceof ScmError)) throw error
		return answerApiError(error, { context, returnTo })
	}
}
