import {
	ANALYTICS_EVENT_NAMES,
	type AnalyticsEventName,
	type AnalyticsSurface,
} from '#contracts/analytics/events'

/**
 * First-party analytics events (000 §6 "analytics events (public tracker, timeline, dashboard,
 * guest timeline) … click_to_node, return_to_search_results, navigate_via_breadcrumbs,
 * show_all_events, collapse_events"). A control names its event in `data-analytics`; a page whose
 * surface's toggle is on mounts <AnalyticsEvents> (~/components/analytics-events), which sends each
 * click on such a control to our own /events with navigator.sendBeacon (fetch keepalive when the
 * browser has none). No third-party script; without JavaScript nothing is sent.
 */

export const EVENTS_PATH = '/events'

export function isEventName(value: unknown): value is AnalyticsEventName {
	return typeof value === 'string' && (ANALYTICS_EVENT_NAMES as readonly string[]).includes(value)
}

/** The beacon's body: form-encoded (a CORS-safelisted type, which sendBeacon sends as it is). */
export function eventBody(
	name: AnalyticsEventName,
	surface: AnalyticsSurface,
	organization?: string | null,
): URLSearchParams {
	const body = new URLSearchParams({ name, surface })
	if (organization) body.set('organization', organization)
	return body
}

/** The event a click names: the nearest `data-analytics` around its target, when it is one of the five. */
export function eventOfClick(target: EventTarget | null): AnalyticsEventName | null {
	const el =
		target && typeof (target as Element).closest === 'function'
			? (target as Element).closest('[data-analytics]')
			: null
	const name = el?.getAttribute('data-analytics')
	return isEventName(name) ? name : null
}

/** The report's rows summed per event (its table's last row). */
export function totalsPerEvent(
	rows: readonly { name: AnalyticsEventName; count: number }[],
): Record<AnalyticsEventName, number> {
	const totals = Object.fromEntries(ANALYTICS_EVENT_NAMES.map((n) => [n, 0])) as Record<
		AnalyticsEventName,
		number
	>
	for (const r of rows) totals[r.name] += r.count
	return totals
}
