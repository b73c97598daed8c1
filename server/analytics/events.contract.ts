import { z } from '@hono/zod-openapi'

/**
 * First-party analytics events (000 §6 "Feature toggles gate: … analytics events (public tracker,
 * timeline, dashboard, guest timeline) … Analytics events named: click_to_node,
 * return_to_search_results, navigate_via_breadcrumbs, show_all_events, collapse_events").
 */
export const ANALYTICS_EVENT_NAMES = [
	'click_to_node',
	'return_to_search_results',
	'navigate_via_breadcrumbs',
	'show_all_events',
	'collapse_events',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number]

/** Where an event happens; each surface has its own toggle. Signed-in surfaces and anonymous ones are recorded by different endpoints. */
export const SIGNED_IN_SURFACES = ['timeline', 'dashboard'] as const
export const ANONYMOUS_SURFACES = ['public_tracker', 'guest_timeline'] as const
export const ANALYTICS_SURFACES = [...SIGNED_IN_SURFACES, ...ANONYMOUS_SURFACES] as const
export type AnalyticsSurface = (typeof ANALYTICS_SURFACES)[number]

/** The toggle (server/toggles/toggles.contract.ts ToggleName) behind each surface's events. */
export const SURFACE_TOGGLES: Record<AnalyticsSurface, string> = {
	timeline: 'web.ui.analyticsEvents.timeline',
	dashboard: 'web.ui.analyticsEvents.dashboard',
	public_tracker: 'web.ui.analyticsEvents.publicTracker',
	guest_timeline: 'web.ui.analyticsEvents.guestTimeline',
}

const name = z
	.enum(ANALYTICS_EVENT_NAMES)
	.openapi({ description: 'The event (000 §6)', example: 'click_to_node' })

export const RecordEventBody = z
	.object({ name, surface: z.enum(SIGNED_IN_SURFACES) })
	.strict()
	.openapi('AnalyticsEvent')
export const RecordAnonymousEventBody = z
	.object({ name, surface: z.enum(ANONYMOUS_SURFACES) })
	.strict()
	.openapi('AnonymousAnalyticsEvent')
export const RecordedResponse = z
	.object({ recorded: z.literal(true) })
	.openapi('AnalyticsEventRecorded')

/** Anonymous events per client address per minute: a page sends a handful per visit. */
export const ANONYMOUS_EVENTS_PER_MINUTE = 30

export const REPORT_DAYS_MAX = 90
export const ReportQuery = z.object({
	days: z.coerce
		.number()
		.int()
		.min(1)
		.max(REPORT_DAYS_MAX)
		.default(30)
		.openapi({ description: 'How many days back, today (UTC) included', example: 30 }),
})
export const ReportResponse = z
	.object({
		days: z.number().int(),
		rows: z.array(
			z.object({
				day: z.string().openapi({ example: '2026-11-25' }),
				surface: z.enum(ANALYTICS_SURFACES),
				name: z.enum(ANALYTICS_EVENT_NAMES),
				count: z.number().int(),
			}),
		),
	})
	.openapi('AnalyticsEventsReport')
