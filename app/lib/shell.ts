/**
 * The shell's rules (000 §1, §2 "Header and footer", §6 guest mode), as pure functions; who may
 * enter is app/services/auth/access.ts.
 */
import { hasShellAccess } from '#shared/permissions'

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
 * 001 §9 "Dashboard grid 1366 px wide": the dashboards (/dashboard and its variants) are laid out
 * on that grid; every other page keeps the shell's reading width.
 */
export function usesDashboardGrid(pathname: string): boolean {
	return pathname === '/dashboard' || pathname.startsWith('/dashboard/')
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
