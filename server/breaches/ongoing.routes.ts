import { OpenAPIHono } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { BreachesOngoingApi } from './ongoing.api'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { breachedOrder, ongoingBreaches } from './ongoing.queries'

/** The handlers of BreachesOngoingApi (server/breaches/ongoing.api.ts): guard, query, answer. */

/** 001 §6: "Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER." */
export const requireTrackerService = createMiddleware<ApiEnv>(async (c, next) => {
	if (!c.var.caller.subscribedServices.includes('TRACKER'))
		throw new ApiError(403, 'Forbidden: the TRACKER service is required')
	await next()
})

const api = BreachesOngoingApi

export const breachesOngoingRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(api.list, requireUser, requireTrackerService), async (c) => {
		const { offset, limit, order_number } = c.req.valid('query')
		const { deps, caller } = c.var
		return c.json(
			await ongoingBreaches(deps.db, caller.organizationId, {
				offset,
				limit,
				orderNumber: order_number,
			}),
			200,
		)
	})
	.openapi(guarded(api.detail, requireUser, requireTrackerService), async (c) => {
		const { deps, caller } = c.var
		const found = await breachedOrder(deps.db, caller.organizationId, c.req.valid('param').id)
		if (!found) throw notFound('Breached order')
		return c.json({ breached_order: found }, 200)
	})
