import { OpenAPIHono } from '@hono/zod-openapi'
import { NotificationsApi } from './notifications.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { validationHook } from '../api/errors'
import { notificationFor, saveNotification } from './notifications.queries'

/** The handlers of NotificationsApi (routes described in server/timeline/notifications.api.ts): guard, query, answer. */
const { read, save } = NotificationsApi

export const notificationRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(read, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		return c.json({ notification: await notificationFor(db, organizationId, userId, id) }, 200)
	})
	.openapi(guarded(save, requireUser), async (c) => {
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		const { notification: settings } = c.req.valid('json')
		const notification = await saveNotification(c.var.deps.db, {
			organizationId,
			userId,
			shipSetId: id,
			settings,
		})
		return c.json({ notification }, 200)
	})
