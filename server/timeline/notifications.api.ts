import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import { NotificationBody, NotificationResponse, ShareParams } from '../sharing/share.contract'

/**
 * The signed-in user's notification settings for one order (002 §3 "Notification
 * preference", §4 "Notifications", §7 `POST {api}/ship_sets/{id}/notifications`), and a GET
 * for the dropdown's current values. Guests set theirs through the guest endpoints instead.
 */
const tags = ['Notifications']
const secured = { security: [{ bearer: [] }] }
const noOrder = { 404: jsonContent(ErrorBody, 'No such order in this supply chain') }

const read = createRoute({
	tags,
	...secured,
	method: 'get',
	path: '/api/web/ship_sets/{id}/notifications',
	summary:
		'The caller’s notification settings for the order (defaults, saved: false, when none are saved)',
	request: { headers: SupplyChainHeaders, params: ShareParams },
	responses: {
		200: jsonContent(NotificationResponse, 'The settings'),
		...errorResponses,
		...noOrder,
	},
})

const save = createRoute({
	tags,
	...secured,
	method: 'post',
	path: '/api/web/ship_sets/{id}/notifications',
	summary: 'Save the caller’s notification settings for the order',
	description:
		'notif_type: all_status | final_mile | delivered | nodes | no_notif; nodes (Factory, Transit, DC, Customer) only with nodes, which needs at least one; comments and promise_date flags; view_type is always user.',
	request: {
		headers: SupplyChainHeaders,
		params: ShareParams,
		body: { content: { 'application/json': { schema: NotificationBody } }, required: true },
	},
	responses: {
		200: jsonContent(NotificationResponse, 'The saved settings'),
		...errorResponses,
		...noOrder,
	},
})

export const NotificationsApi = { read, save }
