import { OpenAPIHono } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { AnalyticsApi } from './analytics.api'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { freightCostReport } from './analytics.queries'
import { reportCsv, reportCsvName } from './csv'
import { PowerBiError } from './power-bi'

/** The analytics base (000 §7 "{scm}/private/analytics/1.0"): the built-in report and Power BI's embed token. */

/** 000 §6: "Analytics requires CORE.ANALYTICS". */
const requireAnalytics = createMiddleware<ApiEnv>(async (c, next) => {
	if (!c.var.caller.permissions.includes('CORE.ANALYTICS'))
		throw new ApiError(403, 'Forbidden: CORE.ANALYTICS is required')
	await next()
})

export const analyticsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(AnalyticsApi.freightCost, requireUser, requireAnalytics), async (c) => {
		return c.json(
			await freightCostReport(c.var.deps.db, c.var.caller.organizationId, c.req.valid('query')),
			200,
		)
	})
	.openapi(guarded(AnalyticsApi.freightCostExport, requireUser, requireAnalytics), async (c) => {
		const { table, ...query } = c.req.valid('query')
		const report = await freightCostReport(c.var.deps.db, c.var.caller.organizationId, query)
		return c.body(reportCsv(report, table), 200, {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${reportCsvName(report, table)}"`,
			'Cache-Control': 'private, no-store',
		})
	})
	.openapi(guarded(AnalyticsApi.generateEmbedToken, requireUser, requireAnalytics), async (c) => {
		const powerBi = c.var.deps.powerBi
		if (!powerBi) return c.json({ error: 'Power BI is not configured' }, 404)
		try {
			const t = await powerBi.generateEmbedToken()
			return c.json(
				{
					report_id: t.reportId,
					embed_url: t.embedUrl,
					embed_token: t.embedToken,
					expiration: t.expiration,
				},
				200,
			)
		} catch (error) {
			if (!(error instanceof PowerBiError) && !(error instanceof TypeError)) throw error
			console.warn(
				JSON.stringify({ level: 'warn', msg: 'power bi embed token failed', error: String(error) }),
			)
			return c.json({ error: 'Power BI did not give an embed token' }, 502)
		}
	})
