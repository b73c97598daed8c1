import { OpenAPIHono } from '@hono/zod-openapi'
import { SettingsApi } from '#contracts/api/settings'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '#contracts/permissions'
import type { ApiEnv } from '../context'
import { requirePermission, requireUser } from '../auth'
import { notFound, validationHook } from '../errors'
import { createApiKeyFor, listApiKeys, revokeApiKeyById, type ListedApiKey } from '../machine-keys'
import { guarded } from '../route'

/** A supply chain's machine keys (issue 18 "Machine credentials"), for CORE.UPDATE_SUPPLY_CHAIN_SETTINGS. */

const wire = (k: ListedApiKey) => ({
	id: k.id,
	name: k.name,
	prefix: k.prefix,
	scopes: k.scopes,
	created_at: k.createdAt.toISOString(),
	last_used_at: k.lastUsedAt?.toISOString() ?? null,
	revoked_at: k.revokedAt?.toISOString() ?? null,
})
const admin = requirePermission(SUPPLY_CHAIN_ADMIN_PERMISSION)

export const apiKeyRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(SettingsApi.listKeys, requireUser, admin), async (c) => {
		const keys = await listApiKeys(c.var.deps.db, c.var.caller.organizationId)
		return c.json({ api_keys: keys.map(wire) }, 200)
	})
	.openapi(guarded(SettingsApi.createKey, requireUser, admin), async (c) => {
		const { name, scopes } = c.req.valid('json')
		const { key, row } = await createApiKeyFor(c.var.deps.db, c.var.caller.organizationId, name, scopes)
		return c.json({ api_key: wire(row), key }, 201)
	})
	.openapi(guarded(SettingsApi.revokeKey, requireUser, admin), async (c) => {
		const revoked = await revokeApiKeyById(c.var.deps.db, c.var.caller.organizationId, c.req.valid('param').id)
		if (revoked === null) throw notFound('API key')
		return c.json({ revoked }, 200)
	})
