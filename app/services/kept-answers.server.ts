/**
 * Answers kept a short time per key, in this process (docs/decisions/0029): the first caller's
 * promise is handed to every caller within `ttlMs`, so concurrent requests share one read; a
 * failure is not kept (the next caller asks again); past `max` keys the map is emptied, as a guard
 * against keys that come from visitors' typing. Used by the toggles, the reference lists and the
 * public tracker's switch.
 */
export function keptAnswers<T>(ttlMs: number, max: number) {
	const kept = new Map<string, { at: number; value: Promise<T> }>()
	return {
		get(key: string, load: () => Promise<T>): Promise<T> {
			const now = Date.now()
			const hit = kept.get(key)
			if (hit && now - hit.at < ttlMs) return hit.value
			const value = load()
			value.catch(() => kept.delete(key))
			if (kept.size >= max) kept.clear()
			kept.set(key, { at: now, value })
			return value
		},
		/** Drops every key the predicate picks (a user's writes drop that user's reference lists). */
		forget(picks: (key: string) => boolean) {
			for (const key of kept.keys()) if (picks(key)) kept.delete(key)
		},
	}
}
