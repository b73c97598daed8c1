import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

/**
 * The embedded OpenID provider's state (sessions, interactions, grants,
 * authorization codes...), one row per model instance, so that sign-in
 * survives a restart and is shared by every process on the same database.
 */
export const oidcPayloads = pgTable(
	'oidc_payloads',
	{
		model: text('model').notNull(),
		id: text('id').notNull(),
		payload: jsonb('payload').notNull(),
		grantId: text('grant_id'),
		userCode: text('user_code'),
		uid: text('uid'),
		expiresAt: tstz('expires_at'),
		consumedAt: tstz('consumed_at'),
	},
	(t) => [
		primaryKey({ columns: [t.model, t.id] }),
		index('oidc_payloads_grant_idx').on(t.grantId),
		index('oidc_payloads_uid_idx').on(t.uid),
		index('oidc_payloads_expires_idx').on(t.expiresAt),
	],
)

/**
 * Access tokens ended by sign-out before their expiry ("Sign-out ends the session
 * on the server"). JWT access tokens cannot be recalled from the browser that holds them, so
 * the API refuses every token listed here; a row is kept until the token would have expired
 * anyway. The key is the SHA-256 of the token, so the table holds nothing usable.
 */
export const revokedTokens = pgTable(
	'revoked_tokens',
	{
		tokenHash: text('token_hash').primaryKey(),
		expiresAt: tstz('expires_at').notNull(),
	},
	(t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
)
