import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	BreachedOrderParams,
	HistoricalBreachesQuery,
	HistoricalBreachesResponse,
} from './historical.contract'

/**
 * Historical Breaches (001 §7 "GET /historical_breached_orders") and a breach's claim pack.
 * Callers subscribed to the TRACKER service only (001 §6 "Breached Orders tab and the
 * Ongoing and Historical Breaches sections need the subscribed service TRACKER"); the historical
 * list also needs the supply chain's toggle scm.historicalBreaches. Another tenant's breach is a
 * 404 like an unknown one.
 */

const common = { tags: ['Breaches'], security: [{ bearer: [] }] }

const historical = createRoute({
	...common,
	method: 'get',
	path: '/api/web/historical_breached_orders',
	summary:
		'Past (closed) breaches whose first..last event overlaps the date range, newest first, 5 a page',
	description:
		'`page` (0-based) or `offset`, `limit` (default 5), `date_from` and `date_to` (ISO 8601 in UTC; a breach is listed when its ' +
		'first..last event overlaps them), `sensors` (comma-joined codes; none = every sensor: a breach is listed when one of its ' +
		'breached sensors is among them), `order_number` (the start of an affected order’s number). A bad value answers 400 naming ' +
		'its field; `date_to` before `date_from` answers 400 naming `date_to`.',
	request: { headers: SupplyChainHeaders, query: HistoricalBreachesQuery },
	responses: {
		200: jsonContent(
			HistoricalBreachesResponse,
			'One page of historical breaches, with the totals',
		),
		...errorResponses,
		403: jsonContent(
			ErrorBody,
			'Not a member, not subscribed to TRACKER, or Historical Breaches are off for this supply chain',
		),
	},
})

const claimPack = createRoute({
	...common,
	method: 'get',
	path: '/api/web/breached_order/{id}/claim_pack',
	summary:
		'A breach’s claim pack: a zip of its readings, thresholds, breach periods, attribution and the order’s timeline',
	description:
		'application/zip holding summary.txt (orders, shipment, item, where the breach started and who had the order, totals), ' +
		'readings.csv (every reading of the breached item’s breached sensor types from 2 hours before the first event to 2 hours ' +
		'after the last), thresholds.csv, breach_periods.csv (each excursion: type, start, end, duration, above or below) and ' +
		'timeline.csv (the affected orders’ events). Ongoing and historical breaches alike.',
	request: { headers: SupplyChainHeaders, params: BreachedOrderParams },
	responses: {
		200: {
			description: 'The zip file',
			content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
		},
		...errorResponses,
		403: jsonContent(ErrorBody, 'Not a member, or not subscribed to TRACKER'),
		404: jsonContent(ErrorBody, 'No such breach in this supply chain'),
	},
})

export const BreachesHistoricalApi = { historical, claimPack }
