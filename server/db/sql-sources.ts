/**
 * The database's functions and triggers: one file per capability, kept beside that capability's
 * queries, each the one current definition of what it makes. `migrate` applies them after the
 * migrations (`applySqlSources`, server/db/client.ts; docs/decisions/0031) in this order: a
 * SQL-language function's body is checked when it is made, so a file comes after those it calls.
 * A file is named by its path under server/, the name `waymark_sql_sources` records it by.
 */
export const SQL_SOURCES = [
	'timeline/timeline.sql',
	'comments/comments.sql',
	'search/search.sql',
	'dashboard/dashboard.sql',
	'analytics/freight-analytics.sql',
	'db/event-keys.sql',
	'domain-events/domain-events.sql',
	'ingest/ingest.sql',
	'db/read-models.sql',
] as const
