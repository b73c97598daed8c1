import { createRoute } from '@hono/zod-openapi'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import { OutboxQuery, OutboxResponse } from './outbox.contract'

/**
 * The e-mail outbox of the caller's supply chain, newest first (docs/architecture.md rule 7: "an
 * outbox table, readable by admins"). Without SMTP the e-mails stay here; with it they show
 * when they were sent, or the attempts and the last error.
 */
const list = createRoute({
	tags: ['Mail'],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/outbox_emails',
	summary: 'The supply chain’s e-mail outbox (administrators)',
	request: { headers: SupplyChainHeaders, query: OutboxQuery },
	responses: { 200: jsonContent(OutboxResponse, 'One page of e-mails'), ...errorResponses },
})

export const OutboxApi = { list }
