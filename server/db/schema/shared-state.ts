import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

/**
 * State that every process on one PostgreSQL must share ("Nothing per process that
 * matters"). With PGlite (one process) the rate limits stay in memory and the secrets in
 * `DATA_DIR/secrets.json`; these tables exist there too but are left empty.
 */

/**
 * rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres, `tableCreated: true`): one row
 * per limiter key (`<limit name>:<who>`), `points` hits in the window that ends at `expire`
 * (epoch milliseconds). The library writes it with one atomic upsert per hit, so processes on
 * one database count together. The column order is the library's (it inserts VALUES ($1,$2,$3)).
 * Also the captcha's replay guard: a solved challenge is a key allowed one hit.
 */
export const rateLimits = pgTable(
	'rate_limits',
	{
		key: text('key').primaryKey(),
		points: integer('points').notNull().default(0),
		expire: bigint('expire', { mode: 'number' }),
	},
	(t) => [index('rate_limits_expire_idx').on(t.expire)],
)

/**
 * The secrets of a deployment on PostgreSQL that the environment does not set (session secret,
 * web API key, guest-link secret, the embedded provider's client secret), generated once by the
 * first process to start (insert … on conflict do nothing) and read by every other.
 */
export const appSecrets = pgTable('app_secrets', {
	name: text('name').primaryKey(),
	value: text('value').notNull(),
	createdAt: tstz('created_at').notNull().defaultNow(),
})

/**
 * The embedded OpenID provider's signing keys on PostgreSQL (private JWKs). The newest key that
 * is not retired signs; every key whose `verify_until` has not passed is published in the JWKS
 * and verifies. `npm run signing-keys -- rotate` adds a key and retires the others: they keep
 * verifying for the longest token lifetime, then are dropped.
 */
export const signingKeys = pgTable('signing_keys', {
	kid: text('kid').primaryKey(),
	privateJwk: jsonb('private_jwk').notNull(),
	createdAt: tstz('created_at').notNull().defaultNow(),
	/** When it stopped signing; null while it is the signing key. */
	retiredAt: tstz('retired_at'),
	/** After this it verifies nothing (retired_at + the longest token lifetime). */
	verifyUntil: tstz('verify_until'),
})
