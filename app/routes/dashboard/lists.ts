import { z } from 'zod'
import { UUID } from '#shared/ids'
import { DASHBOARD_TOAST_MS } from './format'
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

/** The furthest a list reads (the API's largest offset). */
const MAX_ROWS = 100_000

/** How many rows a URL asks for: `?shown=N` (a multiple of 10, at least 10). */
export function parseShown(value: string | null): number {
	const n = Number(value)
	if (!Number.isFinite(n) || n < LIST_STEP) return LIST_STEP
	return Math.min(MAX_ROWS, Math.ceil(n / LIST_STEP) * LIST_STEP)
}

/** Where the next step of a list starts: `?offset=N` (a whole number, 0 by default). */
export function parseOffset(value: string | null): number {
	const n = Number(value)
	return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_ROWS) : 0
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

/**
 * "Unfollow: calls delete, then reloads the following list and shows the toast 'Unfollow Order' /
 * 'You have unfollowed order'" (001 §4), for "Toast timeout 10 s" (001 §9): the tabbed dashboard's
 * and the widget page's.
 */
export const UNFOLLOW_TOAST = {
	message: 'Unfollow Order',
	description: 'You have unfollowed order',
	duration: DASHBOARD_TOAST_MS,
} as const
