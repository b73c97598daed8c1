/**
 * Where the spec's legacy and alias URLs lead (000 section 2, route table).
 * Pure functions of the request URL, so that loaders only `throw redirect(...)`.
 */

/** The trimmed value of a query parameter, or null when absent or blank. */
function trimmedParam(url: URL, name: string): string | null {
	const value = url.searchParams.get(name)?.trim()
	return value ? value : null
}

/** '/dashboard/search?number=X' → '/search?number=X'; without a number → '/search'. */
export function dashboardSearchTarget(url: URL): string {
	const number = trimmedParam(url, 'number')
	return number ? `/search?number=${encodeURIComponent(number)}` : '/search'
}

/**
 * '/search?number=X' → '/advanced_search?qs_query_string=X' (the parameter renamed, the
 * value kept and URL-encoded); without a number → '/advanced_search'.
 * The legacy "one distinct order goes straight to its timeline" behaviour follows from
 * the advanced search itself, which redirects a single quick-search match to its timeline.
 */
export function searchTarget(url: URL): string {
	const number = trimmedParam(url, 'number')
	return number
		? `/advanced_search?qs_query_string=${encodeURIComponent(number)}`
		: '/advanced_search'
}

/**
 * '/sales_orders/{salesOrderId}/ship_sets/{shipSetId}/timeline' and
 * '/related_order/{shipSetId}' → '/timeline/{shipSetId}', keeping the query string
 * (node_connectable_id, nodeId, guest parameters...).
 */
export function timelineTarget(shipSetId: string, url: URL): string {
	return `/timeline/${encodeURIComponent(shipSetId)}${url.search}`
}
