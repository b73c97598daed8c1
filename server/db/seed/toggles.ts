/**
 * The feature toggles of the demo-data contract. Each gets a global default
 * row (organization_id null); `organizations` lists the supply chains that
 * get their own row (an override of the default).
 */
export interface ToggleSeed {
	name: string
	description: string
	/** The global default. */
	enabled: boolean
	/** Per-organization overrides: slug → enabled. */
	organizations?: Record<string, boolean>
}

export const TOGGLES: readonly ToggleSeed[] = [
	{ name: 'web.ui.orderTracker', enabled: true, description: 'Public order tracker (/tracking)' },
	{ name: 'web.ui.dashboard.v3', enabled: true, description: 'Newer card-style dashboard' },
	{
		name: 'web.ui.dashboard.v3.redirect',
		enabled: false,
		description: 'Redirect away from the v3 dashboard (off: /dashboard/new is allowed)',
	},
	{
		name: 'web.ui.analytics.v2',
		enabled: true,
		description: 'Analytics v2 (/analytics/{category})',
	},
	{
		name: 'web.ui.advancedSearch.customOrderDetail',
		enabled: true,
		description: 'Advanced search form with custom order details',
	},
	{
		name: 'web.ui.timeline.orderStatusBar',
		enabled: true,
		description: 'Order status bar on the timeline',
	},
	{
		name: 'web.ui.timeline.closeOrCancelShipments',
		enabled: true,
		description: 'Mark shipments as closed or canceled',
	},
	{ name: 'web.ui.timeline.userMentions', enabled: true, description: '@mentions in comments' },
	{ name: 'web.ui.timeline.tagsCard', enabled: true, description: 'Tags card on the timeline' },
	{
		name: 'web.ui.dashboard.carrierPerformance',
		enabled: true,
		description: 'Carrier Performance dashboard widget',
	},
	{
		name: 'web.ui.dashboard.issuesLog',
		enabled: false,
		description: 'Issues Log dashboard widget (per supply chain)',
		organizations: { acme: true, globex: true },
	},
	{ name: 'scm.historicalBreaches', enabled: true, description: 'Historical Breaches view' },
	{
		name: 'web.ui.timeline.autoFollowOnComment',
		enabled: true,
		description: 'Follow an order automatically after commenting on it',
	},
	{
		name: 'web.ui.timeline.finalMileStatusFix',
		enabled: true,
		description: 'Order status bar shows in_transit as Final Mile',
	},
	{
		name: 'web.ui.dashboard.overview',
		enabled: true,
		description: 'Dashboard v3: Overview widgets',
	},
	{
		name: 'web.ui.dashboard.orderExceptions',
		enabled: true,
		description: 'Dashboard v3: Order Exceptions widgets',
	},
	{
		name: 'web.ui.dashboard.v3.carrierPerformance',
		enabled: true,
		description: 'Dashboard v3: Carrier Performance (Late, On Time, Trends)',
	},
	{
		name: 'web.ui.dashboard.taggedComments',
		enabled: true,
		description: 'Dashboard v3: Tagged Comments',
	},
	{
		name: 'web.ui.search.shipmentDateLocalTimezoneFix',
		enabled: true,
		description: "Search results show the shipment date in the shipment's own time zone (off: UTC)",
	},
	{
		name: 'web.ui.shell.demoOrganizationIconFix',
		enabled: false,
		description: "The header shows the supply chain's own mark (off: the generic placeholder)",
	},
	{
		name: 'web.ui.timeline.options',
		enabled: true,
		description: 'Order Timeline filters for event, measurement type and tracking group',
	},
	{
		name: 'web.ui.timeline.redesignedHeader',
		enabled: true,
		description: 'Redesigned timeline header (off: the classic header)',
	},
	{
		name: 'web.ui.timeline.serviceTypeField',
		enabled: true,
		description: 'Service Type in Shipment Details',
	},
	{
		name: 'web.ui.timeline.groupedNodeFinalTransitFix',
		enabled: true,
		description: "A grouped final-mile Transit node is labelled 'Final Transit' (off: 'Transit')",
	},
	{
		name: 'web.ui.timeline.singleColumnLastEvent',
		enabled: false,
		description: 'Node cards show their last event in a single column',
	},
	{
		name: 'web.ui.analyticsEvents.publicTracker',
		enabled: true,
		description: 'Analytics events of the public tracker',
	},
	{
		name: 'web.ui.analyticsEvents.timeline',
		enabled: true,
		description: 'Analytics events of the order timeline',
	},
	{
		name: 'web.ui.analyticsEvents.dashboard',
		enabled: true,
		description: 'Analytics events of the dashboard',
	},
	{
		name: 'web.ui.analyticsEvents.guestTimeline',
		enabled: true,
		description: 'Analytics events of the guest timeline',
	},
]

export const TOGGLE_NAMES: readonly string[] = TOGGLES.map((t) => t.name)
