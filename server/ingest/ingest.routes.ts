import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { IngestApi } from './ingest.api'
import { batchItems, INGEST_BATCH_MAX } from './ingest.contract'
import type { ApiEnv } from '../api/context'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { requireMachineKey } from '../auth/machine-keys'
import { guarded } from '../api/route'
import { ingestBatch } from './batch'

/** A batch is at most INGEST_BATCH_MAX items of at most ~2 KB each (an event with a full place is ~600 bytes). */
const MAX_BODY = INGEST_BATCH_MAX * 2048

export const ORDERS_SCOPE = 'orders:write'
export const EVENTS_SCOPE = 'events:write'

export const ingestRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(
	guarded(
		IngestApi.batch,
		requireMachineKey(null),
		bodyLimit({
			maxSize: MAX_BODY,
			onError: () => {
				throw new ApiError(413, `A batch is at most ${INGEST_BATCH_MAX} items (${MAX_BODY} bytes)`)
			},
		}),
	),
	async (c) => {
		const { organizationId, scopes } = c.var.machine
		const body = c.req.valid('json')
		const max = c.var.deps.ingestBatchMax ?? INGEST_BATCH_MAX
		const items = batchItems(body)
		if (items > max)
			throw new ApiError(
				413,
				`A batch is at most ${max} items on this server (this one ${items}): send it as several batches`,
			)
		if ((body.orders?.length || body.shipments?.length) && !scopes.includes(ORDERS_SCOPE))
			throw new ApiError(403, `Forbidden: the key lacks the scope ${ORDERS_SCOPE}`)
		if (body.events?.length && !scopes.includes(EVENTS_SCOPE))
			throw new ApiError(403, `Forbidden: the key lacks the scope ${EVENTS_SCOPE}`)
		return c.json(await ingestBatch(c.var.deps.db, organizationId, body), 200)
	},
)
