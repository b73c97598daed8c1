import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import { ShipmentDetailsResponse, ShipmentParams, TimelineParams, TimelineResponse } from '../../contracts/timeline'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { notFound, validationHook } from '../errors'
import { recordView, timeline } from '../queries/timeline'
import { shipmentDetails } from '../queries/timeline-shipment'

const getTimeline = createRoute({
	tags: ['Timeline'],
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/timeline',
	summary: 'One order with its nodes, events, shipments, tags, custom attributes and counts',
	description:
		'Scoped to the caller’s supply chain: another tenant’s order answers 404 exactly like an unknown id. ' +
		'Side effect: the call records the order as recently viewed by the caller (recently_viewed.viewed_at = now), ' +
		'so opening the timeline page is what fills the dashboard’s Recently Viewed tab.',
	request: { headers: SupplyChainHeaders, params: TimelineParams },
	responses: {
		200: jsonContent(TimelineResponse, 'The order timeline'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such order in this supply chain'),
	},
})

const getShipment = createRoute({
	tags: ['Timeline'],
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/shipments/{shipmentId}',
	summary: 'Shipment details (carrier, dates, weight, service, shipper and consignee, ports, custom attributes)',
	request: { headers: SupplyChainHeaders, params: ShipmentParams },
	responses: {
		200: jsonContent(ShipmentDetailsResponse, 'The shipment'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such shipment of this order in this supply chain'),
	},
})

export const timelineRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(getTimeline, async (c) => {
	const { db } = c.var.deps
	const { organizationId, userId } = c.var.caller
	const { id } = c.req.valid('param')
	const ship_set = await timeline(db, organizationId, userId, id)
	if (!ship_set) throw notFound('Order')
	await recordView(db, organizationId, userId, ship_set.id)
	return c.json({ ship_set }, 200)
}).openapi(getShipment, async (c) => {
	const { id, shipmentId } = c.req.valid('param')
	const shipment = await shipmentDetails(c.var.deps.db, c.var.caller.organizationId, id, shipmentId)
	if (!shipment) throw notFound('Shipment')
	return c.json({ shipment }, 200)
})
