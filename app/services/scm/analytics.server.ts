import { AnalyticsApi } from '#api/analytics/analytics'
import type { CallInput, ScmCaller } from './client.server'

type QueryOf<K extends keyof typeof AnalyticsApi> = NonNullable<
	CallInput<(typeof AnalyticsApi)[K]>['query']
>

/** The analytics page's calls (000 §7, base "{scm}/private/analytics/1.0"), one per descriptor of `AnalyticsApi`. */
export function analyticsCalls({ call, stream }: ScmCaller) {
	return {
		/** The built-in freight-cost report. */
		freightCost: (query: QueryOf<'freightCost'>) => call(AnalyticsApi.freightCost, { query }),
		/** One of its tables as CSV, as the API streams it. */
		freightCostExport: (query: QueryOf<'freightCostExport'>) =>
			stream(AnalyticsApi.freightCostExport, { query }, 'text/csv'),
		/** "POST /generate_embed_token … no body … reportId, embedUrl, embedToken, expiration" (000 §7). */
		generateEmbedToken: () => call(AnalyticsApi.generateEmbedToken, {}),
	}
}
