import { OpenAPIHono, createRoute, type z } from '@hono/zod-openapi'
import { asc, eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { carriers, conveyanceTypes, orderTypes, tags } from '../../db/schema'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import {
	CarrierNamesResponse,
	ConveyanceTypesResponse,
	LocationsQuery,
	LocationsResponse,
	OrderTypesResponse,
	TagsResponse,
} from '../../contracts/reference'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { locationTree } from '../queries/locations'

/** "sorted by name" as a person reads it: Maersk before MSC, whatever the database's collation. */
const byName = (column: AnyPgColumn) => sql`lower(${column})`

const common = {
	tags: ['Reference lists'],
	middleware: [requireUser],
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

const carrierNames = listRoute('/api/web/carriers/names', 'Carrier names, sorted by name', CarrierNamesResponse)
const conveyance = listRoute(
	'/api/web/carriers/conveyance_types',
	'Conveyance types, sorted by name',
	ConveyanceTypesResponse,
)
const tagList = listRoute('/api/web/tags', 'Tags of the supply chain, sorted by name', TagsResponse)
const orderTypeList = listRoute('/api/web/order_types', 'Order types of the supply chain', OrderTypesResponse)
const locations = createRoute({
	...common,
	method: 'get',
	path: '/api/web/locations',
	summary: 'Country → state → city tree of order destinations or shipment origins',
	request: { headers: SupplyChainHeaders, query: LocationsQuery },
	responses: { 200: jsonContent(LocationsResponse, 'The location tree'), ...errorResponses },
})

export const referenceRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(carrierNames, async (c) => {
		const { db } = c.var.deps
		const rows = await db
			.selectDistinctOn([byName(carriers.name)], { id: carriers.id, name: carriers.name })
			.from(carriers)
			.where(eq(carriers.organizationId, c.var.caller.organizationId))
			.orderBy(byName(carriers.name), asc(carriers.name))
		return c.json({ carrier_names: rows }, 200)
	})
	.openapi(conveyance, async (c) => {
		// A global reference table (Ground, Air, Ocean): no tenant rows in it.
		const rows = await c.var.deps.db
			.select({ id: conveyanceTypes.id, code: conveyanceTypes.code, name: conveyanceTypes.name })
			.from(conveyanceTypes)
			.orderBy(byName(conveyanceTypes.name))
		return c.json({ conveyance_types: rows }, 200)
	})
	.openapi(tagList, async (c) => {
		const rows = await c.var.deps.db
			.select({ id: tags.id, name: tags.name })
			.from(tags)
			.where(eq(tags.organizationId, c.var.caller.organizationId))
			.orderBy(byName(tags.name), asc(tags.name))
		return c.json({ tags: rows }, 200)
	})
	.openapi(orderTypeList, async (c) => {
		const rows = await c.var.deps.db
			.select({ id: orderTypes.id, name: orderTypes.name })
			.from(orderTypes)
			.where(eq(orderTypes.organizationId, c.var.caller.organizationId))
			.orderBy(byName(orderTypes.name), asc(orderTypes.name))
		return c.json({ order_types: rows }, 200)
	})
	.openapi(locations, async (c) => {
		const { level } = c.req.valid('query')
		const tree = await locationTree(c.var.deps.db, c.var.caller.organizationId, level)
		return c.json({ locations: tree }, 200)
	})
