import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { organizationId, users } from './accounts'
import { createdAt, id, tstz } from './columns'

/**
 * Machine credentials of a supply chain ("a machine credential per supply chain, not a
 * person's session"): a device gateway or an integration sends `Authorization: Bearer wmk_…`.
 * Only the key's SHA-256 is kept; `prefix` (its first characters) names it in lists and logs.
 * `scopes` lists what it may do, e.g. 'readings:write'.
 */
export const apiKeys = pgTable(
	'api_keys',
	{
		id: id(),
		organizationId: organizationId(),
		name: text('name').notNull(),
		keyHash: text('key_hash').notNull().unique(),
		prefix: text('prefix').notNull(),
		scopes: text('scopes').array().notNull(),
		createdAt: createdAt(),
		lastUsedAt: tstz('last_used_at'),
		revokedAt: tstz('revoked_at'),
	},
	(t) => [index('api_keys_org_idx').on(t.organizationId)],
)

/**
 * Domain events: the transactional outbox of "something happened to an order". A
 * writer (ingestion, a timeline action, breach detection) records one in the SAME transaction
 * as the change, through `server/domain-events/record.ts`; dispatchers (webhooks, e-mail
 * notifications) read them afterwards, so nothing is announced that was rolled back and
 * nothing committed goes unannounced. `seq` orders them; `dispatchedAt` marks the ones a
 * dispatcher has fanned out.
 */
export const domainEvents = pgTable(
	'domain_events',
	{
		id: id(),
		seq: bigserial('seq', { mode: 'number' }).notNull(),
		organizationId: organizationId(),
		kind: text('kind').notNull(),
		shipSetId: uuid('ship_set_id'),
		payload: jsonb('payload').notNull().default({}),
		occurredAt: tstz('occurred_at').notNull(),
		createdAt: createdAt(),
		dispatchedAt: tstz('dispatched_at'),
	},
	(t) => [
		index('domain_events_undispatched_idx')
			.on(t.seq)
			.where(sql`${t.dispatchedAt} is null`),
		index('domain_events_org_ship_set_idx').on(t.organizationId, t.shipSetId),
	],
)

/**
 * A CSV import ("keeps a record of each import (who, when, counts, errors file)"): made
 * when a person (or `npm run import`) uploads a file, which is kept here with its preview until
 * the good rows are imported. `kind` is 'orders' (orders and shipments) or 'events'. `errors`
 * lists each bad row: `{ row, messages, cells }` (row 2 is the first under the header).
 */
export const imports = pgTable(
	'imports',
	{
		id: id(),
		organizationId: organizationId(),
		/** Who uploaded it; null from the command line. */
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		/** 'web' or 'cli'. */
		source: text('source').notNull().default('web'),
		kind: text('kind').notNull(),
		fileName: text('file_name').notNull(),
		/** The file as uploaded (at most IMPORT_MAX_BYTES). */
		content: text('content').notNull(),
		/** previewed | imported */
		status: text('status').notNull().default('previewed'),
		totalRows: integer('total_rows').notNull().default(0),
		goodRows: integer('good_rows').notNull().default(0),
		badRows: integer('bad_rows').notNull().default(0),
		/** Rows written by the import (good rows at the time it ran). */
		importedRows: integer('imported_rows'),
		errors: jsonb('errors').notNull().default([]),
		createdAt: createdAt(),
		importedAt: tstz('imported_at'),
	},
	(t) => [index('imports_org_created_idx').on(t.organizationId, t.createdAt)],
)
