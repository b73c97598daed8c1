import { createRoute } from '@hono/zod-openapi'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	DashboardListQuery,
	FollowingResponse,
	LiveFeedResponse,
	RecentlyViewedResponse,
} from './dashboard.contract'

const common = { tags: ['Dashboard'], security: [{ bearer: [] }] }
const request = { headers: SupplyChainHeaders, query: DashboardListQuery }

const following = createRoute({
	...common,
	method: 'get',
	path: '/api/web/dashboard/following',
	summary: 'Orders the caller follows, newest first (offset paging, 10 a step)',
	request,
	responses: { 200: jsonContent(FollowingResponse, 'Followed orders'), ...errorResponses },
})
const liveFeed = createRoute({
	...common,
	method: 'get',
	path: '/api/web/dashboard/live_feed',
	summary: 'The supply chain’s orders by their latest event, newest first',
	request,
	responses: { 200: jsonContent(LiveFeedResponse, 'Live feed'), ...errorResponses },
})
const viewed = createRoute({
	...common,
	method: 'get',
	path: '/api/web/dashboard/recently_viewed',
	summary: 'Orders the caller opened, most recent first',
	request,
	responses: {
		200: jsonContent(RecentlyViewedResponse, 'Recently viewed orders'),
		...errorResponses,
	},
})

export const DashboardApi = { following, liveFeed, viewed }
