import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	CommentCreated,
	CommentGetQuery,
	CommentsPage,
	MentionUsersQuery,
	MentionUsersResponse,
	PostCommentBody,
	PostShipSetCommentBody,
	ShipSetCommentsQuery,
	TaggedCommentsResponse,
	TaggedQuery,
} from './comments.contract'
import { ShipSetIdParams } from '../dashboard/dashboard.contract'

/**
 * Comments (002 §7): the web API's `ship_sets/{id}/comments` and the comments API under
 * /api/comments/ (`comment/post`, `comment/get`, `comment/get-tagged` of 001 §7, and the
 * user-mentions list). Every call is signed in (bearer JWT, never a guest token) and
 * scoped to X-Supply-Chain; another tenant's order answers 404 like an unknown one.
 */

const common = { security: [{ bearer: [] }] }
const notFoundResponse = { 404: jsonContent(ErrorBody, 'No such order in this supply chain') }

const listRoute = createRoute({
	...common,
	tags: ['Comments'],
	method: 'get',
	path: '/api/web/ship_sets/{id}/comments',
	summary: 'One page of the order’s comments, newest first (offset, limit 20)',
	request: { headers: SupplyChainHeaders, params: ShipSetIdParams, query: ShipSetCommentsQuery },
	responses: { 200: jsonContent(CommentsPage, 'Comments'), ...errorResponses, ...notFoundResponse },
})

const createDescription =
	'Required, at most 500 characters as shown (each mention counted as @Name); mentions as <UserMention>{userId}</UserMention> ' +
	'of members of the supply chain only (else 400 on the mentions field: Invalid user). Writes the comment, its mentions and a historical ' +
	'log line in one transaction, and, when web.ui.timeline.autoFollowOnComment is on, the caller’s follow of the order.'

const postRoute = createRoute({
	...common,
	tags: ['Comments'],
	method: 'post',
	path: '/api/web/ship_sets/{id}/comments',
	summary: 'Add a comment (body, node_id)',
	description: createDescription,
	request: {
		headers: SupplyChainHeaders,
		params: ShipSetIdParams,
		body: { content: { 'application/json': { schema: PostShipSetCommentBody } }, required: true },
	},
	responses: {
		201: jsonContent(CommentCreated, 'The comment'),
		...errorResponses,
		...notFoundResponse,
	},
})

const commentPostRoute = createRoute({
	...common,
	tags: ['Comments'],
	method: 'post',
	path: '/api/comments/comment/post',
	summary: 'Add a comment with mentions (commentBody, hasMention, mentionedIds, shipSetId, nodeId)',
	description: `${createDescription} mentionedIds, when sent, must be the ids in the body's markup; hasMention is derived from them.`,
	request: {
		headers: SupplyChainHeaders,
		body: { content: { 'application/json': { schema: PostCommentBody } }, required: true },
	},
	responses: {
		201: jsonContent(CommentCreated, 'The comment'),
		...errorResponses,
		...notFoundResponse,
	},
})

const commentGetRoute = createRoute({
	...common,
	tags: ['Comments'],
	method: 'get',
	path: '/api/comments/comment/get',
	summary: 'One page of an order’s comments, newest first (the same records as the web API’s list)',
	request: { headers: SupplyChainHeaders, query: CommentGetQuery },
	responses: { 200: jsonContent(CommentsPage, 'Comments'), ...errorResponses, ...notFoundResponse },
})

const taggedRoute = createRoute({
	...common,
	tags: ['Comments'],
	method: 'get',
	path: '/api/comments/comment/get-tagged',
	summary: 'Comments that mention the caller, newest first (limit 3, offset)',
	request: { headers: SupplyChainHeaders, query: TaggedQuery },
	responses: { 200: jsonContent(TaggedCommentsResponse, 'Tagged comments'), ...errorResponses },
})

const usersRoute = createRoute({
	...common,
	tags: ['Comments'],
	method: 'get',
	path: '/api/comments/users/list',
	summary: 'Members of the supply chain who may be mentioned, sorted by name',
	request: { headers: SupplyChainHeaders, query: MentionUsersQuery },
	responses: { 200: jsonContent(MentionUsersResponse, 'Users'), ...errorResponses },
})

export const CommentsApi = {
	list: listRoute,
	post: postRoute,
	postWithMentions: commentPostRoute,
	get: commentGetRoute,
	tagged: taggedRoute,
	mentionUsers: usersRoute,
}
