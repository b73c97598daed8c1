import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import { ShipSetIdParams, SuccessResponse } from '../dashboard/dashboard.contract'
import { FollowResponse } from './follows.contract'

/**
 * Follow and unfollow an order (002 §4 "Follow", §7): GET answers `follow: null` when not
 * followed. A change writes its historical log line in the same transaction. Signed in
 * only; another tenant's order answers 404 like an unknown one.
 */
const common = {
	tags: ['Follows'],
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
	responses: {
		200: jsonContent(FollowResponse, 'Follow state'),
		...errorResponses,
		...notFoundResponse,
	},
})
const postRoute = createRoute({
	...common,
	method: 'post',
	path,
	summary: 'Follow the order (also when already followed)',
	responses: {
		200: jsonContent(FollowResponse, 'Followed'),
		...errorResponses,
		...notFoundResponse,
	},
})
const deleteRoute = createRoute({
	...common,
	method: 'delete',
	path,
	summary: 'Stop following the order',
	responses: {
		200: jsonContent(SuccessResponse, 'Unfollowed (also when it was not followed)'),
		...errorResponses,
		...notFoundResponse,
	},
})

export const FollowsApi = { get: getRoute, follow: postRoute, unfollow: deleteRoute }
