import { OpenAPIHono } from '@hono/zod-openapi'
import { TimelineApi } from './timeline.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { notFound } from '../errors'
import { validationHook } from '../api/errors'
import { recordView, timeline } from './timeline.queries'
import { shipmentDetails } from './shipment.queries'

/** The handlers of TimelineApi (routes described in server/timeline/timeline.api.ts): guard, query, answer. */
const { timeline: getTimeline, shipment: getShipment, recordView: postView } = TimelineApi

export const timelineRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(getTimeline, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		const answer = await timeline(db, organizationId, userId, id, c.req.valid('query').comments)
		if (!answer) throw notFound('Order')
		return c.json(answer, 200)
	})
	.openapi(guarded(postView, requireUser), async (c) => {
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		// Every view it is sent; which visits to send (not a reload of the order just written) is the
		// web app's (app/services/recent-views.server.ts).
		if (!(await recordView(c.var.deps.db, organizationId, userId, id))) throw notFound('Order')
		return c.json({ success: true }, 200)
	})
	.openapi(guarded(getShipment, requireUser), async (c) => {
		const { id, shipmentId } = c.req.valid('param')
		const shipment = await shipmentDetails(
			c.var.deps.db,
			c.var.caller.organizationId,
			id,
			shipmentId,
		)
		if (!shipment) throw notFound('Shipment')
		return c.json({ shipment }, 200)
	})
