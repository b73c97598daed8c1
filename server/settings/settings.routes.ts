import { OpenAPIHono } from '@hono/zod-openapi'
import { SettingsApi } from './settings.api'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '../shared/permissions'
import type { ApiEnv } from '../api/context'
import { requirePermission, requireUser } from '../api/caller'
import { ApiError, invalid, notFound } from '../errors'
import { validationHook } from '../api/errors'
import {
	createApiKeyFor,
	listApiKeys,
	revokeApiKeyById,
	type ListedApiKey,
} from '../auth/machine-keys'
import { guarded } from '../api/route'
import { ImportFileError, errorsCsv } from '../ingest/csv'
import {
	getImport,
	ImportAlreadyRun,
	listImports,
	previewImport,
	runImport,
} from '../ingest/imports'

/**
 * The handlers of SettingsApi (server/settings/settings.api.ts), the settings of data in, for
 * CORE.UPDATE_SUPPLY_CHAIN_SETTINGS: a supply chain's machine keys ("Machine
 * credentials") and its CSV imports ("CSV import for people").
 */

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

export const settingsRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(SettingsApi.listKeys, requireUser, admin), async (c) => {
		const keys = await listApiKeys(c.var.deps.db, c.var.caller.organizationId)
		return c.json({ api_keys: keys.map(wire) }, 200)
	})
	.openapi(guarded(SettingsApi.createKey, requireUser, admin), async (c) => {
		const { name, scopes } = c.req.valid('json')
		const { key, row } = await createApiKeyFor(
			c.var.deps.db,
			c.var.caller.organizationId,
			name,
			scopes,
		)
		return c.json({ api_key: wire(row), key }, 201)
	})
	.openapi(guarded(SettingsApi.revokeKey, requireUser, admin), async (c) => {
		const revoked = await revokeApiKeyById(
			c.var.deps.db,
			c.var.caller.organizationId,
			c.req.valid('param').id,
		)
		if (revoked === null) throw notFound('API key')
		return c.json({ revoked }, 200)
	})
	.openapi(guarded(SettingsApi.listImports, requireUser, admin), async (c) => {
		return c.json({ imports: await listImports(c.var.deps.db, c.var.caller.organizationId) }, 200)
	})
	.openapi(guarded(SettingsApi.createImport, requireUser, admin), async (c) => {
		const { file_name, content } = c.req.valid('json')
		const { organizationId, userId } = c.var.caller
		try {
			return c.json(
				await previewImport(c.var.deps.db, {
					organizationId,
					userId,
					source: 'web',
					fileName: file_name,
					content,
				}),
				201,
			)
		} catch (error) {
			if (error instanceof ImportFileError) throw invalid('content', error.message)
			throw error
		}
	})
	.openapi(guarded(SettingsApi.getImport, requireUser, admin), async (c) => {
		const found = await getImport(
			c.var.deps.db,
			c.var.caller.organizationId,
			c.req.valid('param').id,
		)
		if (!found) throw notFound('Import')
		return c.json(found, 200)
	})
	.openapi(guarded(SettingsApi.runImport, requireUser, admin), async (c) => {
		try {
			const done = await runImport(
				c.var.deps.db,
				c.var.caller.organizationId,
				c.req.valid('param').id,
			)
			if (!done) throw notFound('Import')
			return c.json(done, 200)
		} catch (error) {
			if (error instanceof ImportAlreadyRun) throw new ApiError(409, error.message)
			if (error instanceof ImportFileError) throw invalid('content', error.message)
			throw error
		}
	})
	.openapi(guarded(SettingsApi.importErrors, requireUser, admin), async (c) => {
		const found = await getImport(
			c.var.deps.db,
			c.var.caller.organizationId,
			c.req.valid('param').id,
		)
		if (!found) throw notFound('Import')
		return c.body(errorsCsv(found.errors), 200, {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="import-${found.import.id.slice(0, 8)}-errors.csv"`,
		})
	})
