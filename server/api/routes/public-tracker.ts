import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent } from '../../contracts/common'
import {
	PublicSearchQuery,
	PublicSearchResponse,
	PublicTimelineResponse,
	PublicTrackerHeaders,
	TimelineParams,
} from '../../contracts/public-tracker'
import type { ApiEnv } from '../context'
import { ApiError, validationHook } from '../errors'
import { publicRateLimit } from '../public-client'
import { organizationIdBySlug, publicSearch } from '../queries/public-tracker'
import { publicTimeline } from '../queries/public-tracker-timeline'

/**
 * The public order tracker (000 §7): anonymous, the organization named by X-Supply-Chain,
 * an empty Authorization header. An unknown organization, an unknown order and another
 * organization's order all answer the same 404, so that nobody can tell which
 * organizations or orders exist; the search answers an unknown organization with no
 * results, as it answers a number that matches nothing.
 */

const NOT_FOUND = 'Not found'

const anonymous = {
	tags: ['Public order tracker'],
	security: [],
	description:
		'Anonymous. Rate limited per client address (429 with Retry-After). The web tier forwards the browser’s address in X-Client-Address and a passed captcha in X-Captcha-Passed: 1; both are trusted only with its X-Api-Key.',
}

const tooMany = jsonContent(ErrorBody, 'Too many requests from this address; see Retry-After')

const search = createRoute({
	...anonymous,
	method: 'get',
	path: '/api/web/public_order_tracker/search',
	summary: 'Orders whose order, reference or tracking number equals query_string, 10 a page',
	middleware: [publicRateLimit('search')] as const,
	request: { headers: PublicTrackerHeaders, query: PublicSearchQuery },
	responses: {
		200: jsonContent(PublicSearchResponse, 'One page of results and the total'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		429: tooMany,
	},
})

const timeline = createRoute({
	...anonymous,
	method: 'get',
	path: '/api/web/public_order_tracker/{ssid}/timeline',
	summary: 'The public fields of one order: nodes, groups, events and shipments',
	middleware: [publicRateLimit('timeline')] as const,
	request: { headers: PublicTrackerHeaders, params: TimelineParams },
	responses: {
		200: jsonContent(PublicTimelineResponse, 'The order'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		404: jsonContent(ErrorBody, 'No such order in this organization, or no such organization'),
		429: tooMany,
	},
})

export const publicTrackerRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(search, async (c) => {
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
	.openapi(timeline, async (c) => {
		const { db } = c.var.deps
		const organizationId = await organizationIdBySlug(db, c.req.valid('header')['x-supply-chain'])
		const shipSet = organizationId ? await publicTimeline(db, organizationId, c.req.valid('param').ssid) : null
		if (!shipSet) throw new ApiError(404, NOT_FOUND)
		return c.json({ data: { ship_set: shipSet } }, 200)
	})
