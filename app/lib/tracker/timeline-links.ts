/**
 * The public timeline keeps its state in the URL (docs/architecture.md rule 4): `node` (the
 * selected node), `filtered` + `filter` (the Transit filter menu), `events=all` ('Show
 * All Events'), `collapsed=1` (the selected grouped node's row closed). Around them ride
 * the parameters that say where the visitor came from: `trackingNumber` (000 §2) and
 * `from`, `sortBy`, `orderBy`, `page` (the back link's list page).
 */

const CONTEXT_KEYS = ['trackingNumber', 'from', 'sortBy', 'orderBy', 'page'] as const

/** Link to another node: the context only, so filters and 'Show All Events' start over (000 §4 "Filters reset when the selected node changes"). */
export function nodeSearch(current: URLSearchParams, nodeId: string): string {
	const next = new URLSearchParams()
	for (const key of CONTEXT_KEYS) {
		const value = current.get(key)
		if (value) next.set(key, value)
	}
	next.set('node', nodeId)
	return `?${next}`
}

/** The current URL's query with some parameters set (a string) or removed (null). */
export function withSearch(
	current: URLSearchParams,
	changes: Record<string, string | null>,
): string {
	const next = new URLSearchParams(current)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null) next.delete(key)
		else next.set(key, value)
	}
	const query = next.toString()
	return query ? `?${query}` : '?'
}

/** Hidden fields that carry the current query through the filter menu's GET form, minus the filters themselves. */
export function carriedFields(
	current: URLSearchParams,
	selectedNodeId: string,
): [string, string][] {
	const fields: [string, string][] = [...current.entries()].filter(
		([key]) => key !== 'filter' && key !== 'filtered' && key !== 'node',
	)
	fields.push(['node', selectedNodeId])
	return fields
}
