import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	AddShipmentBody,
	AddShipmentResponse,
	CarriersQuery,
	CarriersResponse,
	PageQuery,
	RemovedShipmentResponse,
	ShipmentActionParams,
	ShipmentActionRefused,
	ShipmentActionResponse,
	ShipmentOnlyParams,
	ShipmentsResponse,
} from './shipments.contract'
import { TimelineParams } from '../timeline/timeline.contract'

/** Shipments of an order and the carriers to pick from (002 §7; rules of 002 §4 "Shipment statuses and actions"). */

const common = { tags: ['Shipments'], security: [{ bearer: [] }] }
const orderMissing = {
	404: jsonContent(ErrorBody, 'No such order (or shipment) in this supply chain'),
}

const list = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/shipments',
	summary: 'One page of the order’s shipments (offset, limit 5) and their count',
	request: { headers: SupplyChainHeaders, params: TimelineParams, query: PageQuery },
	responses: {
		200: jsonContent(ShipmentsResponse, 'Shipments'),
		...errorResponses,
		...orderMissing,
	},
})

const carrierList = createRoute({
	...common,
	method: 'get',
	path: '/api/web/carriers',
	summary: 'The supply chain’s carriers grouped into air, ground and ocean, each sorted by name',
	request: { headers: SupplyChainHeaders, query: CarriersQuery },
	responses: { 200: jsonContent(CarriersResponse, 'Carriers'), ...errorResponses },
})

const add = createRoute({
	...common,
	method: 'post',
	path: '/api/web/ship_sets/{id}/shipments',
	summary: 'Add a manually created Pending shipment',
	description:
		"Tracking number and carrier are required ('Tracking number is required', 'Carrier is required'); references with an empty value are dropped.",
	request: {
		headers: SupplyChainHeaders,
		params: TimelineParams,
		body: { content: { 'application/json': { schema: AddShipmentBody } }, required: true },
	},
	responses: {
		201: jsonContent(AddShipmentResponse, 'The new shipment'),
		...errorResponses,
		...orderMissing,
	},
})

const act = createRoute({
	...common,
	method: 'put',
	path: '/api/web/ship_sets/{id}/shipments/{shipmentId}/{action}',
	summary: 'Close or cancel a shipment',
	description:
		'Refused (409, `success: false` and `error_message`) when the shipment is Cancelled, Closed or Delivered.',
	request: { headers: SupplyChainHeaders, params: ShipmentActionParams },
	responses: {
		200: jsonContent(ShipmentActionResponse, '`success: true` and the shipment'),
		...errorResponses,
		...orderMissing,
		409: jsonContent(ShipmentActionRefused, 'The shipment’s status forbids it'),
	},
})

const remove = createRoute({
	...common,
	method: 'delete',
	path: '/api/web/ship_sets/{id}/shipments/{shipmentId}',
	summary: 'Remove a manually created Pending shipment',
	description:
		'Refused (409) for a shipment that was not manually created, is no longer Pending, or already has tracking events.',
	request: { headers: SupplyChainHeaders, params: ShipmentOnlyParams },
	responses: {
		200: jsonContent(RemovedShipmentResponse, 'Removed'),
		...errorResponses,
		...orderMissing,
		409: jsonContent(ErrorBody, 'The shipment cannot be removed'),
	},
})

export const ShipmentsApi = { list, carriers: carrierList, add, act, remove }
