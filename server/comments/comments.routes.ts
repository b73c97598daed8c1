import { OpenAPIHono } from '@hono/zod-openapi'
import { CommentsApi } from './comments.api'
import { guarded } from '../api/route'
import { ToggleName } from '../toggles/toggles.contract'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { forbidden } from '../errors'
import { validationHook } from '../api/errors'
import {
	createComment,
	listComments,
	mentionableUsers,
	taggedComments,
	toWireUser,
} from './comments.queries'
import { isToggleOn } from '../toggles/store'

const autoFollow = (c: { var: ApiEnv['Variables'] }) =>
	isToggleOn(c.var.deps.db, ToggleName.autoFollowOnComment, c.var.caller.organizationId)

/** The handlers of CommentsApi (routes described in server/comments/comments.api.ts): guard, query, answer. */
const {
	list: listRoute,
	post: postRoute,
	postWithMentions: commentPostRoute,
	get: commentGetRoute,
	tagged: taggedRoute,
	mentionUsers: usersRoute,
} = CommentsApi

export const commentsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(listRoute, requireUser), async (c) => {
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		return c.json(
			await listComments(c.var.deps.db, c.var.caller.organizationId, id, offset, limit),
			200,
		)
	})
	.openapi(guarded(postRoute, requireUser), async (c) => {
		const { id } = c.req.valid('param')
		const { body, node_id } = c.req.valid('json')
		const created = await createComment(
			c.var.deps.db,
			c.var.caller,
			{
				shipSetId: id,
				nodeId: node_id,
				body,
				fields: { body: 'body', mentionedIds: 'mentioned_ids', nodeId: 'node_id' },
			},
			await autoFollow(c),
		)
		return c.json(created, 201)
	})
	.openapi(guarded(commentPostRoute, requireUser), async (c) => {
		const { commentBody, mentionedIds, shipSetId, nodeId } = c.req.valid('json')
		const created = await createComment(
			c.var.deps.db,
			c.var.caller,
			{
				shipSetId,
				nodeId,
				body: commentBody,
				mentionedIds,
				fields: { body: 'commentBody', mentionedIds: 'mentionedIds', nodeId: 'nodeId' },
			},
			await autoFollow(c),
		)
		return c.json(created, 201)
	})
	.openapi(guarded(commentGetRoute, requireUser), async (c) => {
		const { ship_set_id, supply_chain, offset, limit } = c.req.valid('query')
		if (supply_chain && supply_chain !== c.var.caller.organizationSlug) throw forbidden()
		return c.json(
			await listComments(c.var.deps.db, c.var.caller.organizationId, ship_set_id, offset, limit),
			200,
		)
	})
	.openapi(guarded(taggedRoute, requireUser), async (c) => {
		const { offset, limit } = c.req.valid('query')
		return c.json(await taggedComments(c.var.deps.db, c.var.caller, offset, limit), 200)
	})
	.openapi(guarded(usersRoute, requireUser), async (c) => {
		const { organization } = c.req.valid('query')
		if (organization !== c.var.caller.organizationSlug) throw forbidden()
		const people = await mentionableUsers(c.var.deps.db, c.var.caller.organizationId)
		return c.json({ users: people.map(toWireUser) }, 200)
	})
