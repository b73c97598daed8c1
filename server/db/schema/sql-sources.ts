import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

/**
 * The files of SQL_SOURCES (server/db/sql-sources.ts: the database's functions and triggers) as
 * last applied, one row per file, named by its path under server/: a file is applied again when
 * its text's hash differs or a migration ran since (`applySqlSources` in server/db/client.ts, at
 * every start under the start-up lock).
 */
export const sqlSources = pgTable('waymark_sql_sources', {
	name: text('name').primaryKey(),
	sha256: text('sha256').notNull(),
	/** How many migrations the database had when the file was applied. */
	migrations: integer('migrations').notNull(),
	appliedAt: tstz('applied_at').notNull().defaultNow(),
})
