import { OpenAPIHono } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { BreachesHistoricalApi } from './historical.api'
import { DATE_ORDER_MESSAGE } from './historical.contract'
import { ToggleName } from '../toggles/toggles.contract'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError, invalid, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { isToggleOn } from '../toggles/store'
import { historicalBreaches } from './historical.queries'
import { claimPack } from './claim-pack'

/** The handlers of BreachesHistoricalApi (server/breaches/historical.api.ts): guard, query, answer. */

const api = BreachesHistoricalApi

/** 001 §6: "Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER." */
const requireTrackerService = createMiddleware<ApiEnv>(async (c, next) => {
	if (!c.var.caller.subscribedServices.includes('TRACKER'))
		throw new ApiError(403, 'Forbidden: the TRACKER service is required')
	await next()
})

/** 001 §6: "Historical breaches need toggle scm.historicalBreaches" (per supply chain). */
const requireHistoricalToggle = createMiddleware<ApiEnv>(async (c, next) => {
	if (
		!(await isToggleOn(c.var.deps.db, ToggleName.historicalBreaches, c.var.caller.organizationId))
	) {
		throw new ApiError(403, 'Forbidden: Historical Breaches are not available')
	}
	await next()
})

export const breachesHistoricalRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(
		guarded(api.historical, requireUser, requireTrackerService, requireHistoricalToggle),
		async (c) => {
			const q = c.req.valid('query')
			if (q.date_from && q.date_to && q.date_to < q.date_from)
				throw invalid('date_to', DATE_ORDER_MESSAGE)
			const offset = q.page !== undefined ? q.page * q.limit : q.offset
			const found = await historicalBreaches(c.var.deps.db, c.var.caller.organizationId, {
				from: q.date_from,
				to: q.date_to,
				sensors: q.sensors,
				orderNumber: q.order_number,
				offset,
				limit: q.limit,
			})
			return c.json(found, 200)
		},
	)
	.openapi(guarded(api.claimPack, requireUser, requireTrackerService), async (c) => {
		const pack = await claimPack(
			c.var.deps.db,
			c.var.caller.organizationId,
			c.req.valid('param').id,
		)
		if (!pack) throw notFound('Breached order')
		return c.body(pack.bytes as Uint8Array<ArrayBuffer>, 200, {
			'Content-Type': 'application/zip',
			'Content-Disposition': `attachment; filename="${pack.fileName}"`,
			'Content-Length': String(pack.bytes.byteLength),
			'Cache-Control': 'private, no-store',
		})
	})
