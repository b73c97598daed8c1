import { data, type AppLoadContext } from 'react-router'
import { ORDER_NOT_FOUND } from '#contracts/common'
import type { SessionUser } from '~/services/auth.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { UPLOAD_FORM_BYTES } from '~/services/form.server'

/**
 * What every timeline action shares: its arguments, the two ways it answers (a redirect back
 * with the spec's toast, or a refused form with status 400) and how it tells the API's refusal
 * of the action from an error the dispatcher answers. Kept apart from the dispatcher
 * (`index.server.ts`), which imports every capability's handlers, so that no import goes round.
 */
export interface TimelineActionArgs {
	request: Request
	context: AppLoadContext
	shipSetId: string
	form: FormData
	user: SessionUser
	scm: ScmClient
	/** The timeline URL the post came from (path and query), to redirect back to. */
	returnTo: string
}

export type TimelineActionHandler = (args: TimelineActionArgs) => Promise<Response | ReturnType<typeof data>>

/** What a refused form answers: the intent, each field's message, and the values to keep. */
export interface ActionFailure {
	intent: string
	errors: Record<string, string[] | null | undefined>
	values?: Record<string, unknown>
	/** A message for the whole form (the server's error), shown as an alert. */
	formError?: string
}

export function refused(failure: ActionFailure, status = 400) {
	return data(failure, { status })
}

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
	return toasts(args.context).redirectWithToast(`${url.pathname}${url.search}`, { ...toast, duration: 10_000 })
}

/** A post over UPLOAD_FORM_BYTES (the most photos at their largest, 002 §5). */
export const UPLOAD_TOO_LARGE = `The files are larger than ${Math.floor(UPLOAD_FORM_BYTES / 1024 / 1024)} MB together. Send fewer at a time.`

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
	if (!(error instanceof ScmError) || error.status === 401 || error.status === 403 || isOrderMissing(error)) throw error
}

