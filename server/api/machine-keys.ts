import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { Database } from '../db/client'
import { apiKeys, organizations } from '../db/schema'
import type { ApiEnv } from './context'
import { ApiError, unauthorized } from './errors'

/**
 * Machine credentials (server/db/schema/integrations.ts): `wmk_` and 32 random bytes in
 * base64url, shown once when made; only its SHA-256 is stored, so a stolen database gives no key.
 */

export const KEY_PREFIX = 'wmk_'
const hash = (key: string) => createHash('sha256').update(key).digest('hex')

/** Makes a key for a supply chain (by slug) and answers it in clear, once. */
export async function createApiKey(db: Database, slug: string, name: string, scopes: string[]): Promise<{ key: string; id: string }> {
	const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug))
	if (!org) throw new Error(`No supply chain '${slug}'`)
	const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`
	const [row] = await db
		.insert(apiKeys)
		.values({ organizationId: org.id, name, keyHash: hash(key), prefix: key.slice(0, KEY_PREFIX.length + 6), scopes })
		.returning({ id: apiKeys.id })
	return { key, id: row!.id }
}

/** Revokes a supply chain's key by name; answers how many were revoked. */
export async function revokeApiKey(db: Database, slug: string, name: string): Promise<number> {
	const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug))
	if (!org) throw new Error(`No supply chain '${slug}'`)
	const rows = await db
		.update(apiKeys)
		.set({ revokedAt: new Date() })
		.where(and(eq(apiKeys.organizationId, org.id), eq(apiKeys.name, name), isNull(apiKeys.revokedAt)))
		.returning({ id: apiKeys.id })
	return rows.length
}

/**
 * `Authorization: Bearer wmk_…` naming a live key with `scope`: the request acts for the key's
 * supply chain (c.var.machine). 401 without a known live key, 403 without the scope.
 */
export function requireMachineKey(scope: string) {
	return createMiddleware<ApiEnv>(async (c, next) => {
		const header = c.req.header('authorization') ?? ''
		const key = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
		if (!key.startsWith(KEY_PREFIX) || key.length > 100) throw unauthorized()
		const { db } = c.var.deps
		const [row] = await db
			.select({ id: apiKeys.id, organizationId: apiKeys.organizationId, scopes: apiKeys.scopes })
			.from(apiKeys)
			.where(and(eq(apiKeys.keyHash, hash(key)), isNull(apiKeys.revokedAt)))
		if (!row) throw unauthorized()
		if (!row.scopes.includes(scope)) throw new ApiError(403, `Forbidden: the key lacks the scope ${scope}`)
		c.set('machine', { keyId: row.id, organizationId: row.organizationId })
		await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id))
		await next()
	})
}
