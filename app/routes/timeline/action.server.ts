import { TIMELINE_TOAST_MS } from '~/lib/timeline/load-toast'
import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from 'react-router'
import { ORDER_NOT_FOUND } from '#shared/common'
import { UUID } from '#shared/ids'
import { catalogueAction } from '~/lib/error-catalogue'
import {
	requireShellUser,
	signedOutRedirect,
	userScm,
	type SessionUser,
} from '~/services/auth/session.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import {
	readForm,
	readUploadForm,
	refuse,
	UPLOAD_FORM_BYTES,
	type UploadForm,
} from '~/services/form.server'
import { MAX_DOCUMENT_BYTES, MAX_PHOTO_BYTES } from '#shared/file-rules'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

/**
 * The timeline's mutations (spec 002 §4, §6 and §7): one action route per capability
 * (`./<capability>/route.tsx`, posting to /timeline/{id}/<capability>?<the page's query>), each
 * made by `timelineAction` from its handlers, one per intent. Every form is a `<Form method="post">`
 * that works without JavaScript; with JavaScript the same form runs through a fetcher. A handler
 * answers a redirect back to the page (`returnTo`: the page's path and query) with the spec's
 * toast, or status 400 with the form's result, so the form shows the field's message and keeps
 * what the user typed (without JavaScript the capability's route renders the page itself).
 */
export interface TimelineActionArgs {
	request: Request
	context: AppLoadContext
	shipSetId: string
	form: FormData
	user: SessionUser
	scm: ScmClient
	/** The timeline page the post came from (path and query), to redirect back to. */
	returnTo: string
}

export type TimelineActionHandler = (
	args: TimelineActionArgs,
) => Promise<Response | ReturnType<typeof data>>

/**
 * Back to the timeline the post came from, without the parameters that opened a form or a
 * confirmation (`drop`), with a toast that lasts 10 s ("timeline toasts last 10 s", 000 §8).
 */
export function backWithToast(
	args: Pick<TimelineActionArgs, 'context' | 'returnTo'>,
	toast: { type: 'success' | 'error' | 'warning' | 'info'; message: string; description?: string },
	drop: string[] = [],
) {
	const url = new URL(args.returnTo, 'http://timeline.local')
	for (const key of drop) url.searchParams.delete(key)
	return toasts(args.context).redirectWithToast(`${url.pathname}${url.search}`, {
		...toast,
		duration: TIMELINE_TOAST_MS,
	})
}

/** A post over UPLOAD_FORM_BYTES (the most photos at their largest, 002 §5). */
const UPLOAD_TOO_LARGE = `The files are larger than ${Math.floor(UPLOAD_FORM_BYTES / 1024 / 1024)} MB together. Send fewer at a time.`

/** The API's answer for an order that is unknown or another tenant's. */
export function isOrderMissing(error: unknown): boolean {
	return error instanceof ScmError && error.status === 404 && error.message === ORDER_NOT_FOUND
}

/**
 * For a handler's catch: rethrows what must not become a form message or a toast — anything
 * but an API error, a 401 or 403, and a missing order — so the dispatcher answers it as the
 * catalogue does; what is left is the API refusing this action.
 */
export function rethrowUnlessRefusal(error: unknown): asserts error is ScmError {
	if (
		!(error instanceof ScmError) ||
		error.status === 401 ||
		error.status === 403 ||
		isOrderMissing(error)
	)
		throw error
}

/**
 * An API error no handler answered, as the error catalogue says (000 §8): 401 signs in again,
 * 403 goes to /403, an order that is unknown or another tenant's is a 404 like the page
 * (never a toast that tells the two apart), anything else comes back with the catalogue's toast.
 */
async function answerApiError(
	error: ScmError,
	args: Pick<TimelineActionArgs, 'context' | 'returnTo'>,
) {
	if (isOrderMissing(error)) throw data(null, { status: 404 })
	const action = catalogueAction(error.status, error.message)
	if (action.kind === 'sign-in')
		throw await signedOutRedirect(
			args.context,
			`/login?redirectTo=${encodeURIComponent(args.returnTo)}`,
		)
	if (action.kind === 'forbidden') throw redirect('/403')
	return backWithToast(args, {
		type: 'error',
		message: action.title,
		description: action.description,
	})
}

/** The page a capability's action URL belongs to: /timeline/{id}/comments?… → /timeline/{id}?… */
export function pageOf(actionUrl: URL): string {
	return `${actionUrl.pathname.replace(/\/[^/]+\/?$/, '')}${actionUrl.search}`
}

/**
 * A capability's route action: the page's own guard (000 §6, so that no action does what its
 * page would not show), the form read once, and the handler its `intent` names.
 */
export function timelineAction(
	handlers: Readonly<Record<string, TimelineActionHandler>>,
	{ uploads = false }: { uploads?: boolean } = {},
) {
	return async ({ request, context, params }: ActionFunctionArgs) => {
		const shipSetId = params.shipSetId ?? ''
		if (!UUID.test(shipSetId)) throw data(null, { status: 404 })
		const user = await requireShellUser(request, context)
		const returnTo = pageOf(new URL(request.url))
		let upload: UploadForm
		try {
			// The files' forms spool their files to disk as they arrive; every other form is a few fields, read small.
			upload = uploads
				? await readUploadForm(request, Math.max(MAX_DOCUMENT_BYTES, MAX_PHOTO_BYTES))
				: { form: await readForm(request), cleanup: async () => {} }
		} catch (thrown) {
			// An upload over its limit goes back to the page with the limit, not a bare 413 page.
			if (uploads && thrown instanceof Response && thrown.status === 413)
				return backWithToast(
					{ context, returnTo },
					{ type: 'error', message: 'Upload', description: UPLOAD_TOO_LARGE },
				)
			throw thrown
		}
		const { form } = upload
		try {
			// The intent is one of this capability's (an intent of another capability is unknown here).
			const known = parseWithZod(form, {
				schema: z.object({
					intent: z.enum(Object.keys(handlers) as [string, ...string[]], 'Unknown action'),
				}),
			})
			if (known.status !== 'success') return refuse(known)
			const handler = handlers[known.value.intent]!
			return await handler({
				request,
				context,
				shipSetId,
				form,
				user,
				scm: userScm(context, user, returnTo),
				returnTo,
			})
		} catch (error) {
			if (!(error instanceof ScmError)) throw error
			// Awaited here, not returned: the finally's cleanup takes a turn of the event loop when files
			// were spooled, and a rejection (a 404 for another tenant's order) left unawaited meanwhile is
			// an unhandled rejection, which ends the process.
			return await answerApiError(error, { context, returnTo })
		} finally {
			await upload.cleanup()
		}
	}
}
