import { createRoute, type z } from '@hono/zod-openapi'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	CarrierNamesResponse,
	ConveyanceTypesResponse,
	LocationsQuery,
	LocationsResponse,
	OrderTypesResponse,
	TagsResponse,
} from './reference.contract'

/** The supply chain's reference lists, each sorted by name (000 §7), and the location trees. */

const common = {
	tags: ['Reference lists'],
	security: [{ bearer: [] }],
}

function listRoute<T extends z.ZodType>(path: string, summary: string, schema: T) {
	return createRoute({
		...common,
		method: 'get',
		path,
		summary,
		request: { headers: SupplyChainHeaders },
		responses: { 200: jsonContent(schema, summary), ...errorResponses },
	})
}

const carrierNames = listRoute(
	'/api/web/carriers/names',
	'Carrier names, sorted by name',
	CarrierNamesResponse,
)
const conveyance = listRoute(
	'/api/web/carriers/conveyance_types',
	'Conveyance types, sorted by name',
	ConveyanceTypesResponse,
)
const tagList = listRoute('/api/web/tags', 'Tags of the supply chain, sorted by name', TagsResponse)
const orderTypeList = listRoute(
	'/api/web/order_types',
	'Order types of the supply chain',
	OrderTypesResponse,
)
const locations = createRoute({
	...common,
	method: 'get',
	path: '/api/web/locations',
	summary: 'Country → state → city tree of order destinations or shipment origins',
	request: { headers: SupplyChainHeaders, query: LocationsQuery },
	responses: { 200: jsonContent(LocationsResponse, 'The location tree'), ...errorResponses },
})

export const ReferenceApi = {
	carrierNames,
	conveyanceTypes: conveyance,
	tags: tagList,
	orderTypes: orderTypeList,
	locations,
}
