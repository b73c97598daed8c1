import { BreachesOngoingApi } from '#api/breaches/ongoing'
import type { CallInput, ScmCaller } from './client.server'

type ListQuery = NonNullable<CallInput<typeof BreachesOngoingApi.list>['query']>

/** Ongoing Breaches (001 §7): "GET /ongoing_breached_orders" and "GET …/api/web/breached_order/{id}". */
export function breachesOngoingCalls({ call }: ScmCaller) {
	return {
		/** offset, limit (15; the widget page 5), optional order_number (trimmed). */
		list: (query: ListQuery) => call(BreachesOngoingApi.list, { query }),
		detail: (id: string) => call(BreachesOngoingApi.detail, { params: { id } }),
	}
}
