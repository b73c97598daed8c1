import { z } from '@hono/zod-openapi'
import { IdName } from '../shared/common'

export const CarrierNamesResponse = z
	.object({ carrier_names: z.array(IdName) })
	.openapi('CarrierNames')

export const ConveyanceType = z.object({ id: z.string(), code: z.number().int(), name: z.string() })
export const ConveyanceTypesResponse = z
	.object({ conveyance_types: z.array(ConveyanceType) })
	.openapi('ConveyanceTypes')

export const TagsResponse = z.object({ tags: z.array(IdName) }).openapi('Tags')
export const OrderTypesResponse = z.object({ order_types: z.array(IdName) }).openapi('OrderTypes')

export const LocationLevel = z.enum(['order', 'shipment'])
export const LocationsQuery = z.object({
	level: LocationLevel.default('order').openapi({
		description: "'order' for order destinations, 'shipment' for shipment origins",
	}),
})

/** Country → state → city: three fixed levels, each entry typed by its level (000 §3). */
const CityNode = z.object({ id: z.string(), name: z.string(), type: z.literal('city') })
const StateNode = z.object({
	id: z.string(),
	name: z.string(),
	type: z.literal('state'),
	children: z.array(CityNode),
})
const CountryNode = z
	.object({
		id: z.string(),
		name: z.string(),
		type: z.literal('country'),
		children: z.array(StateNode),
	})
	.openapi('LocationCountry')
export type LocationCountry = z.infer<typeof CountryNode>

export const LocationsResponse = z.object({ locations: z.array(CountryNode) }).openapi('Locations')
