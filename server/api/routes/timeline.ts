import { OpenAPIHono } from '@hono/zod-openapi'
import { TimelineApi } from '#contracts/api/timeline'
import { guarded } from '../route'
import type { ApiDeps, ApiEnv } from '../context'
import { requireUser } from '../auth'
import { notFound, validationHook } from '../errors'
import { recordView, timeline } from '../queries/timeline'
import { shipmentDetails } from '../queries/timeline-shipment'

/**
 * The order each user's last recorded view named, per API instance: a reload of the order just
 * recorded (within VIEW_REPEAT_MS) writes nothing again (issue 20: a page view cost a write, and on
 * PGlite each write holds the database; ADR 0029). A view of any other order is written, so the
 * order of Recently Viewed stays true; its time may lag a reload by at most VIEW_REPEAT_MS.
 */
export const VIEW_REPEAT_MS = 10_000
const lastViews = new WeakMap<ApiDeps, Map<string, { shipSetId: string; at: number }>>()

/** The handlers of TimelineApi (routes described in server/contracts/api/timeline.ts): guard, query, answer. */
const { timeline: getTimeline, shipment: getShipment, recordView: postView } = TimelineApi

export const timelineRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(guarded(getTimeline, requireUser), async (c) => {
	const { db } = c.var.deps
	const { organizationId, userId } = c.var.caller
	const { id } = c.req.valid('param')
	const answer = await timeline(db, organizationId, userId, id, c.req.valid('query').comments)
	if (!answer) throw notFound('Order')
	return c.json(answer, 200)
}).openapi(guarded(postView, requireUser), async (c) => {
	const { organizationId, userId } = c.var.caller
	const { id } = c.req.valid('param')
	let last = lastViews.get(c.var.deps)
	if (!last) lastViews.set(c.var.deps, (last = new Map()))
	const key = `${organizationId}:${userId}`
	const seen = last.get(key)
	if (seen && seen.shipSetId === id.toLowerCase() && Date.now() - seen.at < VIEW_REPEAT_MS) return c.json({ success: true }, 200)
	if (!(await recordView(c.var.deps.db, organizationId, userId, id))) throw notFound('Order')
	if (last.size >= 10_000) last.clear()
	last.set(key, { shipSetId: id.toLowerCase(), at: Date.now() })
	return c.json({ success: true }, 200)
}).openapi(guarded(getShipment, requireUser), async (c) => {
	const { id, shipmentId } = c.req.valid('param')
	const shipment = await shipmentDetails(c.var.deps.db, c.var.caller.organizationId, id, shipmentId)
	if (!shipment) throw notFound('Shipment')
	return c.json({ shipment }, 200)
})
