import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { ReadingsApi } from './readings.api'
import { READINGS_BATCH_MAX } from './readings.contract'
import type { ApiEnv } from '../api/context'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { requireMachineKey } from '../auth/machine-keys'
import { guarded } from '../api/route'
import { ingestReadings } from './ingest'

/** A batch of readings is at most READINGS_BATCH_MAX readings of ~150 bytes each. */
const MAX_BODY = READINGS_BATCH_MAX * 200

export const READINGS_SCOPE = 'readings:write'

export const readingRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(
	guarded(
		ReadingsApi.ingest,
		requireMachineKey(READINGS_SCOPE),
		bodyLimit({
			maxSize: MAX_BODY,
			onError: () => {
				throw new ApiError(
					413,
					`A batch is at most ${READINGS_BATCH_MAX} readings (${MAX_BODY} bytes)`,
				)
			},
		}),
	),
	async (c) => {
		const { organizationId } = c.var.machine
		const result = await ingestReadings(
			c.var.deps.db,
			organizationId,
			c.req.valid('param').id,
			c.req.valid('json').readings,
		)
		return c.json(result, 200)
	},
)
