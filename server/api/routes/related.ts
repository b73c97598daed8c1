import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import { AddRelatedBody, AddRelatedResponse, PageQuery, RelatedParams, RelatedShipSetsResponse, RemovedRelatedResponse } from '../../contracts/shipments'
import { TimelineParams } from '../../contracts/timeline'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { notFound, validationHook } from '../errors'
import { requireOrder } from '../queries/order-scope'
import { addRelated, listRelated, removeRelated } from '../queries/related'

/** Related orders of an order (002 §7 "…/related_ship_sets"). */

const common = { tags: ['Related orders'], middleware: [requireUser], security: [{ bearer: [] }] }
const orderMissing = { 404: jsonContent(ErrorBody, 'No such order (or relation) in this supply chain') }

const list = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/related_ship_sets',
	summary: 'One page of related orders (offset default 0, limit default 5), by name, and their count',
	request: { headers: SupplyChainHeaders, params: TimelineParams, query: PageQuery },
	responses: { 200: jsonContent(RelatedShipSetsResponse, 'Related orders'), ...errorResponses, ...orderMissing },
})

const add = createRoute({
	...common,
	method: 'post',
	path: '/api/web/ship_sets/{id}/related_ship_sets',
	summary: 'Relate another order of the supply chain, by order number',
	description:
		"'Order number is required' (400). An unknown order number and another supply chain’s answer the same 422 'Order {name} was not found.'; " +
		'relating an order to itself or twice is refused (422).',
	request: { headers: SupplyChainHeaders, params: TimelineParams, body: { content: { 'application/json': { schema: AddRelatedBody } }, required: true } },
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
	responses: { 200: jsonContent(RemovedRelatedResponse, 'Removed'), ...errorResponses, ...orderMissing },
})

export const relatedRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(list, async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		await requireOrder(db, organizationId, id)
		return c.json(await listRelated(db, organizationId, id, offset, limit), 200)
	})
	.openapi(add, async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		const order = await requireOrder(db, organizationId, id)
		const name = c.req.valid('json').related_ship_set.ship_set_name
		const related_ship_set = await addRelated(db, { organizationId, userId, shipSetId: id, shipSetName: order.name }, name)
		return c.json({ related_ship_set }, 201)
	})
	.openapi(remove, async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id, relatedShipSetId } = c.req.valid('param')
		const order = await requireOrder(db, organizationId, id)
		const removed = await removeRelated(db, { organizationId, userId, shipSetId: id, shipSetName: order.name }, relatedShipSetId)
		if (!removed) throw notFound('Related order')
		return c.json({ success: true as const, ship_set_name: removed.ship_set_name }, 200)
	})
