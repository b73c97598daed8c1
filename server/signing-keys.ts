import { createLocalJWKSet, type JWK, type JWTVerifyGetKey } from 'jose'
import { desc, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { JsonWebKey } from 'node:crypto'
import type { Database } from './db/client'
import { signingKeys } from './db/schema'
import { publicJwk } from './auth/jwks'
import { newSigningKey } from './secrets'

/**
 * The embedded OpenID provider's signing keys on PostgreSQL ("the embedded provider's
 * signing keys … come from the environment or the database, rotatable (new key signs, old key
 * still verifies until it expires)"). Every process on the database reads the same keys, so a
 * token one issued is accepted by every other.
 *
 * Rotation (`npm run signing-keys -- rotate`): a new key is added and signs from each process's
 * next start; the keys it replaces are retired but still published and accepted until
 * `verify_until` (retirement plus the longest token lifetime), then dropped. A process that
 * meets a token signed with a key it has not loaded yet reads the table again (see databaseJwks).
 */

/** The keys to load, the signing one first: the newest unretired, then every one still verifying. */
export async function currentSigningKeys(db: Database): Promise<JsonWebKey[]> {
	const rows = await db
		.select({ jwk: signingKeys.privateJwk, retiredAt: signingKeys.retiredAt })
		.from(signingKeys)
		.where(or(isNull(signingKeys.verifyUntil), gt(signingKeys.verifyUntil, new Date())))
		.orderBy(sql`${signingKeys.retiredAt} is not null`, desc(signingKeys.createdAt))
	return rows.map((r) => r.jwk as JsonWebKey)
}

/**
 * The keys, making the first when there is none. Run under the start-up lock (server/db/client.ts
 * withStartupLock), so that two processes starting together on an empty database make one key.
 */
export async function ensureSigningKeys(db: Database): Promise<JsonWebKey[]> {
	await db.transaction(async (tx) => {
		// Serializes the check and the insert on its own too (PGlite runs one transaction at a time).
		await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`)
		const signing = await tx
			.select({ kid: signingKeys.kid })
			.from(signingKeys)
			.where(isNull(signingKeys.retiredAt))
			.limit(1)
		if (signing.length) return
		// None signs (a first start): a key of its own, the retired ones still verifying as they were.
		const key = newSigningKey()
		await tx.insert(signingKeys).values({ kid: String(key.kid), privateJwk: key })
	})
	return currentSigningKeys(db)
}

/**
 * The keys the embedded provider signs with on PostgreSQL: OIDC_SIGNING_KEYS when the environment
 * sets them (the table is then neither read nor written: the key store owns them and rotates them
 * by listing a new key first), else the table's, making the first.
 */
export async function loadSigningKeys(
	config: { OIDC_SIGNING_KEYS?: JsonWebKey[] },
	db: Database,
): Promise<JsonWebKey[]> {
	return config.OIDC_SIGNING_KEYS ?? ensureSigningKeys(db)
}

/**
 * How the API verifies the embedded provider's tokens: from the table when the keys are the
 * database's (read again for a key another process rotated in), else from the loaded keys alone
 * (PGlite's secrets.json, or OIDC_SIGNING_KEYS: every process has the same list).
 */
export function signingKeysVerifier(keys: JsonWebKey[], tableDb: Database | null): JWTVerifyGetKey {
	return tableDb ? databaseJwks(tableDb, keys) : localSet(keys)
}

/** The advisory lock of making and rotating signing keys. */
const KEYS_LOCK = 7_761_796_001

/**
 * Adds a new signing key; the others stop signing and verify for `verifySeconds` more (the
 * longest lifetime of a token they signed). Expired keys are dropped. Returns the keys to load.
 */
export async function rotateSigningKey(db: Database, verifySeconds: number): Promise<JsonWebKey[]> {
	const key = newSigningKey()
	await db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`)
		await tx
			.update(signingKeys)
			.set({ retiredAt: new Date(), verifyUntil: new Date(Date.now() + verifySeconds * 1000) })
			.where(isNull(signingKeys.retiredAt))
		await tx.insert(signingKeys).values({ kid: String(key.kid), privateJwk: key })
		await tx.delete(signingKeys).where(lt(signingKeys.verifyUntil, new Date()))
	})
	return currentSigningKeys(db)
}

/** Retired keys whose time is up: gone from the table (and from each process's next reload). */
export async function dropExpiredSigningKeys(db: Database): Promise<number> {
	const gone = await db
		.delete(signingKeys)
		.where(lt(signingKeys.verifyUntil, new Date()))
		.returning({ kid: signingKeys.kid })
	return gone.length
}

/**
 * The API's verification keys from the table: the loaded set, read again (at most every five
 * seconds) when a token names a key id it lacks, so a key another process rotated in is found.
 */
export function databaseJwks(
	db: Database,
	loaded: JsonWebKey[],
	opts: { minReloadMs?: number } = {},
): JWTVerifyGetKey {
	const minReloadMs = opts.minReloadMs ?? 5_000
	let set = localSet(loaded)
	let kids = new Set(loaded.map((k) => String(k.kid)))
	let reloadedAt = Date.now()
	return async (header, token) => {
		if (header.kid && !kids.has(header.kid) && Date.now() - reloadedAt >= minReloadMs) {
			reloadedAt = Date.now()
			const fresh = await currentSigningKeys(db)
			set = localSet(fresh)
			kids = new Set(fresh.map((k) => String(k.kid)))
		}
		return set(header, token)
	}
}

function localSet(keys: JsonWebKey[]) {
	return createLocalJWKSet({ keys: keys.map((k) => publicJwk(k) as JWK) })
}
