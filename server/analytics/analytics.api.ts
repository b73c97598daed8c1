import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	EmbedToken,
	FreightCostExportQuery,
	FreightCostQuery,
	FreightCostReport,
} from './analytics.contract'

/** The analytics base, "{scm}/private/analytics/1.0" (000 §7). Both need CORE.ANALYTICS (000 §6). */
const common = { tags: ['Analytics'], security: [{ bearer: [] }] }

const freightCost = createRoute({
	...common,
	method: 'get',
	path: '/private/analytics/1.0/freight_cost',
	summary:
		'The built-in freight-cost report: by month, carrier, lane and conveyance type, with totals',
	request: { headers: SupplyChainHeaders, query: FreightCostQuery },
	responses: { 200: jsonContent(FreightCostReport, 'The report'), ...errorResponses },
})

const freightCostExport = createRoute({
	...common,
	method: 'get',
	path: '/private/analytics/1.0/freight_cost/export',
	summary:
		'One table of the freight-cost report as CSV (the same filters; table = month, carrier, lane or conveyance)',
	request: { headers: SupplyChainHeaders, query: FreightCostExportQuery },
	responses: {
		200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
		...errorResponses,
	},
})

const generateEmbedToken = createRoute({
	...common,
	method: 'post',
	path: '/private/analytics/1.0/generate_embed_token',
	summary:
		"A Power BI embed token for the supply chain's report (000 §7); 404 when Power BI is not configured",
	request: { headers: SupplyChainHeaders },
	responses: {
		200: jsonContent(EmbedToken, 'reportId, embedUrl, embedToken, expiration'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'Power BI is not configured'),
		502: jsonContent(ErrorBody, 'Power BI refused or did not answer'),
	},
})

export const AnalyticsApi = { freightCost, freightCostExport, generateEmbedToken } as const
