import { createHash, randomBytes } from 'node:crypto'
import { and, arrayContains, desc, eq, isNull } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { Database } from '../db/client'
import { apiKeys, organizations } from '../db/schema'
import type { ApiEnv } from '../api/context'
import { ApiError, unauthorized } from '../errors'

/**
 * Machine credentials (server/db/schema/integrations.ts): `wmk_` and 32 random bytes in
 * base64url, shown once when made; only its SHA-256 is stored, so a stolen database gives no key.
 */

export const KEY_PREFIX = 'wmk_'
const hash = (key: string) => createHash('sha256').update(key).digest('hex')

/** Makes a key for a supply chain (by slug) and answers it in clear, once. */
export async function createApiKey(
	db: Database,
	slug: string,
	name: string,
	scopes: string[],
): Promise<{ key: string; id: string }> {
	const [org] = await db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, slug))
	if (!org) throw new Error(`No supply chain '${slug}'`)
	const { key, row } = await createApiKeyFor(db, org.id, name, scopes)
	return { key, id: row.id }
}

const listed = {
	id: apiKeys.id,
	name: apiKeys.name,
	prefix: apiKeys.prefix,
	scopes: apiKeys.scopes,
	createdAt: apiKeys.createdAt,
	lastUsedAt: apiKeys.lastUsedAt,
	revokedAt: apiKeys.revokedAt,
}
export type ListedApiKey = {
	id: string
	name: string
	prefix: string
	scopes: string[]
	createdAt: Date
	lastUsedAt: Date | null
	revokedAt: Date | null
}

/** Makes a key for a supply chain (by id): the key in clear, once, and its listed row. */
export async function createApiKeyFor(
	db: Database,
	organizationId: string,
	name: string,
	scopes: string[],
): Promise<{ key: string; row: ListedApiKey }> {
	const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`
	const [row] = await db
		.insert(apiKeys)
		.values({
			organizationId,
			name,
			keyHash: hash(key),
			prefix: key.slice(0, KEY_PREFIX.length + 6),
			scopes,
		})
		.returning(listed)
	return { key, row: row! }
}

/** A supply chain's keys, newest first. */
export function listApiKeys(db: Database, organizationId: string): Promise<ListedApiKey[]> {
	return db
		.select(listed)
		.from(apiKeys)
		.where(eq(apiKeys.organizationId, organizationId))
		.orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
}

/** Revokes one of a supply chain's keys: null when it has no such key, false when it was revoked already. */
export async function revokeApiKeyById(
	db: Database,
	organizationId: string,
	id: string,
): Promise<boolean | null> {
	const [row] = await db
		.select({ revokedAt: apiKeys.revokedAt })
		.from(apiKeys)
		.where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
	if (!row) return null
	if (row.revokedAt) return false
	await db
		.update(apiKeys)
		.set({ revokedAt: new Date() })
		.where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
	return true
}

/** Revokes a supply chain's key by name; answers how many were revoked. */
export async function revokeApiKey(db: Database, slug: string, name: string): Promise<number> {
	const [org] = await db
		.select({ id: organizations.id })
		.from(organizations)
		.where(eq(organizations.slug, slug))
	if (!org) throw new Error(`No supply chain '${slug}'`)
	const rows = await db
		.update(apiKeys)
		.set({ revokedAt: new Date() })
		.where(
			and(eq(apiKeys.organizationId, org.id), eq(apiKeys.name, name), isNull(apiKeys.revokedAt)),
		)
		.returning({ id: apiKeys.id })
	return rows.length
}

/**
 * `Authorization: Bearer wmk_…` naming a live key with `scope`: the request acts for the key's
 * supply chain (c.var.machine). 401 without a known live key, 403 without the scope. With no
 * scope, any live key passes and the handler checks `c.var.machine.scopes` against what it writes.
 */
export function requireMachineKey(scope: string | null) {
	return createMiddleware<ApiEnv>(async (c, next) => {
		const header = c.req.header('authorization') ?? ''
		const key = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
		if (!key.startsWith(KEY_PREFIX) || key.length > 100) throw unauthorized()
		const { db } = c.var.deps
		const live = and(eq(apiKeys.keyHash, hash(key)), isNull(apiKeys.revokedAt))
		// The live key with the scope, marked as used and read in one statement (a statement less for
		// every ingested batch); only a refused key is read again, to tell 401 from 403.
		const [row] = await db
			.update(apiKeys)
			.set({ lastUsedAt: new Date() })
			.where(scope ? and(live, arrayContains(apiKeys.scopes, [scope])) : live)
			.returning({ id: apiKeys.id, organizationId: apiKeys.organizationId, scopes: apiKeys.scopes })
		if (!row) {
			const [known] = scope ? await db.select({ id: apiKeys.id }).from(apiKeys).where(live) : []
			throw known
				? new ApiError(403, `Forbidden: the key lacks the scope ${scope}`)
				: unauthorized()
		}
		c.set('machine', { keyId: row.id, organizationId: row.organizationId, scopes: row.scopes })
		await next()
	})
}
