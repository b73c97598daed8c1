import { OpenAPIHono } from '@hono/zod-openapi'
import { ReferenceApi } from './reference.api'
import { asc, eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { carriers, conveyanceTypes, orderTypes, tags } from '../db/schema'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { locationTree } from './locations.queries'

/** "sorted by name" as a person reads it: Maersk before MSC, whatever the database's collation. */
const byName = (column: AnyPgColumn) => sql`lower(${column})`

const {
	carrierNames,
	conveyanceTypes: conveyance,
	tags: tagList,
	orderTypes: orderTypeList,
	locations,
} = ReferenceApi

export const referenceRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(carrierNames, requireUser), async (c) => {
		const { db } = c.var.deps
		const rows = await db
			.selectDistinctOn([byName(carriers.name)], { id: carriers.id, name: carriers.name })
			.from(carriers)
			.where(eq(carriers.organizationId, c.var.caller.organizationId))
			.orderBy(byName(carriers.name), asc(carriers.name))
		return c.json({ carrier_names: rows }, 200)
	})
	.openapi(guarded(conveyance, requireUser), async (c) => {
		// A global reference table (Ground, Air, Ocean): no tenant rows in it.
		const rows = await c.var.deps.db
			.select({ id: conveyanceTypes.id, code: conveyanceTypes.code, name: conveyanceTypes.name })
			.from(conveyanceTypes)
			.orderBy(byName(conveyanceTypes.name))
		return c.json({ conveyance_types: rows }, 200)
	})
	.openapi(guarded(tagList, requireUser), async (c) => {
		const rows = await c.var.deps.db
			.select({ id: tags.id, name: tags.name })
			.from(tags)
			.where(eq(tags.organizationId, c.var.caller.organizationId))
			.orderBy(byName(tags.name), asc(tags.name))
		return c.json({ tags: rows }, 200)
	})
	.openapi(guarded(orderTypeList, requireUser), async (c) => {
		const rows = await c.var.deps.db
			.select({ id: orderTypes.id, name: orderTypes.name })
			.from(orderTypes)
			.where(eq(orderTypes.organizationId, c.var.caller.organizationId))
			.orderBy(byName(orderTypes.name), asc(orderTypes.name))
		return c.json({ order_types: rows }, 200)
	})
	.openapi(guarded(locations, requireUser), async (c) => {
		const { level } = c.req.valid('query')
		const tree = await locationTree(c.var.deps.db, c.var.caller.organizationId, level)
		return c.json({ locations: tree }, 200)
	})
