import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import {
	CustomAttributesResponse,
	MAX_NODE_IDS,
	NodeParams,
	NodeResponse,
	NodesQuery,
	NodesResponse,
	ShipSetTagsResponse,
} from '../../contracts/order-details'
import { TimelineParams } from '../../contracts/timeline'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { ApiError, notFound, validationHook } from '../errors'
import { requireOrder } from '../queries/order-scope'
import { orderCustomAttributes, orderNodes, orderTags } from '../queries/order-details'

/** Nodes, custom attributes and tags of an order (002 §7), tenant-scoped like the timeline. */

const common = { tags: ['Timeline'], middleware: [requireUser], security: [{ bearer: [] }] }
const missing = { 404: jsonContent(ErrorBody, 'No such order (or node) in this supply chain') }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

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
	responses: { 200: jsonContent(CustomAttributesResponse, 'Custom attributes'), ...errorResponses, ...missing },
})

const tagList = createRoute({
	...common,
	method: 'get',
	path: '/api/web/ship_sets/{id}/tags',
	summary: 'Tags of the order, by name',
	request: { headers: SupplyChainHeaders, params: TimelineParams },
	responses: { 200: jsonContent(ShipSetTagsResponse, 'Tags'), ...errorResponses, ...missing },
})

export const orderDetailRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(oneNode, async (c) => {
		const { id, node } = c.req.valid('param')
		const [found] = await orderNodes(c.var.deps.db, c.var.caller.organizationId, id, [node])
		if (!found) throw notFound('Node')
		return c.json({ node: found }, 200)
	})
	.openapi(someNodes, async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const raw = c.req.valid('query').node_ids
		const ids = raw === undefined ? undefined : [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))]
		if (ids && (ids.length > MAX_NODE_IDS || ids.some((s) => !UUID.test(s)))) {
			throw new ApiError(400, `node_ids: at most ${MAX_NODE_IDS} node ids, comma-joined`)
		}
		await requireOrder(db, organizationId, id)
		return c.json({ nodes: ids?.length === 0 ? [] : await orderNodes(db, organizationId, id, ids) }, 200)
	})
	.openapi(attributes, async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		return c.json({ custom_attributes: await orderCustomAttributes(db, organizationId, id) }, 200)
	})
	.openapi(tagList, async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		return c.json({ tags: await orderTags(db, organizationId, id) }, 200)
	})
