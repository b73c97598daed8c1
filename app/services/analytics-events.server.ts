import type { AppLoadContext } from 'react-router'
import type { AnalyticsSurface } from '#contracts/analytics/events'
import type { ToggleKey } from '#contracts/toggles/toggles'
import { loadToggles } from './toggles.server'

const SURFACE_TOGGLE_KEYS: Record<AnalyticsSurface, ToggleKey> = {
	timeline: 'analyticsEventsTimeline',
	dashboard: 'analyticsEventsDashboard',
	public_tracker: 'analyticsEventsPublicTracker',
	guest_timeline: 'analyticsEventsGuestTimeline',
}

/**
 * Whether a page of an anonymous surface (the public tracker, a guest link) sends its analytics
 * events (000 §6): that surface's toggle for the supply chain the URL names. A name that cannot be
 * asked about (not a slug) sends nothing; nor does a failed read: events are never worth an error.
 */
export async function anonymousEventsEnabled(
	context: AppLoadContext,
	surface: 'public_tracker' | 'guest_timeline',
	organization: string,
): Promise<boolean> {
	const slug = organization.trim().toLowerCase()
	if (!/^[\w-]{1,100}$/.test(slug)) return false
	return loadToggles(context, slug)
		.then((t) => t[SURFACE_TOGGLE_KEYS[surface]])
		.catch(() => false)
}
