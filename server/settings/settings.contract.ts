import { z } from '@hono/zod-openapi'
import { INGEST_SCOPES } from '../ingest/ingest.contract'

/**
 * A supply chain's settings for data in: its machine keys and its CSV imports (whose
 * schemas are ingestion's, server/ingest/imports.contract.ts). Both need
 * SUPPLY_CHAIN_ADMIN_PERMISSION (server/shared/permissions.ts).
 */

export const SCOPE_LABELS: Record<(typeof INGEST_SCOPES)[number], string> = {
	'orders:write': 'Orders and shipments',
	'events:write': 'Events',
	'readings:write': 'Sensor readings',
}

export const ApiKey = z
	.object({
		id: z.string(),
		name: z.string(),
		/** The key's first characters, to tell keys apart (the key itself is never shown again). */
		prefix: z.string(),
		scopes: z.array(z.string()),
		created_at: z.string(),
		last_used_at: z.string().nullable(),
		revoked_at: z.string().nullable(),
	})
	.openapi('ApiKey')
export const ApiKeysResponse = z.object({ api_keys: z.array(ApiKey) }).openapi('ApiKeys')

export const API_KEY_NAME_MAX = 100
export const CreateApiKeyBody = z
	.object({
		name: z
			.string()
			.trim()
			.min(1, 'Name is required')
			.max(API_KEY_NAME_MAX, `Name is at most ${API_KEY_NAME_MAX} characters`),
		scopes: z
			.array(z.enum(INGEST_SCOPES))
			.min(1, 'Choose at least one scope')
			.max(INGEST_SCOPES.length),
	})
	.openapi('NewApiKey')
export const CreatedApiKey = z
	.object({
		api_key: ApiKey,
		/** The key in clear: shown this once, stored only as its SHA-256. */
		key: z.string(),
	})
	.openapi('CreatedApiKey')

export const ApiKeyParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' } }),
})

/** An import's id in the path. */
export const ImportParams = ApiKeyParams
