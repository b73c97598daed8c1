import { OpenAPIHono } from '@hono/zod-openapi'
import { LogsApi } from './logs.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { validationHook } from '../api/errors'
import { listHistoricalLogs } from './history'
import { requireOrder } from './scope'

/** The handlers of LogsApi (routes described in server/orders/logs.api.ts): guard, query, answer. */
const { list: route } = LogsApi

export const logsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(
	guarded(route, requireUser),
	async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const order = await requireOrder(db, organizationId, c.req.valid('param').id)
		const { offset, limit } = c.req.valid('query')
		return c.json(await listHistoricalLogs(db, organizationId, order.id, offset, limit), 200)
	},
)
