import { z } from 'zod'
import { UUID } from '#shared/ids'
/**
 * The tabbed dashboard's lists (001 §2 "Tabbed dashboard", §4 "Tabbed list paging").
 */
export const DASHBOARD_TABS = [
	{ id: 'following', label: 'Following', empty: 'You are not following any ship set.' },
	{ id: 'live_feed', label: 'Live Feed', empty: 'Empty Record.' },
	{ id: 'recently_viewed', label: 'Recently Viewed', empty: 'You have not viewed any ship set.' },
] as const
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id']

/** "Tabs: Following, Live Feed (default), Recently Viewed" */
export function parseTab(value: string | null): DashboardTab {
	return DASHBOARD_TABS.some((t) => t.id === value) ? (value as DashboardTab) : 'live_feed'
}

/** "page by offset in steps of 10" */
export const LIST_STEP = 10

/** How many rows a URL asks for: `?shown=N` (a multiple of 10, at least 10, at most 100). */
export function parseShown(value: string | null): number {
	const n = Number(value)
	if (!Number.isFinite(n) || n < LIST_STEP) return LIST_STEP
	return Math.min(100, Math.ceil(n / LIST_STEP) * LIST_STEP)
}

/**
 * The spec reads "More is available while the loaded count is below the total
 * minus one", which never loads the last row of a list of 11, 21, ... rows.
 * Decision: more is available while the loaded count is below the total.
 */
export function hasMore(loaded: number, total: number): boolean {
	return loaded < total
}

/** The Following list's 'Unfollow' form (001 §2): the order to unfollow, by id. */
export const UNFOLLOW_INTENT = 'unfollow'
export const NO_ORDER_NAMED = 'No order was named.'
export const UnfollowFormSchema = z.object({
	intent: z.literal(UNFOLLOW_INTENT),
	shipSetId: z.string({ error: NO_ORDER_NAMED }).regex(UUID, NO_ORDER_NAMED),
})
