import { OpenAPIHono } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { DashboardWidgetsApi } from './widgets.api'
import { ToggleName } from '../toggles/toggles.contract'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { guarded } from '../api/route'
import { isToggleOn } from '../toggles/store'
import {
	averageOrderTime,
	carrierAverageDays,
	carrierCodes,
	carrierDescriptions,
	carrierLateOnTime,
	carrierTrends,
	followedOrders,
	issueTypes,
	issuesLog,
	lateVsOnTime,
	ordersWithoutUpdates,
	viewedOrders,
} from './widgets.queries'
import { REPORT_MESSAGE, findReport, makeIssuesLogReport } from './issues-log-report'

/** The handlers of DashboardWidgetsApi (server/dashboard/widgets.api.ts): guard, query, answer. */

const api = DashboardWidgetsApi

/** 001 §6: "Access to the dashboard needs permission DASHBOARD.DEFAULT or CORE.DEFAULT". */
const requireDashboard = createMiddleware<ApiEnv>(async (c, next) => {
	const { permissions } = c.var.caller
	if (!permissions.includes('DASHBOARD.DEFAULT') && !permissions.includes('CORE.DEFAULT')) {
		throw new ApiError(403, 'Forbidden: DASHBOARD.DEFAULT or CORE.DEFAULT is required')
	}
	await next()
})

/**
 * 001 §6 gives the Issues Log to two named accounts; ours is per supply chain (ADR 0013): the
 * toggle web.ui.dashboard.issuesLog on for the caller's supply chain, and the caller subscribed to
 * the DASHBOARD service.
 */
const requireIssuesLog = createMiddleware<ApiEnv>(async (c, next) => {
	const { organizationId, subscribedServices } = c.var.caller
	if (
		!subscribedServices.includes('DASHBOARD') ||
		!(await isToggleOn(c.var.deps.db, ToggleName.issuesLog, organizationId))
	) {
		throw new ApiError(403, 'Forbidden: the Issues Log is not available')
	}
	await next()
})

const dashboard = [requireUser, requireDashboard] as const

export const dashboardWidgetRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(api.ordersFollowing, ...dashboard), async (c) => {
		const { organizationId, userId } = c.var.caller
		const { offset, limit } = c.req.valid('query')
		return c.json(await followedOrders(c.var.deps.db, organizationId, userId, offset, limit), 200)
	})
	.openapi(guarded(api.ordersRecentlyViewed, ...dashboard), async (c) => {
		const { organizationId, userId } = c.var.caller
		return c.json(
			await viewedOrders(c.var.deps.db, organizationId, userId, c.req.valid('query').limit),
			200,
		)
	})
	.openapi(guarded(api.withoutUpdates, ...dashboard), async (c) => {
		const q = c.req.valid('query')
		const found = await ordersWithoutUpdates(c.var.deps.db, c.var.caller.organizationId, {
			before: q.before,
			offset: q.offset,
			limit: q.limit,
			orderType: q.order_type,
			carrierDescription: q.carrier_description,
			issueType: q.issue_type,
		})
		return c.json(found, 200)
	})
	.openapi(guarded(api.averageTime, ...dashboard), async (c) => {
		const { months, order_type } = c.req.valid('query')
		return c.json(
			await averageOrderTime(c.var.deps.db, c.var.caller.organizationId, months, order_type),
			200,
		)
	})
	.openapi(guarded(api.carrierAverageDays, ...dashboard), async (c) => {
		const { months, conveyance_type } = c.req.valid('query')
		return c.json(
			await carrierAverageDays(c.var.deps.db, c.var.caller.organizationId, months, conveyance_type),
			200,
		)
	})
	.openapi(guarded(api.issuesLog, ...dashboard, requireIssuesLog), async (c) => {
		const { carrier_description, order_type } = c.req.valid('query')
		const list = await issuesLog(c.var.deps.db, c.var.caller.organizationId, {
			carrierDescription: carrier_description,
			orderType: order_type,
		})
		return c.json({ issues_log: list }, 200)
	})
	.openapi(guarded(api.issuesLogV2, ...dashboard, requireIssuesLog), async (c) => {
		const { carrier_description, order_type, before } = c.req.valid('query')
		const list = await issuesLog(c.var.deps.db, c.var.caller.organizationId, {
			carrierDescription: carrier_description,
			orderType: order_type,
			before,
		})
		return c.json({ issues_log: list }, 200)
	})
	.openapi(guarded(api.issuesLogReport, ...dashboard, requireIssuesLog), async (c) => {
		const { carrier_description, order_type, before } = c.req.valid('json')
		const report = await makeIssuesLogReport(c.var.deps.db, c.var.caller, {
			carrierDescription: carrier_description,
			orderType: order_type,
			before,
		})
		return c.json({ report, message: REPORT_MESSAGE }, 201)
	})
	.openapi(guarded(api.issuesLogReportDownload, ...dashboard, requireIssuesLog), async (c) => {
		const { organizationId, userId } = c.var.caller
		const report = await findReport(c.var.deps.db, organizationId, userId, c.req.valid('param').id)
		if (!report) throw notFound('Report')
		return c.body(report.csv, 200, {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${report.fileName}"`,
			'Cache-Control': 'private, no-store',
		})
	})
	.openapi(guarded(api.carrierDescriptions, ...dashboard), async (c) => {
		return c.json(
			{
				carrier_descriptions: await carrierDescriptions(c.var.deps.db, c.var.caller.organizationId),
			},
			200,
		)
	})
	.openapi(guarded(api.carrierCodes, ...dashboard), async (c) => {
		return c.json(
			{ carrier_codes: await carrierCodes(c.var.deps.db, c.var.caller.organizationId) },
			200,
		)
	})
	.openapi(guarded(api.substatusTypes, ...dashboard), async (c) => {
		return c.json({ substatus_types: await issueTypes(c.var.deps.db) }, 200)
	})
	.openapi(guarded(api.lateVsOnTime, ...dashboard), async (c) => {
		const { months, order_type } = c.req.valid('query')
		return c.json(
			await lateVsOnTime(c.var.deps.db, c.var.caller.organizationId, months, order_type),
			200,
		)
	})
	.openapi(guarded(api.carrierLateOnTime, ...dashboard), async (c) => {
		const { carriers, duration } = c.req.valid('query')
		return c.json(
			await carrierLateOnTime(c.var.deps.db, c.var.caller.organizationId, carriers, duration),
			200,
		)
	})
	.openapi(guarded(api.carrierTrends, ...dashboard), async (c) => {
		const { carriers, duration, offset, limit } = c.req.valid('query')
		return c.json(
			await carrierTrends(
				c.var.deps.db,
				c.var.caller.organizationId,
				carriers,
				duration,
				offset,
				limit,
			),
			200,
		)
	})
