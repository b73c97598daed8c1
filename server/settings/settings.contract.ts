import { z } from '@hono/zod-openapi'
import { INGEST_SCOPES } from '../ingest/ingest.contract'

/**
 * A supply chain's settings for data in (issue 18): its machine keys and its CSV imports. Both
 * need SUPPLY_CHAIN_ADMIN_PERMISSION (./permissions.ts).
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
		name: z.string().trim().min(1, 'Name is required').max(API_KEY_NAME_MAX, `Name is at most ${API_KEY_NAME_MAX} characters`),
		scopes: z.array(z.enum(INGEST_SCOPES)).min(1, 'Choose at least one scope').max(INGEST_SCOPES.length),
	})
	.openapi('NewApiKey')
export const CreatedApiKey = z
	.object({
		api_key: ApiKey,
		/** The key in clear: shown this once, stored only as its SHA-256. */
		key: z.string(),
	})
	.openapi('CreatedApiKey')

export const ApiKeyParams = z.object({ id: z.string().uuid().openapi({ param: { name: 'id', in: 'path' } }) })

/** Imports. */
export const IMPORT_KINDS = ['orders', 'events'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]
/** The largest file: 10,000 rows of a few hundred bytes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 10_000

export const ImportRowError = z.object({
	/** The row's line in the file (2 is the first row under the header). */
	row: z.number().int(),
	messages: z.array(z.string()),
	/** The row's own cells, in the file's column order. */
	cells: z.array(z.object({ column: z.string(), value: z.string() })),
})
export type ImportRowError = z.infer<typeof ImportRowError>

export const ImportRecord = z
	.object({
		id: z.string(),
		kind: z.enum(IMPORT_KINDS),
		file_name: z.string(),
		status: z.enum(['previewed', 'imported']),
		source: z.string(),
		/** Who uploaded it (null: the command line). */
		user_email: z.string().nullable(),
		total_rows: z.number().int(),
		good_rows: z.number().int(),
		bad_rows: z.number().int(),
		imported_rows: z.number().int().nullable(),
		created_at: z.string(),
		imported_at: z.string().nullable(),
	})
	.openapi('ImportRecord')
export type ImportRecord = z.infer<typeof ImportRecord>

export const ImportDetail = z.object({ import: ImportRecord, errors: z.array(ImportRowError) }).openapi('ImportDetail')
export const ImportsResponse = z.object({ imports: z.array(ImportRecord) }).openapi('Imports')

export const CreateImportBody = z
	.object({
		file_name: z.string().trim().min(1).max(255),
		/** The CSV's text (UTF-8). */
		content: z.string().max(IMPORT_MAX_BYTES, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
	})
	.openapi('NewImport')
export const ImportParams = ApiKeyParams
