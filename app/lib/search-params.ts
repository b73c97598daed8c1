/**
 * `search` with `changes` applied (null or '' removes a parameter), as '?…' (or '?' for none):
 * the links and forms of the dashboard's widgets and of the breach sections, each changing only
 * its own parameters and keeping the page's others.
 */
export function withParams(
	search: string | URLSearchParams,
	changes: Record<string, string | number | null>,
): string {
	const q = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null || value === '') q.delete(key)
		else q.set(key, String(value))
	}
	const s = q.toString()
	return s ? `?${s}` : '?'
}

/**
 * Whether a navigation from `current` to `next` stays on the same path and changes some of the
 * parameters in `names` and no other: what a route's shouldRevalidate asks to leave a part of its
 * page that reads itself to that part. The same URL again (a reload, a revalidation) is not.
 */
export function onlyParamsChanged(current: URL, next: URL, names: ReadonlySet<string>): boolean {
	if (current.pathname !== next.pathname) return false
	const keys = new Set([...current.searchParams.keys(), ...next.searchParams.keys()])
	const changed = [...keys].filter(
		(key) =>
			current.searchParams.getAll(key).join('\n') !== next.searchParams.getAll(key).join('\n'),
	)
	return changed.length > 0 && changed.every((key) => names.has(key))
}
