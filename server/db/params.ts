import { sql } from 'drizzle-orm'

/**
 * UUIDs as one `uuid[]` parameter (`= any(…)`), not one parameter per id: PGlite binds thousands
 * of parameters slowly, and one array keeps a statement's text the same whatever the count. The
 * ids must already be UUIDs (the literal is not escaped).
 */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/** Rows as one `jsonb` parameter (for `jsonb_to_recordset` and the functions that take a batch's rows): one statement writes many rows with their own values. */
export const recordset = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`

/** Texts as one `text[]` parameter (each quoted and escaped in the array literal). */
export const textArray = (values: readonly string[]) =>
	sql`${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`
