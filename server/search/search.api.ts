import { createRoute, z } from '@hono/zod-openapi'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../shared/common'
import {
	AdvancedSearchQuery,
	AdvancedSearchResponse,
	CustomAttributeTypeListQuery,
	CustomAttributeTypeListResponse,
	QuickSearchQuery,
	QuickSearchResponse,
	SearchFormListsResponse,
} from './search.contract'

const common = { tags: ['Search'], security: [{ bearer: [] }] }

const csvContent = {
	'text/csv': {
		schema: z.string().openapi({ description: 'search_report.csv: a header row and every match' }),
	},
}
const tooMany = jsonContent(ErrorBody, 'Too many exports by this user; see Retry-After')

const quick = createRoute({
	...common,
	method: 'get',
	path: '/api/web/search/quick_search',
	summary: 'Quick search: order number prefix, else reference number, else tracking number',
	request: { headers: SupplyChainHeaders, query: QuickSearchQuery },
	responses: {
		200: {
			description: 'A page of rows (or, with include_download=1, the CSV)',
			content: { ...jsonContent(QuickSearchResponse, '').content, ...csvContent },
		},
		...errorResponses,
		429: tooMany,
	},
})

const advanced = createRoute({
	...common,
	method: 'get',
	path: '/api/web/search/advanced_search_beta',
	summary: 'Advanced search: every filter of the form; one row per order × shipment',
	request: { headers: SupplyChainHeaders, query: AdvancedSearchQuery },
	responses: {
		200: {
			description: 'A page of rows (or, with include_download=1, the CSV)',
			content: { ...jsonContent(AdvancedSearchResponse, '').content, ...csvContent },
		},
		...errorResponses,
		429: tooMany,
	},
})

const customTypes = createRoute({
	...common,
	method: 'get',
	path: '/api/web/custom_attribute_type/list',
	summary:
		'Custom attribute types of the supply chain (the newer search form’s custom order detail names)',
	request: { headers: SupplyChainHeaders, query: CustomAttributeTypeListQuery },
	responses: {
		200: jsonContent(CustomAttributeTypeListResponse, 'Custom attribute types, sorted by name'),
		...errorResponses,
	},
})

const formLists = createRoute({
	...common,
	method: 'get',
	path: '/api/web/search/form_lists',
	summary:
		'Every list of the advanced search form in one answer: carriers, conveyance types, tags, order destinations, shipment origins, custom order detail names',
	request: { headers: SupplyChainHeaders },
	responses: {
		200: jsonContent(SearchFormListsResponse, 'The lists, each sorted by name'),
		...errorResponses,
	},
})

export const SearchApi = { quick, advanced, customAttributeTypes: customTypes, formLists }
