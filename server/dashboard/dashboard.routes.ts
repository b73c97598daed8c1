import { OpenAPIHono } from '@hono/zod-openapi'
import { DashboardApi } from './dashboard.api'
import { guarded } from '../api/route'
import { and, count, desc, eq, isNotNull } from 'drizzle-orm'
import { dashboardFeedCounts, follows, recentlyViewed, shipSets } from '../db/schema'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { validationHook } from '../api/errors'
import { shipSetSummaries } from './ship-set-summaries.queries'

/** The handlers of DashboardApi (routes described in server/dashboard/dashboard.api.ts): guard, query, answer. */
const { following, liveFeed, viewed } = DashboardApi

export const dashboardRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(following, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const mine = and(eq(follows.userId, userId), eq(follows.organizationId, organizationId))
		const [rows, [total]] = await Promise.all([
			db
				.select({ id: follows.shipSetId })
				.from(follows)
				.where(mine)
				.orderBy(desc(follows.createdAt), desc(follows.id))
				.limit(limit)
				.offset(offset),
			db.select({ n: count() }).from(follows).where(mine),
		])
		const summaries = await shipSetSummaries(
			db,
			organizationId,
			rows.map((r) => r.id),
		)
		return c.json(
			{ following: summaries.map((ship_set) => ({ ship_set })), total_count: total?.n ?? 0 },
			200,
		)
	})
	.openapi(guarded(liveFeed, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const scope = and(eq(shipSets.organizationId, organizationId), isNotNull(shipSets.lastEventAt))
		const [rows, total] = await Promise.all([
			db
				.select({ id: shipSets.id })
				.from(shipSets)
				.where(scope)
				.orderBy(desc(shipSets.lastEventAt), desc(shipSets.id))
				.limit(limit)
				.offset(offset),
			// Kept by the rollups' trigger (server/dashboard/dashboard.sql): counting every order would not fit a page.
			db
				.select({ n: dashboardFeedCounts.orders })
				.from(dashboardFeedCounts)
				.where(eq(dashboardFeedCounts.organizationId, organizationId)),
		])
		const summaries = await shipSetSummaries(
			db,
			organizationId,
			rows.map((r) => r.id),
		)
		return c.json(
			{
				live_feed: summaries.map((ship_set) => ({
					ship_set,
					last_event: ship_set.last_status?.title ?? null,
					last_event_at: ship_set.last_status?.event_at ?? null,
				})),
				total_count: total[0]?.n ?? 0,
			},
			200,
		)
	})
	.openapi(guarded(viewed, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const mine = and(
			eq(recentlyViewed.userId, userId),
			eq(recentlyViewed.organizationId, organizationId),
		)
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
		const summaries = await shipSetSummaries(
			db,
			organizationId,
			rows.map((r) => r.id),
		)
		return c.json(
			{
				viewed: summaries.map((ship_set) => ({ ship_set, updated_at: at.get(ship_set.id)! })),
				total_count: total?.n ?? 0,
			},
			200,
		)
	})
