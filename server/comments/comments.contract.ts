import { z } from '@hono/zod-openapi'

/**
 * Comments with mentions (002 §3 "Comment", §5, §7; 001 §3 "Tagged comment", §7 get-tagged).
 *
 * Both list calls (the web API's `GET ship_sets/{id}/comments` and the comments API's
 * `GET comment/get`) answer the same record, the spec's "new style" comment; the old
 * style's id/body/user are its comment_id/comment_body/user_id, first_name, last_name, email.
 * The body carries mentions as `<UserMention>{userId}</UserMention>`; `mentioned_users`
 * resolves the ids that are members of the order's supply chain (any other id renders
 * as 'Invalid user').
 */

import {
	COMMENT_MAX_LENGTH,
	COMMENT_PAGE_SIZE,
	COMMENT_REQUIRED,
	COMMENT_TOO_LONG,
	TAGGED_PAGE_SIZE,
} from '../shared/timeline-limits'

export {
	COMMENT_MAX_LENGTH,
	COMMENT_PAGE_SIZE,
	COMMENT_REQUIRED,
	COMMENT_TOO_LONG,
	TAGGED_PAGE_SIZE,
}
export const INVALID_USER = 'Invalid user'

export const MentionUser = z
	.object({
		id: z.string(),
		first_name: z.string().nullable(),
		last_name: z.string().nullable(),
		email: z.string(),
	})
	.openapi('MentionUser')

export const CommentRecord = z
	.object({
		comment_id: z.string(),
		ship_set_id: z.string(),
		comment_body: z.string(),
		mentioned_ids: z.array(z.string()),
		mentioned_users: z.array(MentionUser),
		node_id: z.string().nullable(),
		created_at: z.string(),
		user_id: z.string().nullable(),
		email: z.string().nullable(),
		first_name: z.string().nullable(),
		last_name: z.string().nullable(),
		node_icon_class: z.string().nullable(),
		building_type: z.string().nullable(),
		tracking_number: z.string().nullable(),
		carrier_name: z.string().nullable(),
		name_on_signature: z.string().nullable(),
		location_name: z.string().nullable(),
		source: z.string().nullable(),
	})
	.openapi('Comment')
export type CommentRecord = z.infer<typeof CommentRecord>

const offset = z.coerce.number().int().min(0).max(1_000_000).default(0)

export const ShipSetCommentsQuery = z.object({
	offset,
	limit: z.coerce.number().int().min(1).max(COMMENT_PAGE_SIZE).default(COMMENT_PAGE_SIZE),
})

export const CommentsPage = z
	.object({
		comments: z.array(CommentRecord),
		total_count: z.number().int(),
		offset: z.number().int(),
		limit: z.number().int(),
	})
	.openapi('CommentsPage')
export type CommentsPage = z.infer<typeof CommentsPage>

const nodeId = z
	.string()
	.uuid()
	.nullable()
	.optional()
	.openapi({ description: 'The node the comment is about' })
const requiredText = (max: number) =>
	z
		.string({ error: COMMENT_REQUIRED })
		.max(max, COMMENT_TOO_LONG)
		.refine((s) => s.trim().length > 0, COMMENT_REQUIRED)

/**
 * The stored body may be longer than 500 characters when it carries mention markup
 * (a 36-character id in 25 characters of tags for each '@Name'); the API checks the
 * 500 on the text as shown and bounds the raw body loosely here.
 */
const RAW_BODY_MAX = 4000

/** POST {api}/ship_sets/{id}/comments — "body: body, node_id" (002 §7). */
export const PostShipSetCommentBody = z
	.object({ body: requiredText(RAW_BODY_MAX), node_id: nodeId })
	.openapi('PostShipSetComment')

/**
 * POST {comments api}/comment/post — "body: commentBody, hasMention, mentionedIds, shipSetId,
 * nodeId" (002 §7): the spec's names, camelCase unlike the web API's bodies, and only those.
 */
export const PostCommentBody = z
	.object({
		commentBody: requiredText(RAW_BODY_MAX),
		hasMention: z.boolean().optional(),
		mentionedIds: z.array(z.string().uuid()).max(50).optional(),
		shipSetId: z.string().uuid(),
		nodeId,
	})
	.openapi('PostComment')

export const CommentCreated = z
	.object({
		data: CommentRecord,
		following: z.boolean().openapi({ description: 'Whether the caller now follows the order' }),
	})
	.openapi('CommentCreated')
export type CommentCreated = z.infer<typeof CommentCreated>

/** GET {comments api}/comment/get — "query shipsetId, supplyChain" (002 §7), paged like the web API's list. */
export const CommentGetQuery = z.object({
	ship_set_id: z.string().uuid(),
	supply_chain: z
		.string()
		.min(1)
		.max(100)
		.optional()
		.openapi({ description: 'Must name the X-Supply-Chain organization when sent' }),
	offset,
	limit: z.coerce.number().int().min(1).max(COMMENT_PAGE_SIZE).default(COMMENT_PAGE_SIZE),
})

/** GET {comments}/comment/get-tagged — "limit (3), offset → comments, total, offset" (001 §7). */
export const TaggedQuery = z.object({
	offset,
	limit: z.coerce.number().int().min(1).max(20).default(TAGGED_PAGE_SIZE),
})
export const TaggedComment = CommentRecord.extend({
	ship_set_name: z.string(),
	ship_set_reference_number: z.string().nullable(),
	ship_set_status: z.string(),
	last_event_type: z.string().nullable(),
}).openapi('TaggedComment')
export const TaggedCommentsResponse = z
	.object({ comments: z.array(TaggedComment), total: z.number().int(), offset: z.number().int() })
	.openapi('TaggedComments')
export type TaggedCommentsResponse = z.infer<typeof TaggedCommentsResponse>

/** GET {user-mentions}/users/list — "query organization" (002 §7): who may be mentioned. */
export const MentionUsersQuery = z.object({
	organization: z
		.string()
		.min(1)
		.max(100)
		.openapi({ description: 'The supply chain slug; must be the X-Supply-Chain one' }),
})
export const MentionUsersResponse = z
	.object({ users: z.array(MentionUser) })
	.openapi('MentionUsers')
export type MentionUsersResponse = z.infer<typeof MentionUsersResponse>
