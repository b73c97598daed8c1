import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import { ShipSetIdParams, SuccessResponse } from '../../contracts/dashboard'
import { FollowResponse } from '../../contracts/follows'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { follow, followState, unfollow } from '../queries/follows'

/**
 * Follow and unfollow an order (002 §4 "Follow", §7): GET answers `follow: null` when not
 * followed. A change writes its historical log line in the same transaction. Signed in
 * only; another tenant's order answers 404 like an unknown one.
 */
const common = {
	tags: ['Follows'],
	middleware: [requireUser],
	security: [{ bearer: [] }],
	request: { headers: SupplyChainHeaders, params: ShipSetIdParams },
}
const notFoundResponse = { 404: jsonContent(ErrorBody, 'No such order in this supply chain') }
const path = '/api/web/ship_sets/{id}/follows'

const getRoute = createRoute({
	...common,
	method: 'get',
	path,
	summary: 'Whether the caller follows the order (follow, null when not followed)',
	responses: { 200: jsonContent(FollowResponse, 'Follow state'), ...errorResponses, ...notFoundResponse },
})
const postRoute = createRoute({
	...common,
	method: 'post',
	path,
	summary: 'Follow the order (also when already followed)',
	responses: { 200: jsonContent(FollowResponse, 'Followed'), ...errorResponses, ...notFoundResponse },
})
const deleteRoute = createRoute({
	...common,
	method: 'delete',
	path,
	summary: 'Stop following the order',
	responses: { 200: jsonContent(SuccessResponse, 'Unfollowed (also when it was not followed)'), ...errorResponses, ...notFoundResponse },
})

export const followsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(getRoute, async (c) => c.json({ follow: await followState(c.var.deps.db, c.var.caller, c.req.valid('param').id) }, 200))
	.openapi(postRoute, async (c) => c.json({ follow: await follow(c.var.deps.db, c.var.caller, c.req.valid('param').id) }, 200))
	.openapi(deleteRoute, async (c) => {
		await unfollow(c.var.deps.db, c.var.caller, c.req.valid('param').id)
		return c.json({ success: true }, 200)
	})
