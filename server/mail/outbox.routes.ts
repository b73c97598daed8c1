import { OpenAPIHono } from '@hono/zod-openapi'
import { OutboxApi } from './outbox.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { forbidden } from '../errors'
import { validationHook } from '../api/errors'
import { outboxPage } from './outbox.queries'

/** Who may read the supply chain's outbox: its administrators (000 §6 names this permission). */
export const OUTBOX_PERMISSION = 'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS'

const { list } = OutboxApi

export const outboxRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(
	guarded(list, requireUser),
	async (c) => {
		const { organizationId, permissions } = c.var.caller
		if (!permissions.includes(OUTBOX_PERMISSION)) throw forbidden()
		const { offset, limit } = c.req.valid('query')
		return c.json(await outboxPage(c.var.deps.db, organizationId, offset, limit), 200)
	},
)
