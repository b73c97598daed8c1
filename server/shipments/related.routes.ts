import { OpenAPIHono } from '@hono/zod-openapi'
import { RelatedApi } from './related.api'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { notFound } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { requireOrder } from '../orders/scope'
import { addRelated, listRelated, removeRelated } from './related.queries'

/** Related orders of an order (002 §7 "…/related_ship_sets"). */

const { list, add, remove } = RelatedApi

export const relatedRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(list, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		await requireOrder(db, organizationId, id)
		return c.json(await listRelated(db, organizationId, id, offset, limit), 200)
	})
	.openapi(guarded(add, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		const order = await requireOrder(db, organizationId, id)
		const name = c.req.valid('json').related_ship_set.ship_set_name
		const related_ship_set = await addRelated(
			db,
			{ organizationId, userId, shipSetId: id, shipSetName: order.name },
			name,
		)
		return c.json({ related_ship_set }, 201)
	})
	.openapi(guarded(remove, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id, relatedShipSetId } = c.req.valid('param')
		const order = await requireOrder(db, organizationId, id)
		const removed = await removeRelated(
			db,
			{ organizationId, userId, shipSetId: id, shipSetName: order.name },
			relatedShipSetId,
		)
		if (!removed) throw notFound('Related order')
		return c.json({ success: true as const, ship_set_name: removed.ship_set_name }, 200)
	})
