import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core'

/**
 * What the timeline's answer was read at (docs/decisions/0029 §21): one row per order, and one per
 * organization for the reference rows a timeline shows (locations, carriers, tags, people…), whose
 * `version` every write that changes what the order's timeline answers sets anew, from one
 * sequence, in the writer's own transaction (statement triggers, migration 0034). The API keeps an
 * order's answer beside the versions it was read at and asks the database only whether they moved
 * (`waymark_timeline_read`). No row: nothing written since the migration (version 0). No foreign
 * key: a scope is an order or an organization.
 */
export const timelineVersions = pgTable('timeline_versions', {
	scopeId: uuid('scope_id').primaryKey(),
	version: bigint('version', { mode: 'number' }).notNull(),
	/** The transaction that set it (its 64-bit id): a scope is set once per transaction. */
	writtenBy: bigint('written_by', { mode: 'number' }).notNull(),
})
