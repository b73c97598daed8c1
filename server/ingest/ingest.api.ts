import { createRoute } from '@hono/zod-openapi'
import { errorResponses, jsonContent } from '../shared/common'
import { IngestBody, IngestResponse } from './ingest.contract'

/**
 * Orders, shipments and events in, with a supply chain's machine key: orders and
 * shipments need the scope `orders:write`, events `events:write`.
 */
const batch = createRoute({
	tags: ['Ingestion'],
	security: [{ machineKey: [] }],
	method: 'post',
	path: '/api/ingest/1.0/batches',
	summary:
		'Upsert a batch of orders, shipments and events on your own ids (whole batch or nothing; the same batch again changes nothing)',
	description:
		'Orders are keyed by order number, shipments and events by `external_id`. A field left out keeps its stored value. Items are written orders first, then shipments, then events, so one batch may create an order and its journey. Events move the order: its status (pending → in process → in transit → delivered, never backwards; cancelled and closed only when sent on the order), its node strip, the live feed, the dashboards and the public tracker. A late event takes its place by its own `event_at`. At most 10,000 items in all; a bad item refuses the batch with 400 and one issue per bad field, e.g. `events.3.order_number`.',
	request: { body: { content: { 'application/json': { schema: IngestBody } }, required: true } },
	responses: {
		200: jsonContent(IngestResponse, 'The batch was stored'),
		413: { description: 'The body is larger than a batch may be' },
		...errorResponses,
	},
})

export const IngestApi = { batch }
