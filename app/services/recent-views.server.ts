/**
 * Which visits to a timeline are written for the dashboard's Recently Viewed (001 §2), beside
 * `isNewVisit` (~/lib/timeline/url), which says what a visit is. A reload of the order a user's
 * last written visit named, within VIEW_REPEAT_MS of it, is not written again: on PGlite every
 * write holds the database, and a reload only moves that order's time by a few seconds (issue 20;
 * docs/decisions/0029 §13). A visit to any other order is written at once, so the order of
 * Recently Viewed stays true; an order's time lags a reload by at most VIEW_REPEAT_MS.
 *
 * Per process, like the API's memory of it was: with several processes, a reload served by
 * another one is written there.
 */
export const VIEW_REPEAT_MS = 10_000

export function recentViews(repeatMs = VIEW_REPEAT_MS, max = 10_000) {
	const last = new Map<string, { shipSetId: string; at: number }>()
	return {
		/** Whether the visit of `viewer` (one user in one supply chain) to `shipSetId` at `now` is to be written. */
		due(viewer: string, shipSetId: string, now = Date.now()): boolean {
			const seen = last.get(viewer)
			return !seen || seen.shipSetId !== shipSetId.toLowerCase() || now - seen.at >= repeatMs
		},
		/** The visit was written (only then is a reload within repeatMs skipped). */
		written(viewer: string, shipSetId: string, now = Date.now()) {
			if (last.size >= max && !last.has(viewer)) last.clear()
			last.set(viewer, { shipSetId: shipSetId.toLowerCase(), at: now })
		},
	}
}

/** The web app's one memory of written visits. */
export const writtenViews = recentViews()
