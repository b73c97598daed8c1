/**
 * The shell's rules (000 §1, §2 "Header and footer", §6 guest mode), as pure functions; who may
 * enter is app/services/auth/access.ts.
 */
import { hasShellAccess, SUPPLY_CHAIN_ADMIN_PERMISSION } from '#shared/permissions'

/** "Any URL containing the word guest switches the app into guest mode." */
export function isGuestMode(url: string): boolean {
	return url.toLowerCase().includes('guest')
}

/**
 * "The header search is shown when the user's subscription permissions include
 * DASHBOARD.DEFAULT or CORE.DEFAULT and the path is not the old dashboard,
 * advanced search or tracking."
 */
export function showsHeaderSearch(permissions: readonly string[], pathname: string): boolean {
	if (!hasShellAccess(permissions)) return false
	const hidden = ['/dashboard/old', '/advanced_search', '/tracking']
	return !hidden.some((p) => pathname === p || pathname.startsWith(`${p}/`))
}

/**
 * Pages laid out on the 1366 px grid (001 §9 "Dashboard grid 1366 px wide"): the dashboards
 * (/dashboard and its variants), and the order timeline, signed in or a guest's, whose three
 * columns (events, tabs, side cards) need the room: its Photos card shows up to 7 (002 §9). Every
 * other page keeps the shell's reading width.
 */
export function usesWideGrid(pathname: string): boolean {
	return (
		pathname === '/dashboard' ||
		['/dashboard/', '/timeline/', '/guest/'].some((prefix) => pathname.startsWith(prefix))
	)
}

export type AppIdentity = 'Enterprise' | 'Order Tracker' | 'Analytics'

/**
 * "The application shell presents itself as one of three applications:
 * Enterprise (default), Order Tracker (tracking paths, when the order-tracker
 * toggle is on) or Analytics."
 */
export function appIdentity(pathname: string, orderTrackerOn: boolean): AppIdentity {
	if (orderTrackerOn && (pathname === '/tracking' || pathname.startsWith('/tracking/')))
		return 'Order Tracker'
	if (pathname === '/analytics' || pathname.startsWith('/analytics/')) return 'Analytics'
	return 'Enterprise'
}

/** The header search: "Submitting trims the text ... Empty or non-text input is ignored." */
export function headerSearchTarget(input: unknown): string | null {
	if (typeof input !== 'string') return null
	const text = input.trim()
	return text ? `/advanced_search?qs_query_string=${encodeURIComponent(text)}` : null
}

/** "Analytics requires CORE.ANALYTICS; without it the user goes to /404." (000 §6) */
export function hasAnalyticsAccess(permissions: readonly string[]): boolean {
	return permissions.includes('CORE.ANALYTICS')
}

/** "Breached Orders tab and the Ongoing and Historical Breaches sections need the subscribed service TRACKER." (001 §6) */
export function subscribesToTracker(
	subscribedServices: readonly string[] | null | undefined,
): boolean {
	return !!subscribedServices?.includes('TRACKER')
}

export interface MenuEntry {
	label: string
	to: string
}

/**
 * The app menu (000 §2 "App menu entries: Accounts, Analytics, Enterprise, Multi View, Order
 * Verifier, Tracker, Notifications, Freight Payment, Advanced Search"), for one user: an entry is
 * shown only when it opens a page of ours this user may open, so none leads to /403 or /404.
 * - Enterprise, Advanced Search: the shell's pages (DASHBOARD.DEFAULT or CORE.DEFAULT).
 * - Analytics: also CORE.ANALYTICS (000 §6).
 * - Tracker: the sensor breaches, the dashboard's Breached Orders tab (the TRACKER subscription).
 * - Notifications: the notification e-mails sent (the outbox), for the supply chain's administrators.
 * - Webhooks (ours, not the spec's): the outbound webhooks, for the same administrators.
 * - Accounts, Multi View, Order Verifier, Freight Payment are separate applications with no page
 *   here (invitations are made from an order's Share, preferences on an order's Notifications):
 *   not shown.
 */
export function appMenu(user: {
	permissions: readonly string[]
	subscribedServices: readonly string[]
}): MenuEntry[] {
	if (!hasShellAccess(user.permissions)) return []
	const admin = user.permissions.includes(SUPPLY_CHAIN_ADMIN_PERMISSION)
	const entries: (MenuEntry | false)[] = [
		hasAnalyticsAccess(user.permissions) && { label: 'Analytics', to: '/analytics' },
		{ label: 'Enterprise', to: '/dashboard' },
		subscribesToTracker(user.subscribedServices) && {
			label: 'Tracker',
			to: '/dashboard?tab=breached_orders',
		},
		admin && { label: 'Notifications', to: '/outbox' },
		admin && { label: 'Webhooks', to: '/settings/webhooks' },
		{ label: 'Advanced Search', to: '/advanced_search' },
	]
	return entries.filter((e): e is MenuEntry => !!e)
}

/** Where a status page (403, 404) leads back to: a link, or signing out to sign in as someone else. */
export type WayBack = { to: string; label: string } | { signOut: true; label: string }

/**
 * The way back from a status page: the dashboard for whoever may open it; a signed-in user who may
 * open nothing of the shell (000 §6: sent to /403) signs out to try another account; a visitor goes
 * to the public tracker when it is on, else to sign-in.
 */
export function statusWayBack(
	user: { permissions: readonly string[] } | null,
	orderTrackerOn: boolean,
): WayBack {
	if (user && hasShellAccess(user.permissions))
		return { to: '/dashboard', label: 'Back to the dashboard' }
	if (user) return { signOut: true, label: 'Sign in with another account' }
	if (orderTrackerOn) return { to: '/tracking', label: 'Back to the order tracker' }
	return { to: '/login', label: 'Sign in' }
}
