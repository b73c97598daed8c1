import { cardDashboardShown } from './cards/cards'

/**
 * Which dashboard variant each URL shows (001 §1: "Which variant is shown (old, new, or version 3)
 * is decided by feature toggles"; 000 §2: "/dashboard: New or old dashboard depending on feature
 * toggles"), the mapping ADR 0013 records:
 * - the dashboard v3 toggle off: the product before the newer dashboards; `/dashboard` is the old
 *   widget page (`/dashboard/old`);
 * - v3 on: `/dashboard` is the new, tabbed dashboard; the card dashboard (version 3) is
 *   `/dashboard/new` while the redirect toggle is off (cardDashboardShown).
 */
export type DashboardVariant = 'tabbed' | 'widgets' | 'cards'

export interface VariantToggles {
	dashboardV3: boolean
	dashboardV3Redirect: boolean
}

/** The variant `/dashboard` shows. */
export function landingVariant(toggles: VariantToggles): 'tabbed' | 'widgets' {
	return toggles.dashboardV3 ? 'tabbed' : 'widgets'
}

/** The variants that can be opened (the "Dashboard views" bar offers these). */
export function openVariants(toggles: VariantToggles): DashboardVariant[] {
	return [
		...(landingVariant(toggles) === 'tabbed' ? (['tabbed'] as const) : []),
		'widgets' as const,
		...(cardDashboardShown(toggles) ? (['cards'] as const) : []),
	]
}
