import { CommentsApi } from '#api/comments/comments'
import type { z } from 'zod'
import type { PostCommentBody } from '#contracts/comments/comments'
import { resolveMentions } from '~/lib/timeline/comments'
import type { ScmCaller } from './client.server'

/** The request's fields a refusal of a typed comment names, as the form's one field. */
export const TYPED_COMMENT_FIELDS = { commentBody: 'body', mentionedIds: 'body' } as const

/** Comments and mentions (002 §7), and the comments that mention the caller (001 §7). */
export function commentCalls({ call }: ScmCaller) {
	const mentionUsers = (organization: string) =>
		call(CommentsApi.mentionUsers, { query: { organization } })
	return {
		/** One page of an order's comments, newest first, 20 a page. */
		list: (id: string, offset = 0) =>
			call(CommentsApi.list, { params: { id }, query: { offset, limit: 20 } }),
		/** A comment (commentBody, shipSetId, nodeId; with mentions on, hasMention and mentionedIds too). */
		postWithMentions: (body: z.input<typeof PostCommentBody>) =>
			call(CommentsApi.postWithMentions, { body }),
		/** Comments that mention the caller, 3 a page. */
		tagged: (offset = 0, limit = 3) => call(CommentsApi.tagged, { query: { offset, limit } }),
		/** Who may be mentioned. */
		mentionUsers,
		/**
		 * A comment as a user typed it (the timeline's form, a Tagged Comments card). With user
		 * mentions on, every '@Name' or '@e-mail' of a member becomes the stored mention markup here,
		 * on the server, so mentions work the same with and without JavaScript (`mentioned`: the ids
		 * the suggestion list picked, which break ties between people of one name); without, as typed.
		 */
		postTyped: async (comment: {
			text: string
			mentioned?: readonly string[]
			shipSetId: string
			nodeId: z.input<typeof PostCommentBody>['nodeId']
			/** The organization whose members may be mentioned, when user mentions are on. */
			mentionsIn: string | null
		}) => {
			const text = comment.text.trim()
			const mentions =
				comment.mentionsIn === null
					? null
					: resolveMentions(text, (await mentionUsers(comment.mentionsIn)).users, comment.mentioned)
			return call(CommentsApi.postWithMentions, {
				body: {
					commentBody: mentions?.body ?? text,
					...(mentions
						? { hasMention: mentions.mentionedIds.length > 0, mentionedIds: mentions.mentionedIds }
						: {}),
					shipSetId: comment.shipSetId,
					nodeId: comment.nodeId,
				},
			})
		},
	}
}
