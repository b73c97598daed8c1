import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { and, count, desc, eq, isNotNull } from 'drizzle-orm'
import { follows, recentlyViewed, shipSets } from '../../db/schema'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import {
	DashboardListQuery,
	FollowingResponse,
	LiveFeedResponse,
	RecentlyViewedResponse,
} from '../../contracts/dashboard'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { shipSetSummaries } from '../queries/ship-set-summaries'

const common = { tags: ['Dashboard'], middleware: [requireUser], security: [{ bearer: [] }] }
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
	responses: { 200: jsonContent(RecentlyViewedResponse, 'Recently viewed orders'), ...errorResponses },
})
export const dashboardRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(following, async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const mine = and(eq(follows.userId, userId), eq(follows.organizationId, organizationId))
		const [rows, [total]] = await Promise.all([
			db.select({ id: follows.shipSetId }).from(follows).where(mine).orderBy(desc(follows.createdAt), desc(follows.id)).limit(limit).offset(offset),
			db.select({ n: count() }).from(follows).where(mine),
		])
		const summaries = await shipSetSummaries(db, organizationId, rows.map((r) => r.id))
		return c.json({ following: summaries.map((ship_set) => ({ ship_set })), total_count: total?.n ?? 0 }, 200)
	})
	.openapi(liveFeed, async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const scope = and(eq(shipSets.organizationId, organizationId), isNotNull(shipSets.lastEventAt))
		const [rows, [total]] = await Promise.all([
			db.select({ id: shipSets.id }).from(shipSets).where(scope).orderBy(desc(shipSets.lastEventAt), desc(shipSets.id)).limit(limit).offset(offset),
			db.select({ n: count() }).from(shipSets).where(scope),
		])
		const summaries = await shipSetSummaries(db, organizationId, rows.map((r) => r.id))
		return c.json(
			{
				live_feed: summaries.map((ship_set) => ({
					ship_set,
					last_event: ship_set.last_status?.title ?? null,
					last_event_at: ship_set.last_status?.event_at ?? null,
				})),
				total_count: total?.n ?? 0,
			},
			200,
		)
	})
	.openapi(viewed, async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const mine = and(eq(recentlyViewed.userId, userId), eq(recentlyViewed.organizationId, organizationId))
		const [rows, [total]] = await Promise.all([
			db
				.select({ id: recentlyViewed.shipSetId, at: recentlyViewed.viewedAt })
				.from(recentlyViewed)
				.where(mine)
				.orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.id))
				.limit(limit)
				.offset(offset),
			db.select({ n: count() }).from(recentlyViewed).where(mine),
		])
		const at = new Map(rows.map((r) => [r.id, r.at.toISOString()]))
		const summaries = await shipSetSummaries(db, organizationId, rows.map((r) => r.id))
		return c.json(
			{ viewed: summaries.map((ship_set) => ({ ship_set, updated_at: at.get(ship_set.id)! })), total_count: total?.n ?? 0 },
			200,
		)
	})
