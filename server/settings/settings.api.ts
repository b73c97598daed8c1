import { createRoute, z } from '@hono/zod-openapi'
import { SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	ApiKeyParams,
	ApiKeysResponse,
	CreateApiKeyBody,
	CreatedApiKey,
	ImportParams,
} from './settings.contract'
import { CreateImportBody, ImportDetail, ImportsResponse } from '../ingest/imports.contract'

/** The settings of data in: machine keys and CSV imports, for CORE.UPDATE_SUPPLY_CHAIN_SETTINGS. */

const listKeys = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/settings/api_keys',
	summary: 'The supply chain’s machine keys, newest first (never the keys themselves)',
	request: { headers: SupplyChainHeaders },
	responses: { 200: jsonContent(ApiKeysResponse, 'The keys'), ...errorResponses },
})

const createKey = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/settings/api_keys',
	summary: 'Make a machine key: answered once in clear, stored as its hash',
	request: {
		headers: SupplyChainHeaders,
		body: { content: { 'application/json': { schema: CreateApiKeyBody } }, required: true },
	},
	responses: { 201: jsonContent(CreatedApiKey, 'The new key, shown once'), ...errorResponses },
})

const revokeKey = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'delete',
	path: '/api/web/settings/api_keys/{id}',
	summary: 'Revoke a machine key (it is refused from then on)',
	request: { headers: SupplyChainHeaders, params: ApiKeyParams },
	responses: {
		200: jsonContent(z.object({ revoked: z.boolean() }), 'Revoked (false: it was already)'),
		404: { description: 'No such key in this supply chain' },
		...errorResponses,
	},
})

const listImports = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/imports',
	summary: 'The supply chain’s CSV imports, newest first (the latest 50)',
	request: { headers: SupplyChainHeaders },
	responses: { 200: jsonContent(ImportsResponse, 'The imports'), ...errorResponses },
})

const createImport = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/imports',
	summary:
		'Upload a CSV of orders and shipments or of events: checked row by row and kept as a preview (nothing imported yet)',
	request: {
		headers: SupplyChainHeaders,
		body: { content: { 'application/json': { schema: CreateImportBody } }, required: true },
	},
	responses: {
		201: jsonContent(ImportDetail, 'The preview: counts and each bad row with why'),
		...errorResponses,
	},
})

const getImport = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/imports/{id}',
	summary: 'One import: its record and each bad row',
	request: { headers: SupplyChainHeaders, params: ImportParams },
	responses: {
		200: jsonContent(ImportDetail, 'The import'),
		404: { description: 'No such import in this supply chain' },
		...errorResponses,
	},
})

const runImport = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/imports/{id}/run',
	summary: 'Import the good rows of a previewed file in one transaction (checked again first)',
	request: { headers: SupplyChainHeaders, params: ImportParams },
	responses: {
		200: jsonContent(ImportDetail, 'The import, done'),
		404: { description: 'No such import in this supply chain' },
		409: { description: 'Already imported' },
		...errorResponses,
	},
})

const importErrors = createRoute({
	tags: ['Settings'],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/imports/{id}/errors.csv',
	summary: 'The bad rows of an import as CSV: row, reason, then the row’s own cells',
	request: { headers: SupplyChainHeaders, params: ImportParams },
	responses: {
		200: { description: 'The errors file', content: { 'text/csv': { schema: z.string() } } },
		404: { description: 'No such import in this supply chain' },
		...errorResponses,
	},
})

export const SettingsApi = {
	listKeys,
	createKey,
	revokeKey,
	listImports,
	createImport,
	getImport,
	runImport,
	importErrors,
}
