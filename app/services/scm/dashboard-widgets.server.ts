import { DashboardWidgetsApi } from '#api/dashboard/widgets'
import type { CallInput, ScmCaller } from './client.server'

type QueryOf<K extends keyof typeof DashboardWidgetsApi> = NonNullable<
	CallInput<(typeof DashboardWidgetsApi)[K]>['query']
>
type BodyOf<K extends keyof typeof DashboardWidgetsApi> = CallInput<
	(typeof DashboardWidgetsApi)[K]
>['body']

/**
 * The widget page's and the card dashboard's calls (001 §7), one per descriptor of
 * `DashboardWidgetsApi`. Filters are the contract's snake_case query; 'Any' is '' (001 §5).
 */
export function dashboardWidgetCalls({ call, stream }: ScmCaller) {
	const Api = DashboardWidgetsApi
	return {
		/** GET /orders/following: "offset = limit*(page-1)". */
		following: (query: QueryOf<'ordersFollowing'>) => call(Api.ordersFollowing, { query }),
		/** GET /orders/recently-viewed: an object of orders keyed by position (limit 10 by default). */
		recentlyViewed: (query: QueryOf<'ordersRecentlyViewed'> = {}) =>
			call(Api.ordersRecentlyViewed, { query }),
		withoutUpdates: (query: QueryOf<'withoutUpdates'>) => call(Api.withoutUpdates, { query }),
		averageTime: (query: QueryOf<'averageTime'>) => call(Api.averageTime, { query }),
		carrierAverageDays: (query: QueryOf<'carrierAverageDays'>) =>
			call(Api.carrierAverageDays, { query }),
		/** "GET /shipments/issues-log (or /shipments/issues-log-v2 when a 'before' value is given)" (001 §7). */
		issuesLog: (query: QueryOf<'issuesLog'>) =>
			query.before !== undefined && query.before !== null && String(query.before) !== ''
				? call(Api.issuesLogV2, { query })
				: call(Api.issuesLog, {
						query: { carrier_description: query.carrier_description, order_type: query.order_type },
					}),
		issuesLogReport: (body: BodyOf<'issuesLogReport'>) => call(Api.issuesLogReport, { body }),
		/** The report's CSV as the API streams it. */
		issuesLogReportDownload: (id: string) =>
			stream(Api.issuesLogReportDownload, { params: { id } }, 'text/csv'),
		carrierDescriptions: () => call(Api.carrierDescriptions, {}),
		carrierCodes: () => call(Api.carrierCodes, {}),
		substatusTypes: () => call(Api.substatusTypes, {}),
		lateVsOnTime: (query: QueryOf<'lateVsOnTime'>) => call(Api.lateVsOnTime, { query }),
		carrierLateOnTime: (query: QueryOf<'carrierLateOnTime'>) =>
			call(Api.carrierLateOnTime, { query }),
		carrierTrends: (query: QueryOf<'carrierTrends'>) => call(Api.carrierTrends, { query }),
	}
}
