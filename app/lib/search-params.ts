/**
 * `search` with `changes` applied (null or '' removes a parameter), as '?…' (or '?' for none):
 * the links and forms of the dashboard's widgets and of the breach sections, each changing only
 * its own parameters and keeping the page's others.
 */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null>): string {
	const q = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null || value === '') q.delete(key)
		else q.set(key, String(value))
	}
	const s = q.toString()
	return s ? `?${s}` : '?'
}
