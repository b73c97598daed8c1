import { SearchApi } from '#api/search/search'
import type { Query, ScmCaller } from './client.server'

/** Quick and advanced search (000 §7) and the CSV export. */
export function searchCalls({ call, stream }: ScmCaller) {
	return {
		quick: (query: Query) => call(SearchApi.quick, { query }),
		advanced: (query: Query) => call(SearchApi.advanced, { query }),
		/** Every list of the advanced search form, in one call. */
		formLists: () => call(SearchApi.formLists, {}),
		/** The newer form's custom order detail names (000 §7: data_types string, string_array, integer). */
		customAttributeTypes: (dataTypes: string[] = ['string', 'string_array', 'integer']) =>
			// 000 §7: the newer form sends data_types only, so shipment attribute types are listed too.
			call(SearchApi.customAttributeTypes, { query: { data_types: dataTypes } }),
		/**
		 * search_report.csv of every match (include_download=1): the API's Response, its body
		 * a stream passed through untouched, so the file starts before the query ends.
		 */
		export: (kind: 'quick' | 'advanced', query: Query): Promise<Response> =>
			stream(SearchApi[kind], { query: { ...query, include_download: '1' } }, 'text/csv'),
	}
}
