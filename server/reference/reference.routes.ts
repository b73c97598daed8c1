import { OpenAPIHono } from '@hono/zod-openapi'
import { ReferenceApi } from './reference.api'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { locationTree } from './locations.queries'
import { carrierNameList, conveyanceTypeList, orderTypeList, tagList } from './reference.queries'

const { carrierNames, conveyanceTypes: conveyance, tags, orderTypes, locations } = ReferenceApi

export const referenceRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(carrierNames, requireUser), async (c) =>
		c.json(
			{ carrier_names: await carrierNameList(c.var.deps.db, c.var.caller.organizationId) },
			200,
		),
	)
	.openapi(guarded(conveyance, requireUser), async (c) =>
		c.json({ conveyance_types: await conveyanceTypeList(c.var.deps.db) }, 200),
	)
	.openapi(guarded(tags, requireUser), async (c) =>
		c.json({ tags: await tagList(c.var.deps.db, c.var.caller.organizationId) }, 200),
	)
	.openapi(guarded(orderTypes, requireUser), async (c) =>
		c.json({ order_types: await orderTypeList(c.var.deps.db, c.var.caller.organizationId) }, 200),
	)
	.openapi(guarded(locations, requireUser), async (c) => {
		const { level } = c.req.valid('query')
		const tree = await locationTree(c.var.deps.db, c.var.caller.organizationId, level)
		return c.json({ locations: tree }, 200)
	})
