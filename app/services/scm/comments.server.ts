import { CommentsApi } from '#api/comments/comments'
import type { z } from 'zod'
import type { PostCommentBody } from '#contracts/comments/comments'
import type { ScmCaller } from './client.server'

/** Comments and mentions (002 §7), and the comments that mention the caller (001 §7). */
export function commentCalls({ call }: ScmCaller) {
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
		mentionUsers: (organization: string) =>
			call(CommentsApi.mentionUsers, { query: { organization } }),
	}
}
