import { OpenAPIHono } from '@hono/zod-openapi'
import { LRUCache } from 'lru-cache'
import { DashboardApi } from '#contracts/api/dashboard'
import { guarded } from '../route'
import { and, count, desc, eq, isNotNull } from 'drizzle-orm'
import { follows, recentlyViewed, shipSets } from '../../db/schema'
import type { ApiDeps, ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { shipSetSummaries } from '../queries/ship-set-summaries'

/**
 * The Live Feed's total (the supply chain's orders with an event) is counted by reading every such
 * order's index entry: at 100,000 orders 20–55 ms of PostgreSQL's time a count, ten times that at a
 * million, on every dashboard. A count of at least LARGE_FEED is kept FEED_COUNT_MS per process
 * (concurrent requests share one count); a smaller one is counted every time, exactly. The one
 * cache of data the API keeps (docs/caching.md, docs/decisions/0033).
 */
export const LARGE_FEED = 10_000
export const FEED_COUNT_MS = 10_000
const feedCounts = new WeakMap<ApiDeps, LRUCache<string, Promise<number>>>()

export function feedCount(deps: ApiDeps, organizationId: string, count: () => Promise<number>): Promise<number> {
	let counts = feedCounts.get(deps)
	if (!counts) feedCounts.set(deps, (counts = new LRUCache({ max: 1_000, ttl: FEED_COUNT_MS })))
	const kept = counts.get(organizationId)
	if (kept) return kept
	const total = count()
	counts.set(organizationId, total)
	const forget = () => {
		if (counts.peek(organizationId) === total) counts.delete(organizationId)
	}
	total.then((n) => n < LARGE_FEED && forget(), forget)
	return total
}

/** The handlers of DashboardApi (routes described in server/contracts/api/dashboard.ts): guard, query, answer. */
const { following, liveFeed, viewed } = DashboardApi

export const dashboardRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(following, requireUser), async (c) => {
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
	.openapi(guarded(liveFeed, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		const scope = and(eq(shipSets.organizationId, organizationId), isNotNull(shipSets.lastEventAt))
		const [rows, total] = await Promise.all([
			db.select({ id: shipSets.id }).from(shipSets).where(scope).orderBy(desc(shipSets.lastEventAt), desc(shipSets.id)).limit(limit).offset(offset),
			feedCount(c.var.deps, organizationId, async () => (await db.select({ n: count() }).from(shipSets).where(scope))[0]?.n ?? 0),
		])
		const summaries = await shipSetSummaries(db, organizationId, rows.map((r) => r.id))
		return c.json(
			{
				live_feed: summaries.map((ship_set) => ({
					ship_set,
					last_event: ship_set.last_status?.title ?? null,
					last_event_at: ship_set.last_status?.event_at ?? null,
				})),
				total_count: total,
			},
			200,
		)
	})
	.openapi(guarded(viewed, requireUser), async (c) => {
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
