/**
 * Who may enter (000 §6 "Roles and permissions") and where sign-in may lead, as pure functions.
 */
import { hasShellAccess } from '#shared/permissions'

/** "Users without DASHBOARD.DEFAULT or CORE.DEFAULT are sent to /403" (one rule with the API's). */
export { hasShellAccess }

/** "Analytics requires CORE.ANALYTICS; without it the user goes to /404." (one rule with the menu's) */
export { hasAnalyticsAccess } from '~/lib/shell'

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * A redirect target we may follow after sign-in: a path on this site only
 * (no scheme, no protocol-relative //host, no backslash tricks); else /dashboard.
 * No control character either: browsers drop tabs and line breaks from a URL, so
 * '/\t/evil.example' would become '//evil.example', another site. What is left is
 * answered percent-encoded, as a Location header must be ('/é' → '/%C3%A9').
 */
export function safeRedirect(to: string | null | undefined, fallback = '/dashboard'): string {
	const offSite =
		!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || CONTROL.test(to)
	if (offSite) return fallback
	const base = 'http://same-site.invalid'
	const url = new URL(to, base)
	// '/.//evil.example' resolves to the path '//evil.example': answered as is, another site.
	const path = url.pathname
	if (url.origin !== base || path.startsWith('//') || path.startsWith('/\\')) return fallback
	return `${path}${url.search}${url.hash}`
}
