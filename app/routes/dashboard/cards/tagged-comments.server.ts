import type { AppLoadContext } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { formErrorsOf } from '~/lib/api-issues'
import { COMMENT_ADDED, COMMENT_TOAST_TITLE, resolveMentions } from '~/lib/timeline/comments'
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
			const text = body.trim()
			const mentions = userMentions
				? resolveMentions(
						text,
						(await scm.comments.mentionUsers(user.profile.account)).users,
						mentioned,
					)
				: null
			try {
				await scm.comments.postWithMentions({
					comment_body: mentions?.body ?? text,
					...(mentions
						? {
								has_mention: mentions.mentionedIds.length > 0,
								mentioned_ids: mentions.mentionedIds,
							}
						: {}),
					ship_set_id,
					node_id,
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
		const { fieldErrors, formErrors } = formErrorsOf(refusal, {
			comment_body: 'body',
			mentioned_ids: 'body',
		})
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
