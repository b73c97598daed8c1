/**
 * The shell's access rules (000 §2 "Header and footer", §6 "Roles and permissions"),
 * as pure functions.
 */

import { hasShellAccess } from '#contracts/permissions'

/** "Users without DASHBOARD.DEFAULT or CORE.DEFAULT are sent to /403" (one rule with the API's). */
export { hasShellAccess }

/** "Analytics requires CORE.ANALYTICS; without it the user goes to /404." */
export function hasAnalyticsAccess(permissions: readonly string[]): boolean {
	return permissions.includes('CORE.ANALYTICS')
}

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

export type AppIdentity = 'Enterprise' | 'Order Tracker' | 'Analytics'

/**
 * "The application shell presents itself as one of three applications:
 * Enterprise (default), Order Tracker (tracking paths, when the order-tracker
 * toggle is on) or Analytics."
 */
export function appIdentity(pathname: string, orderTrackerOn: boolean): AppIdentity {
	if (orderTrackerOn && (pathname === '/tracking' || pathname.startsWith('/tracking/'))) return 'Order Tracker'
	if (pathname === '/analytics' || pathname.startsWith('/analytics/')) return 'Analytics'
	return 'Enterprise'
}

/**
 * A redirect target we may follow after sign-in: a path on this site only
 * (no scheme, no protocol-relative //host, no backslash tricks); else /dashboard.
 * No control character either: browsers drop tabs and line breaks from a URL, so
 * '/\t/evil.example' would become '//evil.example', another site. What is left is
 * answered percent-encoded, as a Location header must be ('/é' → '/%C3%A9').
 */
export function safeRedirect(to: string | null | undefined, fallback = '/dashboard'): string {
	// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
	if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(to)) return fallback
	const base = 'http://same-site.invalid'
	const url = new URL(to, base)
	if (url.origin !== base) return fallback
	return `${url.pathname}${url.search}${url.hash}`
}

/** The header search: "Submitting trims the text ... Empty or non-text input is ignored." */
export function headerSearchTarget(input: unknown): string | null {
	if (typeof input !== 'string') return null
	const text = input.trim()
	return text ? `/advanced_search?qs_query_string=${encodeURIComponent(text)}` : null
}

/** "Welcome to your dashboard" followed by a comma and the given name, or the e-mail (001 §1). */
export function greeting(profile: { given_name: string | null; email: string }): string {
	return `Welcome to your dashboard, ${profile.given_name?.trim() || profile.email}`
}
