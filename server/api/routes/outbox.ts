import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import { OutboxQuery, OutboxResponse } from '../../contracts/share'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { forbidden, validationHook } from '../errors'
import { outboxPage } from '../queries/share'

/** Who may read the supply chain's outbox: its administrators (000 §6 names this permission). */
export const OUTBOX_PERMISSION = 'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS'

/**
 * The e-mail outbox of the caller's supply chain, newest first (ARCHITECTURE.md rule 7: "an
 * outbox table, readable by admins"). Without SMTP the e-mails stay here; with it they show
 * when they were sent, or the attempts and the last error.
 */
const list = createRoute({
	tags: ['Mail'],
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/outbox_emails',
	summary: 'The supply chain’s e-mail outbox (administrators)',
	request: { headers: SupplyChainHeaders, query: OutboxQuery },
	responses: { 200: jsonContent(OutboxResponse, 'One page of e-mails'), ...errorResponses },
})

export const outboxRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(list, async (c) => {
	const { organizationId, permissions } = c.var.caller
	if (!permissions.includes(OUTBOX_PERMISSION)) throw forbidden()
	const { offset, limit } = c.req.valid('query')
	return c.json(await outboxPage(c.var.deps.db, organizationId, offset, limit), 200)
})
