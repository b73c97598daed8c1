/** Timeline URL state (002 §2 Routes): every choice is a query parameter, so links work without JavaScript. */

/** 002 §2 "Right-hand tabs", in the spec's order; 'tracker' shows only where showsTrackerTab allows. */
export const TABS = ['calendar', 'location', 'tracker', 'documents', 'photos', 'comments'] as const
export type Tab = (typeof TABS)[number]
export type View = 'stream' | 'touch'

export function parseTab(value: string | null): Tab {
	return (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'calendar'
}

/** Activity Stream is the touch view; Order Timeline (stream) is the default. */
export function parseView(value: string | null): View {
	return value === 'touch' || value === 'activity' ? 'touch' : 'stream'
}

/** `search` with `changes` applied (null removes a key), as '?a=b' (or '?' alone when empty). */
export function withParams(search: string, changes: Record<string, string | null>): string {
	const params = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null) params.delete(key)
		else params.set(key, value)
	}
	const text = params.toString()
	return text ? `?${text}` : '?'
}

/** A 1-based page number from the URL (`comments_page`, `logs_page`); anything else is page 1. */
export function pageNumber(value: string | null): number {
	const n = Number(value)
	return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

/**
 * The link that selects a node (`?nodeId=`): the node's own state starts afresh — opened,
 * its events list short, the filters back to their defaults (000 §4 "Filters reset when the selected node
 * changes"), no sensor or item chosen.
 */
export function nodeHref(search: string, nodeId: string): string {
	return withParams(search, {
		nodeId,
		node_connectable_id: null,
		events: null,
		filters: null,
		sensor: null,
		item: null,
		collapsed: null,
	})
}

/**
 * Whether a request for the timeline of `shipSetId` starts a visit (for the dashboard's Recently
 * Viewed): yes unless it comes from a page of this same order's timeline — a tab, a node, a modal,
 * a form posted and redirected back, or a revalidation, all of which the browser sends with that
 * page as the Referer (same origin, so the full URL under the app's Referrer-Policy).
 */
export function isNewVisit(referer: string | null, requestUrl: URL, shipSetId: string): boolean {
	if (!referer) return true
	let from: URL
	try {
		from = new URL(referer)
	} catch {
		return true
	}
	if (from.origin !== requestUrl.origin) return true
	const page = `/timeline/${shipSetId}`
	return from.pathname !== page && !from.pathname.startsWith(`${page}/`)
}
