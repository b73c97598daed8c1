import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	AddRelatedBody,
	AddRelatedResponse,
	PageQuery,
	RelatedParams,
	RelatedShipSetsResponse,
	RemovedRelatedResponse,
} from './shipments.contract'
import { TimelineParams } from '../timeline/timeline.contract'

/** Related orders of an order (002 §7 "…/related_ship_sets"). */

const common = { tags: ['Related orders'], security: [{ bearer: [] }] }
const orderMissing = {
	404: jsonContent(ErrorBody, 'No such order (or relation) in this supply chain'),
}

const list = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/related_ship_sets',
	summary:
		'One page of related orders (offset default 0, limit default 5), by name, and their count',
	request: { headers: SupplyChainHeaders, params: TimelineParams, query: PageQuery },
	responses: {
		200: jsonContent(RelatedShipSetsResponse, 'Related orders'),
		...errorResponses,
		...orderMissing,
	},
})

const add = createRoute({
	...common,
	method: 'post',
	path: '/api/web/ship_sets/{id}/related_ship_sets',
	summary: 'Relate another order of the supply chain, by order number',
	description:
		"'Order number is required' (400). An unknown order number and another supply chain’s answer the same 422 'Order {name} was not found.'; " +
		'relating an order to itself or twice is refused (422).',
	request: {
		headers: SupplyChainHeaders,
		params: TimelineParams,
		body: { content: { 'application/json': { schema: AddRelatedBody } }, required: true },
	},
	responses: {
		201: jsonContent(AddRelatedResponse, 'The new relation'),
		...errorResponses,
		...orderMissing,
		422: jsonContent(ErrorBody, 'Refused, with the message to show'),
	},
})

const remove = createRoute({
	...common,
	method: 'delete',
	path: '/api/web/ship_sets/{id}/related_ship_sets/{relatedShipSetId}',
	summary: 'Remove a relation (by the `id` of a related ship set)',
	request: { headers: SupplyChainHeaders, params: RelatedParams },
	responses: {
		200: jsonContent(RemovedRelatedResponse, 'Removed'),
		...errorResponses,
		...orderMissing,
	},
})

export const RelatedApi = { list, add, remove }
