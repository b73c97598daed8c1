import { z } from '@hono/zod-openapi'

/**
 * The CSV import (docs/csv-import.md): what the Import screen and `npm run import` send
 * and read back. server/ingest/imports.ts runs it; the settings API serves it.
 */

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

export const ImportDetail = z
	.object({ import: ImportRecord, errors: z.array(ImportRowError) })
	.openapi('ImportDetail')
export const ImportsResponse = z.object({ imports: z.array(ImportRecord) }).openapi('Imports')

export const CreateImportBody = z
	.object({
		file_name: z.string().trim().min(1).max(255),
		/** The CSV's text (UTF-8). */
		content: z
			.string()
			.max(IMPORT_MAX_BYTES, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
	})
	.openapi('NewImport')
