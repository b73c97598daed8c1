import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes'

/**
 * The spec's route table (000 section 2, "Route table of the shell"): one entry per URL,
 * one module per entry. Rows naming two URLs get two entries; their modules share
 * components and helpers, never each other.
 */
export default [
	// / → /dashboard
	index('routes/index.tsx'),

	// Sign-in (filled in by the sign-in issue)
	route('login', 'routes/auth/login-route.tsx'),
	route('authorize', 'routes/auth/authorize-route.tsx'),
	route('users', 'routes/auth/users-route.tsx'),
	// Sign-out (a form post from the header; not in the spec's table, every product needs one)
	route('logout', 'routes/auth/logout-route.tsx'),

	// Dashboard (variants chosen by feature toggles, spec 001)
	...prefix('dashboard', [
		index('routes/dashboard/index.tsx'),
		// The next ten rows of a tabbed list (its 'Load more', with JavaScript)
		route('lists/:tab', 'routes/dashboard/list-step-route.tsx'),
		route('old', 'routes/dashboard/widgets/route.tsx'),
		// The widget page's widgets, each read alone (a widget refetches only itself), and its report.
		route('old/widgets/:widget', 'routes/dashboard/widgets/widget-route.tsx'),
		route('old/issues-log/reports/:id', 'routes/dashboard/widgets/report-download.tsx'),
		route('new', 'routes/dashboard/cards/route.tsx'),
		// One card of the card dashboard read alone (its fetcher, with JavaScript)
		route('cards/:card', 'routes/dashboard/cards/card-route.tsx'),
		// Ongoing Breaches' list and one breached order, each read alone (their fetchers, with JavaScript)
		route('breaches/ongoing', 'routes/dashboard/breaches/ongoing-route.tsx'),
		route('breaches/ongoing/:id', 'routes/dashboard/breaches/ongoing-detail-route.tsx'),
		route('search', 'routes/dashboard/search-route.tsx'),
		// Historical Breaches read alone (its fetcher, with JavaScript) and a breach's claim pack (a zip)
		route('breaches/historical', 'routes/dashboard/breaches/historical-route.tsx'),
		route('breaches/:id/claim-pack', 'routes/dashboard/breaches/claim-pack-download.tsx'),
	]),

	// Search
	route('search', 'routes/search/search-route.tsx'),
	route('advanced_search', 'routes/search/advanced-search-route.tsx'),
	route('advanced_search/export', 'routes/search/export-download.tsx'),

	// Order timeline, guest timeline and the URLs that lead to the timeline
	// One screen, one folder (app/routes/timeline/): the layout reads the page; the index route and
	// one action route per capability render it; the files' downloads and one-file upload sit with files.
	route('timeline/:shipSetId', 'routes/timeline/layout.tsx', [
		index('routes/timeline/index.tsx'),
		route('comments', 'routes/timeline/comments/route.tsx'),
		route('logs', 'routes/timeline/logs/route.tsx'),
		route('files', 'routes/timeline/files/route.tsx'),
		route('follow', 'routes/timeline/follow/route.tsx'),
		route('notifications', 'routes/timeline/notifications/route.tsx'),
		route('related', 'routes/timeline/related/route.tsx'),
		route('share', 'routes/timeline/share/route.tsx'),
		route('shipments', 'routes/timeline/shipments/route.tsx'),
	]),
	route(
		'timeline/:shipSetId/documents/:documentId/download',
		'routes/timeline/files/document-download.tsx',
	),
	route('timeline/:shipSetId/photos/:photoId/download', 'routes/timeline/files/photo-download.tsx'),
	route('timeline/:shipSetId/documents/upload', 'routes/timeline/files/upload-route.tsx'),
	route('timeline/:shipSetId/shipments/carriers', 'routes/timeline/shipments/carriers.ts'),
	route('timeline/:shipSetId/comments/mention-users', 'routes/timeline/comments/mention-users.ts'),
	route('guest/:shipSetId/timeline', 'routes/guest/timeline-route.tsx'),
	// A Supply Chain View share's invitation into the supply chain (002 §4; not in the spec's table; ADR 0025)
	route('invitations', 'routes/invitations.tsx'),
	route('guest/:shipSetId/documents/:documentId', 'routes/guest/document-download.tsx'),
	route('guest/:shipSetId/photos/:photoId', 'routes/guest/photo-download.tsx'),
	route(
		'sales_orders/:salesOrderId/ship_sets/:shipSetId/timeline',
		'routes/sales-order-ship-set-timeline.tsx',
	),
	route('related_order/:shipSetId', 'routes/related-order.tsx'),

	// Analytics: the page, one table of the built-in report as CSV, and the Power BI token
	route('analytics', 'routes/analytics/route.tsx'),
	route('analytics/:category', 'routes/analytics/category-route.tsx'),
	route('analytics/:category/export', 'routes/analytics/export-download.tsx'),
	route('analytics/:category/embed-token', 'routes/analytics/embed-token-route.tsx'),

	// Public order tracker (anonymous)
	...prefix('tracking', [
		index('routes/tracker/index.tsx'),
		route(':organization/:orderNo', 'routes/tracker/results-route.tsx'),
		route(':organization/:orderNo/:ssid', 'routes/tracker/timeline-route.tsx'),
		// "Unknown paths under /tracking redirect to /404"
		route('*', 'routes/tracker/unknown-route.tsx'),
	]),

	// First-party analytics events (000 §6): the beacon's target, and the administrators' report
	// (not in the spec's route table; docs/decisions/0022)
	route('events', 'routes/analytics/events/beacon-route.tsx'),
	route('analytics_events', 'routes/analytics/events/route.tsx'),

	// Status pages
	route('403', 'routes/forbidden.tsx'),
	route('404', 'routes/not-found.tsx'),

	// Outbound webhooks of the supply chain, for its settings managers (not in the spec's table)
	route('settings/webhooks', 'routes/settings/webhooks-route.tsx'),
	route('settings/webhooks/:id', 'routes/settings/webhook-route.tsx'),
	// One-click unsubscribe from notification e-mails (RFC 8058; the link in every such e-mail)
	route('unsubscribe', 'routes/unsubscribe.tsx'),

	// The e-mail outbox, for administrators (not in the spec's table; docs/architecture.md rule 7)
	route('outbox', 'routes/outbox.tsx'),

	// Data in, for CORE.UPDATE_SUPPLY_CHAIN_SETTINGS: machine keys and CSV imports (not in the spec's table)
	...prefix('settings', [
		route('api-keys', 'routes/settings/api-keys-route.tsx'),
		route('imports', 'routes/settings/imports-route.tsx'),
		route('imports/templates/:kind', 'routes/settings/import-template-download.tsx'),
		route('imports/:id', 'routes/settings/import-route.tsx'),
		route('imports/:id/errors.csv', 'routes/settings/import-errors-download.tsx'),
	]),

	// Footer links
	route('terms', 'routes/terms.tsx'),
	route('privacy', 'routes/privacy.tsx'),

	// "/404 and any other unknown route": rendered in place with status 404
	route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig
