import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	CreatedSubscription,
	DeletedResponse,
	DeliveriesQuery,
	DeliveriesResponse,
	DeliveryParams,
	DeliveryResponse,
	SubscriptionBody,
	SubscriptionParams,
	SubscriptionResponse,
	SubscriptionsResponse,
	UnsubscribeBody,
	UnsubscribeQuery,
	UnsubscribeResponse,
} from './webhooks.contract'

/**
 * Outbound webhooks of the caller's supply chain, for members with
 * CORE.UPDATE_SUPPLY_CHAIN_SETTINGS; others get 403. Deliveries are signed as Standard Webhooks
 * says (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 with the whsec_ secret).
 */
const common = { tags: ['Webhooks'], security: [{ bearer: [] }] }
const missing = {
	404: jsonContent(ErrorBody, 'No such webhook (or delivery) in this supply chain'),
}
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true })

const list = createRoute({
	...common,
	method: 'get',
	path: '/api/web/webhooks',
	summary: 'The supply chain’s webhook subscriptions, newest first',
	request: { headers: SupplyChainHeaders },
	responses: { 200: jsonContent(SubscriptionsResponse, 'Subscriptions'), ...errorResponses },
})

const create = createRoute({
	...common,
	method: 'post',
	path: '/api/web/webhooks',
	summary: 'Subscribe a URL to event kinds; answers the signing secret (shown once)',
	description:
		'A URL whose host resolves to a loopback, private, link-local or reserved address (or one of this host’s own) is refused unless the server allows that network (WEBHOOK_ALLOW_NETWORKS).',
	request: { headers: SupplyChainHeaders, body: json(SubscriptionBody) },
	responses: {
		201: jsonContent(CreatedSubscription, 'The subscription and its secret'),
		...errorResponses,
	},
})

const read = createRoute({
	...common,
	method: 'get',
	path: '/api/web/webhooks/{id}',
	summary: 'One webhook subscription (never its secret)',
	request: { headers: SupplyChainHeaders, params: SubscriptionParams },
	responses: {
		200: jsonContent(SubscriptionResponse, 'The subscription'),
		...errorResponses,
		...missing,
	},
})

const update = createRoute({
	...common,
	method: 'put',
	path: '/api/web/webhooks/{id}',
	summary: 'Change the URL, description, event kinds, or switch it off or on',
	description:
		'Switching it on again forgets its failures in a row; its waiting deliveries go out.',
	request: {
		headers: SupplyChainHeaders,
		params: SubscriptionParams,
		body: json(SubscriptionBody),
	},
	responses: {
		200: jsonContent(SubscriptionResponse, 'The subscription'),
		...errorResponses,
		...missing,
	},
})

const remove = createRoute({
	...common,
	method: 'delete',
	path: '/api/web/webhooks/{id}',
	summary: 'Delete a subscription with its delivery log',
	request: { headers: SupplyChainHeaders, params: SubscriptionParams },
	responses: { 200: jsonContent(DeletedResponse, 'Deleted'), ...errorResponses, ...missing },
})

const deliveries = createRoute({
	...common,
	method: 'get',
	path: '/api/web/webhooks/{id}/deliveries',
	summary: 'The delivery log, newest first: status, status codes of each attempt',
	request: { headers: SupplyChainHeaders, params: SubscriptionParams, query: DeliveriesQuery },
	responses: {
		200: jsonContent(DeliveriesResponse, 'One page of deliveries'),
		...errorResponses,
		...missing,
	},
})

const test = createRoute({
	...common,
	method: 'post',
	path: '/api/web/webhooks/{id}/test',
	summary: 'Send a webhook.test message now (one try) and answer how it went',
	request: { headers: SupplyChainHeaders, params: SubscriptionParams },
	responses: {
		201: jsonContent(DeliveryResponse, 'The test delivery, tried'),
		...errorResponses,
		...missing,
	},
})

const replay = createRoute({
	...common,
	method: 'post',
	path: '/api/web/webhooks/{id}/deliveries/{deliveryId}/replay',
	summary: 'Send a delivery again now (same webhook-id and body), retried like any other',
	request: { headers: SupplyChainHeaders, params: DeliveryParams },
	responses: {
		201: jsonContent(DeliveryResponse, 'The new delivery, tried once'),
		...errorResponses,
		...missing,
	},
})

const unsubscribeCommon = {
	tags: ['Notifications'],
	security: [],
	request: {},
}

const unsubscribeRead = createRoute({
	...unsubscribeCommon,
	method: 'get',
	path: '/api/web/unsubscribe',
	summary: 'What a one-click unsubscribe link stops (the web tier, X-Api-Key)',
	request: { query: UnsubscribeQuery },
	responses: {
		200: jsonContent(UnsubscribeResponse, 'What it stops'),
		400: jsonContent(ErrorBody, 'Not a valid link'),
		401: jsonContent(ErrorBody, 'No web API key'),
	},
})

const unsubscribe = createRoute({
	...unsubscribeCommon,
	method: 'post',
	path: '/api/web/unsubscribe',
	summary: 'Apply a one-click unsubscribe link (RFC 8058; the web tier, X-Api-Key)',
	request: { body: json(UnsubscribeBody) },
	responses: {
		200: jsonContent(UnsubscribeResponse, 'Unsubscribed'),
		400: jsonContent(ErrorBody, 'Not a valid link'),
		401: jsonContent(ErrorBody, 'No web API key'),
	},
})

export const WebhooksApi = {
	list,
	create,
	read,
	update,
	remove,
	deliveries,
	test,
	replay,
	unsubscribeRead,
	unsubscribe,
}
