import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	BreachedOrderParams,
	BreachedOrderResponse,
	OngoingBreachesQuery,
	OngoingBreachesResponse,
} from './ongoing.contract'

/**
 * The Ongoing Breaches calls (001 §7): the list and one breached order. Callers need the dashboard
 * (DASHBOARD.DEFAULT or CORE.DEFAULT) and the TRACKER service (001 §6); another tenant's breached
 * order answers 404 like an unknown one.
 */

const common = { tags: ['Breaches'], security: [{ bearer: [] }], method: 'get' as const }
const refused = {
	...errorResponses,
	403: jsonContent(
		ErrorBody,
		'Not a member of this supply chain, or not subscribed to the TRACKER service',
	),
}

const list = createRoute({
	...common,
	path: '/api/web/ongoing_breached_orders',
	summary:
		'Ongoing breached orders, newest first (offset, limit 15 by default, optional order number)',
	request: { headers: SupplyChainHeaders, query: OngoingBreachesQuery },
	responses: {
		200: jsonContent(OngoingBreachesResponse, 'A page of ongoing breached orders and their number'),
		...refused,
	},
})

const detail = createRoute({
	...common,
	path: '/api/web/breached_order/{id}',
	summary: 'One breached order: item, affected orders, exception summaries and where it started',
	request: { headers: SupplyChainHeaders, params: BreachedOrderParams },
	responses: {
		200: jsonContent(BreachedOrderResponse, 'The breached order'),
		...refused,
		404: jsonContent(ErrorBody, 'No such breached order in this supply chain'),
	},
})

export const BreachesOngoingApi = { list, detail }
