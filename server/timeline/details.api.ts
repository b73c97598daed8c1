import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	CustomAttributesResponse,
	NodeParams,
	NodeResponse,
	NodesQuery,
	NodesResponse,
	ShipSetTagsResponse,
} from './details.contract'
import { TimelineParams } from './timeline.contract'

/** Nodes, custom attributes and tags of an order (002 §7), tenant-scoped like the timeline. */

const common = { tags: ['Timeline'], security: [{ bearer: [] }] }
const missing = { 404: jsonContent(ErrorBody, 'No such order (or node) in this supply chain') }
const oneNode = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/nodes/{node}',
	summary: 'One node of the order with its events',
	request: { headers: SupplyChainHeaders, params: NodeParams },
	responses: { 200: jsonContent(NodeResponse, 'The node'), ...errorResponses, ...missing },
})

const someNodes = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/nodes',
	summary: 'Nodes of the order (node_ids, comma-joined) with their events, in journey order',
	request: { headers: SupplyChainHeaders, params: TimelineParams, query: NodesQuery },
	responses: { 200: jsonContent(NodesResponse, 'The nodes'), ...errorResponses, ...missing },
})

const attributes = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/custom_attributes',
	summary: 'Custom attributes of the order, by name',
	request: { headers: SupplyChainHeaders, params: TimelineParams },
	responses: {
		200: jsonContent(CustomAttributesResponse, 'Custom attributes'),
		...errorResponses,
		...missing,
	},
})

const tagList = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/tags',
	summary: 'Tags of the order, by name',
	request: { headers: SupplyChainHeaders, params: TimelineParams },
	responses: { 200: jsonContent(ShipSetTagsResponse, 'Tags'), ...errorResponses, ...missing },
})

export const OrderDetailsApi = {
	node: oneNode,
	nodes: someNodes,
	customAttributes: attributes,
	tags: tagList,
}
