import { LRUCache } from 'lru-cache'

/**
 * Which visits to a timeline are written for the dashboard's Recently Viewed (001 §2), beside
 * `isNewVisit` (~/lib/timeline/url), which says what a visit is. A reload of the order a user's
 * last written visit named, within VIEW_REPEAT_MS of it, is not written again: a throttle of a
 * write, not a cache of a read (docs/caching.md). A visit to any other order is written at once,
 * so the order of Recently Viewed stays true; an order's time lags a reload by at most
 * VIEW_REPEAT_MS.
 *
 * Per process: with several processes, a reload served by another one is written there.
 */
export const VIEW_REPEAT_MS = 10_000

export function recentViews({
	max = 10_000,
	clock,
}: { max?: number; clock?: { now(): number } } = {}) {
	// Per viewer (one user in one supply chain), the order of the last visit written.
	const last = new LRUCache<string, string>({
		max,
		ttl: VIEW_REPEAT_MS,
		ttlResolution: 0,
		...(clock ? { perf: clock } : {}),
	})
	return {
		/** Whether the visit of `viewer` to `shipSetId` is to be written. */
		due: (viewer: string, shipSetId: string): boolean =>
			last.get(viewer) !== shipSetId.toLowerCase(),
		/** The visit was written (only then is a reload within VIEW_REPEAT_MS skipped). */
		written: (viewer: string, shipSetId: string) => void last.set(viewer, shipSetId.toLowerCase()),
	}
}

/** The web app's one memory of written visits. */
export const writtenViews = recentViews()
