import { OpenAPIHono } from '@hono/zod-openapi'
import { PublicTrackerApi } from './public-tracker.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { publicRateLimit } from '../api/public-client'
import { organizationIdBySlug, publicSearch } from './public-tracker.queries'
import { publicTimeline } from './public-tracker-timeline.queries'

/**
 * The public order tracker (000 §7): anonymous, the organization named by X-Supply-Chain,
 * an empty Authorization header. An unknown organization, an unknown order and another
 * organization's order all answer the same 404, so that nobody can tell which
 * organizations or orders exist; the search answers an unknown organization with no
 * results, as it answers a number that matches nothing.
 */

const NOT_FOUND = 'Not found'

const { search, timeline } = PublicTrackerApi

export const publicTrackerRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(search, publicRateLimit('search')), async (c) => {
		const { query_string, order_by, order, page_no } = c.req.valid('query')
		const { db } = c.var.deps
		const organizationId = await organizationIdBySlug(db, c.req.valid('header')['x-supply-chain'])
		if (!organizationId) return c.json({ total_count: 0, ship_sets: [] }, 200)
		const { total, rows } = await publicSearch(db, organizationId, {
			query: query_string,
			orderBy: order_by,
			order,
			page: page_no,
		})
		return c.json({ total_count: total, ship_sets: rows }, 200)
	})
	.openapi(guarded(timeline, publicRateLimit('timeline')), async (c) => {
		const { db } = c.var.deps
		const organizationId = await organizationIdBySlug(db, c.req.valid('header')['x-supply-chain'])
		const shipSet = organizationId
			? await publicTimeline(db, organizationId, c.req.valid('param').ssid)
			: null
		if (!shipSet) throw new ApiError(404, NOT_FOUND)
		return c.json({ data: { ship_set: shipSet } }, 200)
	})
