import type { AppLoadContext } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { formErrorsOf } from '~/lib/api-issues'
import { COMMENT_ADDED, COMMENT_TOAST_TITLE } from '~/lib/timeline/comments'
import { TYPED_COMMENT_FIELDS } from '~/services/scm/comments.server'
import type { SessionUser } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { refuse } from '~/services/form.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { toasts } from '~/services/toast.server'
import { DASHBOARD_TOAST_MS } from '../format'
import { TaggedCommentFormSchema, taggedCommentRefusal } from './tagged-comments'

/**
 * A comment from a Tagged Comments card (001 §8): posted through the comments API on the tagged
 * comment's order and node, with '@Name' mentions made into the stored markup as the timeline's
 * form does (when user mentions are on). Success goes back to the page with the toast 'Comment' /
 * 'You have added a comment' (10 s, 001 §9); a missing text, or what the API refuses of the text,
 * answers the form (status 400) with 'Comment field is required' for its toast; any other failure is
 * the error catalogue's (000 §8), as Unfollow's.
 */
export async function addTaggedComment({
	request,
	context,
	scm,
	user,
	userMentions,
	form,
}: {
	request: Request
	context: AppLoadContext
	scm: ScmClient
	user: SessionUser
	userMentions: boolean
	form: FormData
}) {
	const submission = parseWithZod(form, { schema: TaggedCommentFormSchema })
	const refuseWith = (message: string | undefined) => {
		const { toast, field } = taggedCommentRefusal(message)
		return refuse(submission, { fieldErrors: { body: [field] }, formErrors: [toast] })
	}
	if (submission.status !== 'success') {
		const errors = submission.error ?? {}
		return refuseWith(errors.body?.[0] ?? Object.values(errors).flat()[0] ?? undefined)
	}
	const { body, node_id, mentioned, ship_set_id } = submission.value
	// The API's refusal of the text (400, with its issues) answers the form; the rest is the catalogue's.
	const { data: refusal, toast } = await withCatalogue(
		request,
		context,
		async () => {
			try {
				await scm.comments.postTyped({
					text: body,
					mentioned,
					shipSetId: ship_set_id,
					nodeId: node_id,
					mentionsIn: userMentions ? user.profile.account : null,
				})
				return null
			} catch (error) {
				if (error instanceof ScmError && error.status === 400) return error
				throw error
			}
		},
		null,
	)
	if (refusal) {
		const { fieldErrors, formErrors } = formErrorsOf(refusal, TYPED_COMMENT_FIELDS)
		return refuseWith([...(fieldErrors.body ?? []), ...formErrors][0])
	}
	const url = new URL(request.url)
	const back = `${url.pathname}${url.search}`
	if (toast) return toasts(context).redirectWithToast(back, toast)
	return toasts(context).redirectWithSuccess(back, {
		message: COMMENT_TOAST_TITLE,
		description: COMMENT_ADDED,
		duration: DASHBOARD_TOAST_MS,
	})
}
