import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { organizationId } from './accounts'
import { createdAt, id, tstz } from './columns'

/**
 * Machine credentials of a supply chain (issue 16: "a machine credential per supply chain, not a
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
