import { OpenAPIHono } from '@hono/zod-openapi'
import { OrderDetailsApi } from './details.api'
import { guarded } from '../api/route'
import { MAX_NODE_IDS } from './details.contract'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { invalid, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { requireOrder } from '../orders/scope'
import { orderCustomAttributes, orderNodes, orderTags } from './details.queries'
import { UUID } from '../shared/ids'

/** The handlers of OrderDetailsApi (routes described in server/timeline/details.api.ts): guard, query, answer. */
const {
	node: oneNode,
	nodes: someNodes,
	customAttributes: attributes,
	tags: tagList,
} = OrderDetailsApi

export const orderDetailRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(oneNode, requireUser), async (c) => {
		const { id, node } = c.req.valid('param')
		const [found] = await orderNodes(c.var.deps.db, c.var.caller.organizationId, id, [node])
		if (!found) throw notFound('Node')
		return c.json({ node: found }, 200)
	})
	.openapi(guarded(someNodes, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const raw = c.req.valid('query').node_ids
		const ids =
			raw === undefined
				? undefined
				: [
						...new Set(
							raw
								.split(',')
								.map((s) => s.trim())
								.filter(Boolean),
						),
					]
		if (ids && (ids.length > MAX_NODE_IDS || ids.some((s) => !UUID.test(s)))) {
			throw invalid('node_ids', `at most ${MAX_NODE_IDS} node ids, comma-joined`)
		}
		await requireOrder(db, organizationId, id)
		return c.json(
			{ nodes: ids?.length === 0 ? [] : await orderNodes(db, organizationId, id, ids) },
			200,
		)
	})
	.openapi(guarded(attributes, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		return c.json({ custom_attributes: await orderCustomAttributes(db, organizationId, id) }, 200)
	})
	.openapi(guarded(tagList, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		return c.json({ tags: await orderTags(db, organizationId, id) }, 200)
	})
