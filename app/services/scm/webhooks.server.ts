import type { AppLoadContext } from 'react-router'
import { WebhooksApi } from '#api/news-out/webhooks'
import { DELIVERY_PAGE_SIZE, type SubscriptionBody } from '#contracts/news-out/webhooks'
import type { ScmCaller } from './client.server'

/** The supply chain's outbound webhooks: subscriptions, the delivery log, test and replay. */
export function webhookCalls({ call }: ScmCaller) {
	return {
		list: () => call(WebhooksApi.list, {}),
		create: (body: SubscriptionBody) => call(WebhooksApi.create, { body }),
		read: (id: string) => call(WebhooksApi.read, { params: { id } }),
		update: (id: string, body: SubscriptionBody) =>
			call(WebhooksApi.update, { params: { id }, body }),
		remove: (id: string) => call(WebhooksApi.remove, { params: { id } }),
		deliveries: (id: string, offset: number) =>
			call(WebhooksApi.deliveries, {
				params: { id },
				query: { offset, limit: DELIVERY_PAGE_SIZE },
			}),
		test: (id: string) => call(WebhooksApi.test, { params: { id } }),
		replay: (id: string, deliveryId: string) =>
			call(WebhooksApi.replay, { params: { id, deliveryId } }),
	}
}

/** The one-click unsubscribe's calls: no user, the web tier's key (the signed token is the authority). */
export function unsubscribeCalls({ call }: ScmCaller, context: AppLoadContext) {
	const headers = { 'X-Api-Key': context.webApiKey, Authorization: null }
	return {
		read: (token: string) => call(WebhooksApi.unsubscribeRead, { query: { token }, headers }),
		apply: (token: string) => call(WebhooksApi.unsubscribe, { body: { token }, headers }),
	}
}
