import { OpenAPIHono } from '@hono/zod-openapi'
import { FollowsApi } from './follows.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { validationHook } from '../api/errors'
import { follow, followState, unfollow } from './follows'

/** The handlers of FollowsApi (routes described in server/orders/follows.api.ts): guard, query, answer. */
const { get: getRoute, follow: postRoute, unfollow: deleteRoute } = FollowsApi

export const followsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(getRoute, requireUser), async (c) =>
		c.json(
			{ follow: await followState(c.var.deps.db, c.var.caller, c.req.valid('param').id) },
			200,
		),
	)
	.openapi(guarded(postRoute, requireUser), async (c) =>
		c.json({ follow: await follow(c.var.deps.db, c.var.caller, c.req.valid('param').id) }, 200),
	)
	.openapi(guarded(deleteRoute, requireUser), async (c) => {
		await unfollow(c.var.deps.db, c.var.caller, c.req.valid('param').id)
		return c.json({ success: true }, 200)
	})
