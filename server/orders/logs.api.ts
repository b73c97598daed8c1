import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import { ShipSetIdParams } from '../dashboard/dashboard.contract'
import { HistoricalLogsQuery, HistoricalLogsResponse } from './logs.contract'

/** The Historical Logs modal's list (002 §4 "Historical logs", §7 GET {api}/ship_sets/{id}/logs). */
const route = createRoute({
	tags: ['Historical logs'],
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

export const LogsApi = { list: route }
