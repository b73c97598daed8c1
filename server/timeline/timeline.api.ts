import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import { SuccessResponse } from '../dashboard/dashboard.contract'
import {
	ShipmentDetailsResponse,
	ShipmentParams,
	TimelineParams,
	TimelineQuery,
	TimelineResponse,
} from './timeline.contract'

const getTimeline = createRoute({
	tags: ['Timeline'],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/timeline',
	summary: 'One order with its nodes, events, shipments, tags, custom attributes and counts',
	description:
		'Scoped to the caller’s supply chain: another tenant’s order answers 404 exactly like an unknown id. ' +
		'A read only: a visit is recorded by POST /api/web/ship_sets/{id}/views. With `comments`, the newest comments ' +
		'come with it, as the first page of GET /api/web/ship_sets/{id}/comments with that limit.',
	request: { headers: SupplyChainHeaders, params: TimelineParams, query: TimelineQuery },
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
	summary:
		'Shipment details (carrier, dates, weight, service, shipper and consignee, ports, custom attributes)',
	request: { headers: SupplyChainHeaders, params: ShipmentParams },
	responses: {
		200: jsonContent(ShipmentDetailsResponse, 'The shipment'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such shipment of this order in this supply chain'),
	},
})

const recordView = createRoute({
	tags: ['Timeline'],
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/ship_sets/{id}/views',
	summary:
		'Record a visit to the order’s timeline (the dashboard’s Recently Viewed: recently_viewed.viewed_at = now)',
	description:
		'The web app posts this once per visit (opening the page), not on each tab or link within it, which only read, nor on a reload ' +
		'of the order it last posted within 10 s. Each post is written. ' +
		'Another tenant’s order answers 404 exactly like an unknown id, and nothing is written.',
	request: { headers: SupplyChainHeaders, params: TimelineParams },
	responses: {
		200: jsonContent(SuccessResponse, 'Recorded'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such order in this supply chain'),
	},
})

export const TimelineApi = { timeline: getTimeline, shipment: getShipment, recordView }
