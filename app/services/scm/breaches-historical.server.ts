import { BreachesHistoricalApi } from '#api/breaches/historical'
import type { CallInput, ScmCaller } from './client.server'

type QueryOf<K extends keyof typeof BreachesHistoricalApi> = NonNullable<
	CallInput<(typeof BreachesHistoricalApi)[K]>['query']
>

/** Historical Breaches (001 §7 GET /historical_breached_orders) and a breach's claim pack. */
export function historicalBreachCalls({ call, stream }: ScmCaller) {
	const Api = BreachesHistoricalApi
	return {
		/** One page of past breaches: 0-based `page`, `limit` 5, dates in UTC, sensors comma-joined. */
		list: (query: QueryOf<'historical'>) => call(Api.historical, { query }),
		/** The claim pack's zip as the API streams it. */
		claimPack: (id: string) => stream(Api.claimPack, { params: { id } }, 'application/zip'),
	}
}
