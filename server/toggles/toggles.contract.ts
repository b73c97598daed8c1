import { z } from '@hono/zod-openapi'

export const TogglesQuery = z.object({
	names: z.string().max(4000).optional().openapi({
		description: 'Comma-joined toggle names; all known toggles when absent',
		example: 'web.ui.orderTracker',
	}),
})

export const Toggle = z.object({ name: z.string(), enabled: z.boolean() }).openapi('Toggle')
export const TogglesResponse = z.object({ toggles: z.array(Toggle) }).openapi('Toggles')
export type TogglesResponse = z.infer<typeof TogglesResponse>

/** The toggle names the web app reads (seeded by server/db/seed/toggles.ts). */
export const ToggleName = {
	orderTracker: 'web.ui.orderTracker',
	dashboardV3: 'web.ui.dashboard.v3',
	dashboardV3Redirect: 'web.ui.dashboard.v3.redirect',
	analyticsV2: 'web.ui.analytics.v2',
	customOrderDetailSearch: 'web.ui.advancedSearch.customOrderDetail',
	orderStatusBar: 'web.ui.timeline.orderStatusBar',
	closeOrCancelShipments: 'web.ui.timeline.closeOrCancelShipments',
	userMentions: 'web.ui.timeline.userMentions',
	tagsCard: 'web.ui.timeline.tagsCard',
	carrierPerformance: 'web.ui.dashboard.carrierPerformance',
	issuesLog: 'web.ui.dashboard.issuesLog',
	historicalBreaches: 'scm.historicalBreaches',
	autoFollowOnComment: 'web.ui.timeline.autoFollowOnComment',
	finalMileStatusFix: 'web.ui.timeline.finalMileStatusFix',
	taggedComments: 'web.ui.dashboard.taggedComments',
	/** The card dashboard's groups (001 §6: "each have their own toggle; their names are not shown"). */
	dashboardOverview: 'web.ui.dashboard.overview',
	dashboardOrderExceptions: 'web.ui.dashboard.orderExceptions',
	dashboardV3CarrierPerformance: 'web.ui.dashboard.v3.carrierPerformance',
	/** 000 §6 "shipment-date local-timezone fix": search results' shipment date in the shipment's own zone (off: UTC). */
	shipmentDateLocalTimezoneFix: 'web.ui.search.shipmentDateLocalTimezoneFix',
	/** 000 §6 "a demo-organization icon fix": the supply chain's own mark in the header (off: the generic placeholder). */
	demoOrganizationIconFix: 'web.ui.shell.demoOrganizationIconFix',
	/** 000 §6 "timeline options": the Order Timeline's filters for event, measurement type and tracking group (002 §2). */
	timelineOptions: 'web.ui.timeline.options',
	/** 002 §6 "the redesigned header" of the timeline (off: the classic, stacked header). */
	redesignedHeader: 'web.ui.timeline.redesignedHeader',
	/** 002 §3 "serviceType (shown only under a feature flag)" in Shipment Details. */
	serviceTypeField: 'web.ui.timeline.serviceTypeField',
	/** 002 §6 "the grouped-node final-transit fix": a grouped final-mile Transit node is labelled 'Final Transit' too. */
	groupedNodeFinalTransitFix: 'web.ui.timeline.groupedNodeFinalTransitFix',
	/** 002 §6 "the single-column last-event display": each node card shows its last event in one column. */
	singleColumnLastEvent: 'web.ui.timeline.singleColumnLastEvent',
	/** 000 §6 "analytics events (public tracker, timeline, dashboard, guest timeline)": one toggle per surface. */
	analyticsEventsPublicTracker: 'web.ui.analyticsEvents.publicTracker',
	analyticsEventsTimeline: 'web.ui.analyticsEvents.timeline',
	analyticsEventsDashboard: 'web.ui.analyticsEvents.dashboard',
	analyticsEventsGuestTimeline: 'web.ui.analyticsEvents.guestTimeline',
} as const
export type ToggleKey = keyof typeof ToggleName

export const ToggleNameParams = z.object({
	name: z
		.string()
		.min(1)
		.max(200)
		.regex(/^[\w.-]+$/, 'letters, digits, dots, dashes and underscores only')
		.openapi({ param: { name: 'name', in: 'path' }, example: 'web.ui.orderTracker' }),
})
export const SetToggleBody = z
	.object({
		enabled: z.boolean(),
		organization: z
			.string()
			.min(1)
			.max(100)
			.optional()
			.openapi({ description: 'A supply chain slug; absent: the global default' }),
	})
	.openapi('SetToggle')
