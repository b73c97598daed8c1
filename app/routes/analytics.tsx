import { redirect } from 'react-router'
import { DEFAULT_ANALYTICS_CATEGORY } from '~/lib/analytics-categories'

/**
 * /analytics → /analytics/freight-cost "when the analytics v2 toggle is on" (000 section 2).
 * The toggle read (and the CORE.ANALYTICS guard, whose absence leads to /404) arrive with
 * the sign-in/toggles issue; until then v2 is taken as on, which is the only analytics
 * screen this product has.
 */
export function loader() {
	throw redirect(`/analytics/${DEFAULT_ANALYTICS_CATEGORY}`)
}
