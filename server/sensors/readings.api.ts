import { createRoute } from '@hono/zod-openapi'
import { errorResponses, jsonContent } from '../shared/common'
import { ReadingsBody, ReadingsResponse, TrackingGroupIdParams } from './readings.contract'

/** Machine-to-machine ingestion: authenticated by a supply chain's API key, not a person's session. */
const ingest = createRoute({
	tags: ['Ingestion'],
	security: [{ machineKey: [] }],
	method: 'post',
	path: '/api/ingest/1.0/tracking_groups/{id}/readings',
	summary:
		'Store a batch of readings of a tracking group’s items and detect breaches in the same transaction (whole batch or nothing; repeats are ignored)',
	request: {
		params: TrackingGroupIdParams,
		body: { content: { 'application/json': { schema: ReadingsBody } }, required: true },
	},
	responses: { 200: jsonContent(ReadingsResponse, 'The batch was stored'), ...errorResponses },
})

export const ReadingsApi = { ingest }
