import { OpenAPIHono } from '@hono/zod-openapi'
import { SettingsApi } from '#contracts/api/settings'
import { SUPPLY_CHAIN_ADMIN_PERMISSION } from '#contracts/permissions'
import type { ApiEnv } from '../context'
import { requirePermission, requireUser } from '../auth'
import { ApiError, invalid, notFound, validationHook } from '../errors'
import { guarded } from '../route'
import { ImportFileError, errorsCsv } from '../../ingest/csv'
import { getImport, ImportAlreadyRun, listImports, previewImport, runImport } from '../../ingest/imports'

/** CSV imports of a supply chain (issue 18 "CSV import for people"), for CORE.UPDATE_SUPPLY_CHAIN_SETTINGS. */

const admin = requirePermission(SUPPLY_CHAIN_ADMIN_PERMISSION)

export const importRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(SettingsApi.listImports, requireUser, admin), async (c) => {
		return c.json({ imports: await listImports(c.var.deps.db, c.var.caller.organizationId) }, 200)
	})
	.openapi(guarded(SettingsApi.createImport, requireUser, admin), async (c) => {
		const { file_name, content } = c.req.valid('json')
		const { organizationId, userId } = c.var.caller
		try {
			return c.json(await previewImport(c.var.deps.db, { organizationId, userId, source: 'web', fileName: file_name, content }), 201)
		} catch (error) {
			if (error instanceof ImportFileError) throw invalid('content', error.message)
			throw error
		}
	})
	.openapi(guarded(SettingsApi.getImport, requireUser, admin), async (c) => {
		const found = await getImport(c.var.deps.db, c.var.caller.organizationId, c.req.valid('param').id)
		if (!found) throw notFound('Import')
		return c.json(found, 200)
	})
	.openapi(guarded(SettingsApi.runImport, requireUser, admin), async (c) => {
		try {
			const done = await runImport(c.var.deps.db, c.var.caller.organizationId, c.req.valid('param').id)
			if (!done) throw notFound('Import')
			return c.json(done, 200)
		} catch (error) {
			if (error instanceof ImportAlreadyRun) throw new ApiError(409, error.message)
			if (error instanceof ImportFileError) throw invalid('content', error.message)
			throw error
		}
	})
	.openapi(guarded(SettingsApi.importErrors, requireUser, admin), async (c) => {
		const found = await getImport(c.var.deps.db, c.var.caller.organizationId, c.req.valid('param').id)
		if (!found) throw notFound('Import')
		return c.body(errorsCsv(found.errors), 200, {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="import-${found.import.id.slice(0, 8)}-errors.csv"`,
		})
	})
