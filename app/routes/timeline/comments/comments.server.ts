import { parseWithZod } from '@conform-to/zod/v4'
import { toastDuration } from '~/lib/error-catalogue'
import {
	COMMENT_ADDED,
	COMMENT_PAGE_SIZE,
	COMMENT_REQUIRED,
	CommentFormSchema,
	COMMENT_TOAST_TITLE,
	FIELD_REQUIRED,
} from '~/lib/timeline/comments'
import { formErrorsOf } from '~/lib/api-issues'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import { toasts } from '~/services/toast.server'
import { loadToggles } from '~/services/toggles.server'
import {
	rethrowUnlessRefusal,
	type TimelineActionArgs,
	type TimelineActionHandler,
} from '../action.server'
import { refuse } from '~/services/form.server'
import { pageNumber } from '~/lib/timeline/url'
import type { ScmClient } from '~/services/scm.server'
import { TYPED_COMMENT_FIELDS } from '~/services/scm/comments.server'

/** The field message: the old form field's 'this field is required' for a missing text (002 §5). */
const fieldMessage = (message: string) => (message === COMMENT_REQUIRED ? FIELD_REQUIRED : message)

/**
 * Comment submission (002 §4 "Comment submission", §5, §8). The form posts `intent=comment`,
 * `body` and `node_id` (the selected node). With the user-mentions toggle on, every '@Name'
 * or '@e-mail' of a member in the text becomes the stored UserMention markup here, on the
 * server, so mentions work the same with and without JavaScript (the suggestion list only
 * types the name; its hidden `mentioned` ids break ties between people of the same name),
 * with their ids and `has_mention` (002 §5 "With mentions enabled the body, mentioned ids and
 * a hasMention flag are sent"); without it the text goes as typed. Either way one call, the
 * comments API's. The API adds the follow when auto-follow is on.
 */

const INTENT = TIMELINE_INTENTS.comments.comment

async function addComment({ form, shipSetId, scm, context, user, returnTo }: TimelineActionArgs) {
	const submission = parseWithZod(form, { schema: CommentFormSchema })
	// The field says 'this field is required' (the old form's words); the toast says the spec's message.
	const refuseWith = (message: string) =>
		refuse(submission, { fieldErrors: { body: [fieldMessage(message)] }, formErrors: [message] })
	if (submission.status !== 'success')
		return refuseWith(submission.error?.body?.[0] ?? COMMENT_REQUIRED)
	const { body, node_id, mentioned } = submission.value
	try {
		const { userMentions } = await loadToggles(context, user.profile.account)
		await scm.comments.postTyped({
			text: body,
			mentioned,
			shipSetId,
			nodeId: node_id,
			mentionsIn: userMentions ? user.profile.account : null,
		})
	} catch (error) {
		rethrowUnlessRefusal(error)
		// The API's refusal, as data: what it says of the text or its mentions shows under the field.
		const { fieldErrors, formErrors } = formErrorsOf(error, TYPED_COMMENT_FIELDS)
		return refuseWith([...(fieldErrors.body ?? []), ...formErrors][0] ?? error.message)
	}
	// Back to page 1 of the list, where the new comment is (newest first).
	const back = new URL(returnTo, 'http://x')
	back.searchParams.delete('comments_page')
	return toasts(context).redirectWithSuccess(`${back.pathname}${back.search}`, {
		message: COMMENT_TOAST_TITLE,
		description: COMMENT_ADDED,
		duration: toastDuration(back.pathname),
	})
}

export const commentActions: Record<string, TimelineActionHandler> = { [INTENT]: addComment }

/**
 * The Comments tab's page (`comments_page`, 20 a page). A failure leaves `comments` null
 * ('Comments could not be loaded'), not the page failing. The people who may be mentioned are
 * read by the form itself when it is used (./mention-users.ts).
 */
export async function loadComments(
	scm: ScmClient,
	shipSetId: string,
	q: URLSearchParams,
	mentions: boolean,
	/** This page when the caller has it already (the first page comes with the order's timeline). */
	read?: Awaited<ReturnType<ScmClient['comments']['list']>>,
) {
	const page = pageNumber(q.get('comments_page'))
	const comments =
		read ?? (await scm.comments.list(shipSetId, (page - 1) * COMMENT_PAGE_SIZE).catch(() => null))
	return { page, comments, mentionsEnabled: mentions }
}
