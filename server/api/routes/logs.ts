import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import { ShipSetIdParams } from '../../contracts/dashboard'
import { HistoricalLogsQuery, HistoricalLogsResponse } from '../../contracts/logs'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { listHistoricalLogs } from '../queries/historical-logs'
import { requireOrder } from '../queries/order-scope'

/** The Historical Logs modal's list (002 §4 "Historical logs", §7 GET {api}/ship_sets/{id}/logs). */
const route = createRoute({
	tags: ['Historical logs'],
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/logs',
	summary: 'Who did what to the order and when, newest first (100 a page)',
	request: { headers: SupplyChainHeaders, params: ShipSetIdParams, query: HistoricalLogsQuery },
	responses: {
		200: jsonContent(HistoricalLogsResponse, 'Historical logs'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such order in this supply chain'),
	},
})

export const logsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(route, async (c) => {
	const { db } = c.var.deps
	const { organizationId } = c.var.caller
	const order = await requireOrder(db, organizationId, c.req.valid('param').id)
	const { offset, limit } = c.req.valid('query')
	return c.json(await listHistoricalLogs(db, organizationId, order.id, offset, limit), 200)
})
