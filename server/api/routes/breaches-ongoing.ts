import { OpenAPIHono } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { BreachesOngoingApi } from '#contracts/api/breaches-ongoing'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { ApiError, notFound, validationHook } from '../errors'
import { guarded } from '../route'
import { breachedOrder, ongoingBreaches } from '../queries/breaches-ongoing'

/** The handlers of BreachesOngoingApi (server/contracts/api/breaches-ongoing.ts): guard, query, answer. */

/** 001 §6: "Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER." */
export const requireTrackerService = createMiddleware<ApiEnv>(async (c, next) => {
	if (!c.var.caller.subscribedServices.includes('TRACKER')) throw new ApiError(403, 'Forbidden: the TRACKER service is required')
	await next()
})

const api = BreachesOngoingApi

export const breachesOngoingRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(api.list, requireUser, requireTrackerService), async (c) => {
		const { offset, limit, order_number } = c.req.valid('query')
		const { deps, caller } = c.var
		return c.json(await ongoingBreaches(deps.db, caller.organizationId, { offset, limit, orderNumber: order_number }), 200)
	})
	.openapi(guarded(api.detail, requireUser, requireTrackerService), async (c) => {
		const { deps, caller } = c.var
		const found = await breachedOrder(deps.db, caller.organizationId, c.req.valid('param').id)
		if (!found) throw notFound('Breached order')
		return c.json({ breached_order: found }, 200)
	})
