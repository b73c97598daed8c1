import { OpenAPIHono } from '@hono/zod-openapi'
import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import { AnalyticsEventsApi } from './events.api'
import {
	ANONYMOUS_EVENTS_PER_MINUTE,
	SURFACE_TOGGLES,
	type AnalyticsEventName,
	type AnalyticsSurface,
} from './events.contract'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '../shared/permissions'
import { analyticsEvents, organizations } from '../db/schema'
import type { Database } from '../db/client'
import type { ApiDeps, ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { publicCaller, TOO_MANY_REQUESTS } from '../api/public-client'
import { FixedWindowLimiter } from '../rate-limit'
import { isToggleOn } from '../toggles/store'

/** The handlers of AnalyticsEventsApi (server/analytics/events.api.ts). */
const { record, recordAnonymous, report } = AnalyticsEventsApi

/** One limiter per API instance (tests get fresh ones), per client address, per minute. */
const limiters = new WeakMap<ApiDeps, FixedWindowLimiter>()
function limiterFor(deps: ApiDeps): FixedWindowLimiter {
	let limiter = limiters.get(deps)
	if (!limiter)
		limiters.set(deps, (limiter = new FixedWindowLimiter(ANONYMOUS_EVENTS_PER_MINUTE, 60_000)))
	return limiter
}

async function insertEvent(
	db: Database,
	organizationId: string,
	userId: string | null,
	surface: AnalyticsSurface,
	name: string,
) {
	if (!(await isToggleOn(db, SURFACE_TOGGLES[surface], organizationId))) {
		throw new ApiError(403, `Analytics events of the ${surface.replace('_', ' ')} are switched off`)
	}
	await db.insert(analyticsEvents).values({ organizationId, userId, surface, name })
}

export const analyticsEventsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(record, requireUser), async (c) => {
		const { organizationId, userId } = c.var.caller
		const { name, surface } = c.req.valid('json')
		await insertEvent(c.var.deps.db, organizationId, userId, surface, name)
		return c.json({ recorded: true as const }, 201)
	})
	.openapi(recordAnonymous, async (c) => {
		const { address } = publicCaller(c)
		const limit = limiterFor(c.var.deps).hit(address)
		if (!limit.allowed)
			return c.json({ error: TOO_MANY_REQUESTS }, 429, { 'Retry-After': String(limit.retryAfter) })
		const slug = c.req.valid('header')['x-supply-chain'].trim().toLowerCase()
		const { db } = c.var.deps
		const [org] = await db
			.select({ id: organizations.id })
			.from(organizations)
			.where(eq(organizations.slug, slug))
			.limit(1)
		if (!org) return c.json({ error: `organization: no supply chain '${slug}'` }, 404)
		const { name, surface } = c.req.valid('json')
		await insertEvent(db, org.id, null, surface, name)
		return c.json({ recorded: true as const }, 201)
	})
	.openapi(guarded(report, requireUser), async (c) => {
		const { organizationId, permissions } = c.var.caller
		if (!permissions.includes(SUPPLY_CHAIN_ADMIN_PERMISSION))
			throw new ApiError(403, `Forbidden: ${SUPPLY_CHAIN_ADMIN_PERMISSION} is required`)
		const { days } = c.req.valid('query')
		const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`
		const since = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${days - 1})`
		const rows = await c.var.deps.db
			.select({ day, surface: analyticsEvents.surface, name: analyticsEvents.name, count: count() })
			.from(analyticsEvents)
			.where(
				and(
					eq(analyticsEvents.organizationId, organizationId),
					gte(analyticsEvents.occurredAt, since),
				),
			)
			.groupBy(day, analyticsEvents.surface, analyticsEvents.name)
			.orderBy(desc(day), analyticsEvents.surface, analyticsEvents.name)
		return c.json(
			{
				days,
				rows: rows.map((r) => ({
					...r,
					surface: r.surface as AnalyticsSurface,
					name: r.name as AnalyticsEventName,
					count: Number(r.count),
				})),
			},
			200,
		)
	})
