import { createRoute, type z } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	AverageTimeResponse,
	CarrierAverageDaysQuery,
	CarrierAverageDaysResponse,
	CarrierCodesResponse,
	CarrierDescriptionsResponse,
	CarrierLateOnTimeResponse,
	CarriersDurationQuery,
	CarrierTrendsQuery,
	CarrierTrendsResponse,
	IssuesLogQuery,
	IssuesLogReportBody,
	IssuesLogReportResponse,
	IssuesLogResponse,
	LateVsOnTimeResponse,
	MonthsOrderTypeQuery,
	OrdersFollowingResponse,
	OrdersRecentlyViewedResponse,
	PagingQuery,
	RecentlyViewedQuery,
	ReportIdParams,
	SubstatusTypesResponse,
	WithoutUpdatesQuery,
	WithoutUpdatesResponse,
} from './widgets.contract'

/**
 * The calls of the widget page and the card dashboard (001 §7). Paths follow the spec's table:
 * the web host's under /api/web, the "{dashboard}" host's under /api/dashboard.
 */

const common = { tags: ['Dashboard widgets'], security: [{ bearer: [] }] }

function get<Q extends z.ZodObject, R extends z.ZodType>(
	path: string,
	summary: string,
	query: Q,
	response: R,
) {
	return createRoute({
		...common,
		method: 'get',
		path,
		summary,
		request: { headers: SupplyChainHeaders, query },
		responses: { 200: jsonContent(response, summary), ...errorResponses },
	})
}

function list<R extends z.ZodType>(path: string, summary: string, response: R) {
	return createRoute({
		...common,
		method: 'get',
		path,
		summary,
		request: { headers: SupplyChainHeaders },
		responses: { 200: jsonContent(response, summary), ...errorResponses },
	})
}

const ordersFollowing = get(
	'/api/web/orders/following',
	'Orders the caller follows, newest follow first (limit, offset)',
	PagingQuery,
	OrdersFollowingResponse,
)
const ordersRecentlyViewed = get(
	'/api/web/orders/recently-viewed',
	'Orders the caller opened, most recent first, as an object keyed by position',
	RecentlyViewedQuery,
	OrdersRecentlyViewedResponse,
)
const withoutUpdates = get(
	'/api/web/orders/without-updates',
	'In-transit orders with no new event within the last `before` days, quietest first',
	WithoutUpdatesQuery,
	WithoutUpdatesResponse,
)
const averageTime = get(
	'/api/web/orders/average-time',
	'Average order time (first event to delivery, in hours) per month of delivery, and over the period',
	MonthsOrderTypeQuery,
	AverageTimeResponse,
)
const carrierAverageDays = get(
	'/api/web/orders/carrier-average-days',
	'Each carrier’s average transit time (shipped to delivered, in hours) per month, for one conveyance type',
	CarrierAverageDaysQuery,
	CarrierAverageDaysResponse,
)
const issuesLog = get(
	'/api/web/shipments/issues-log',
	'Open issues of in-transit shipments by issue type and age (1, 3, 5 days): count and delivery value',
	IssuesLogQuery,
	IssuesLogResponse,
)
const issuesLogV2 = get(
	'/api/web/shipments/issues-log-v2',
	'The Issues Log for issues raised within the last `before` days',
	IssuesLogQuery,
	IssuesLogResponse,
)
const issuesLogReport = createRoute({
	...common,
	method: 'post',
	path: '/api/web/shipments_issues_log/report',
	summary:
		'Make the Issues Log report (CSV of the open issues behind the chart) and e-mail it to the caller',
	request: {
		headers: SupplyChainHeaders,
		body: { content: { 'application/json': { schema: IssuesLogReportBody } }, required: true },
	},
	responses: {
		201: jsonContent(IssuesLogReportResponse, 'The report was made'),
		...errorResponses,
	},
})
const issuesLogReportDownload = createRoute({
	...common,
	method: 'get',
	path: '/api/web/shipments_issues_log/report/{id}/download',
	summary: 'Download a report the caller made (text/csv)',
	request: { headers: SupplyChainHeaders, params: ReportIdParams },
	responses: {
		200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such report for the caller'),
	},
})
const carrierDescriptions = list(
	'/api/web/carrier_codes/descriptions',
	'Carrier descriptions of the supply chain, sorted',
	CarrierDescriptionsResponse,
)
const carrierCodes = list(
	'/api/web/carrier_codes',
	'Carrier codes of the supply chain, sorted by code',
	CarrierCodesResponse,
)
const substatusTypes = list(
	'/api/web/status_types/3/substatus_types',
	'Issue types: the substatus types of status type 3 (Exception), sorted by name',
	SubstatusTypesResponse,
)
const lateVsOnTime = get(
	'/api/dashboard/orders/late-vs-ontime',
	'Orders delivered late and on time over the last `months` months',
	MonthsOrderTypeQuery,
	LateVsOnTimeResponse,
)
const carrierLateOnTime = get(
	'/api/dashboard/carriers/late-ontime-shipments',
	'Shipments delivered late and on time per carrier in the current month, quarter or year',
	CarriersDurationQuery,
	CarrierLateOnTimeResponse,
)
const carrierTrends = get(
	'/api/dashboard/carriers/trends',
	'Each carrier’s on-time percentage this duration and its change from the previous one (5 a page)',
	CarrierTrendsQuery,
	CarrierTrendsResponse,
)

export const DashboardWidgetsApi = {
	ordersFollowing,
	ordersRecentlyViewed,
	withoutUpdates,
	averageTime,
	carrierAverageDays,
	issuesLog,
	issuesLogV2,
	issuesLogReport,
	issuesLogReportDownload,
	carrierDescriptions,
	carrierCodes,
	substatusTypes,
	lateVsOnTime,
	carrierLateOnTime,
	carrierTrends,
}
