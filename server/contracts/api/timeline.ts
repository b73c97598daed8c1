import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../common'
import { ShipmentDetailsResponse, ShipmentParams, TimelineParams, TimelineResponse } from '../timeline'

const getTimeline = createRoute({
	tags: ['Timeline'],
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

export const TimelineApi = { timeline: getTimeline, shipment: getShipment }
