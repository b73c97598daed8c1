import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import { NotificationBody, NotificationResponse, ShareParams } from '../../contracts/share'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { validationHook } from '../errors'
import { requireOrder } from '../queries/order-scope'
import { notificationFor, saveNotification } from '../queries/share'

/**
 * The signed-in user's notification settings for one order (002 §3 "Notification
 * preference", §4 "Notifications", §7 `POST {api}/ship_sets/{id}/notifications`), and a GET
 * for the dropdown's current values. Guests set theirs through the guest endpoints instead.
 */
const tags = ['Notifications']
const secured = { middleware: [requireUser], security: [{ bearer: [] }] }
const noOrder = { 404: jsonContent(ErrorBody, 'No such order in this supply chain') }

const read = createRoute({
	tags,
	...secured,
	method: 'get',
	path: '/api/web/ship_sets/{id}/notifications',
	summary: 'The caller’s notification settings for the order (defaults, saved: false, when none are saved)',
	request: { headers: SupplyChainHeaders, params: ShareParams },
	responses: { 200: jsonContent(NotificationResponse, 'The settings'), ...errorResponses, ...noOrder },
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
	responses: { 200: jsonContent(NotificationResponse, 'The saved settings'), ...errorResponses, ...noOrder },
})

export const notificationRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(read, async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		return c.json({ notification: await notificationFor(db, organizationId, userId, id) }, 200)
	})
	.openapi(save, async (c) => {
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		const { notification: settings } = c.req.valid('json')
		const notification = await saveNotification(c.var.deps.db, { organizationId, userId, shipSetId: id, settings })
		return c.json({ notification }, 200)
	})
