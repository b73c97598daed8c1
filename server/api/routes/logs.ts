import { OpenAPIHono } from '@hono/zod-openapi'
import { LogsApi } from '#contracts/api/logs'
import { guarded } from '../route'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { listHistoricalLogs } from '../queries/historical-logs'
import { requireOrder } from '../queries/order-scope'

/** The handlers of LogsApi (routes described in server/contracts/api/logs.ts): guard, query, answer. */
const { list: route } = LogsApi

export const logsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(guarded(route, requireUser), async (c) => {
	const { db } = c.var.deps
	const { organizationId } = c.var.caller
	const order = await requireOrder(db, organizationId, c.req.valid('param').id)
	const { offset, limit } = c.req.valid('query')
	return c.json(await listHistoricalLogs(db, organizationId, order.id, offset, limit), 200)
})
