import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from '../errors'
import type { ApiDeps, ApiEnv } from './context'
import { errorResponse, validationHook } from './errors'
import { docsPages } from './docs'
import { togglesRoutes } from '../toggles/toggles.routes'
import { referenceRoutes } from '../reference/reference.routes'
import { publicTrackerRoutes } from '../sharing/public-tracker.routes'
import { profileRoutes } from '../auth/profile.routes'
import { sessionRoutes } from '../auth/session.routes'
import { dashboardRoutes } from '../dashboard/dashboard.routes'
import { dashboardWidgetRoutes } from '../dashboard/widgets.routes'
import { breachesOngoingRoutes } from '../breaches/ongoing.routes'
import { readingRoutes } from '../sensors/readings.routes'
import { ingestRoutes } from '../ingest/ingest.routes'
import { settingsRoutes } from '../settings/settings.routes'
import { searchRoutes } from '../search/search.routes'
import { timelineRoutes } from '../timeline/timeline.routes'
import { commentsRoutes } from '../comments/comments.routes'
import { followsRoutes } from '../orders/follows.routes'
import { logsRoutes } from '../orders/logs.routes'
import { shipmentRoutes } from '../shipments/shipments.routes'
import { relatedRoutes } from '../shipments/related.routes'
import { orderDetailRoutes } from '../timeline/details.routes'
import { documentRoutes } from '../files/documents.routes'
import { photoRoutes } from '../files/photos.routes'
import { trackerRoutes } from '../sensors/tracker.routes'
import { guestRoutes } from '../sharing/guest.routes'
import { shareRoutes } from '../sharing/share.routes'
import { invitationRoutes } from '../sharing/invitations.routes'
import { notificationRoutes } from '../timeline/notifications.routes'
import { outboxRoutes } from '../mail/outbox.routes'
import { breachesHistoricalRoutes } from '../breaches/historical.routes'
import { analyticsEventsRoutes } from '../analytics/events.routes'
import { webhookRoutes } from '../news-out/webhooks.routes'
import { analyticsRoutes } from '../analytics/analytics.routes'

/**
 * Every operation the API serves, by contract module: the descriptors of `server/X.api.ts`
 * (what the web app's `call` names) are served by the handlers of `server/X.routes.ts`, beside
 * them in the capability's folder, mounted here under X, one module each
 * (tests/unit/api-routes.test.ts holds the three to that). Mounted in this order.
 */
export const API_ROUTES = {
	'toggles/toggles': togglesRoutes,
	'reference/reference': referenceRoutes,
	'sharing/public-tracker': publicTrackerRoutes,
	'auth/profile': profileRoutes,
	'auth/session': sessionRoutes,
	'dashboard/dashboard': dashboardRoutes,
	'dashboard/widgets': dashboardWidgetRoutes,
	'breaches/ongoing': breachesOngoingRoutes,
	'sensors/readings': readingRoutes,
	'ingest/ingest': ingestRoutes,
	'settings/settings': settingsRoutes,
	'search/search': searchRoutes,
	'timeline/timeline': timelineRoutes,
	'comments/comments': commentsRoutes,
	'orders/follows': followsRoutes,
	'orders/logs': logsRoutes,
	'shipments/shipments': shipmentRoutes,
	'shipments/related': relatedRoutes,
	'timeline/details': orderDetailRoutes,
	'files/documents': documentRoutes,
	'files/photos': photoRoutes,
	'sensors/tracker': trackerRoutes,
	'sharing/guest': guestRoutes,
	'sharing/share': shareRoutes,
	'sharing/invitations': invitationRoutes,
	'timeline/notifications': notificationRoutes,
	'mail/outbox': outboxRoutes,
	'breaches/historical': breachesHistoricalRoutes,
	'analytics/events': analyticsEventsRoutes,
	'news-out/webhooks': webhookRoutes,
	'analytics/analytics': analyticsRoutes,
}

/** Path prefixes the SCM API answers (docs/architecture.md, "One process by default"). */
export const API_PREFIXES = [
	'/api/web/',
	'/api/tracker/1.0/',
	'/api/comments/',
	'/api/dashboard/',
	'/api/ingest/',
	'/private/analytics/1.0/',
	'/api/docs',
] as const

export function isApiPath(pathname: string): boolean {
	return API_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))
}

/**
 * The most an anonymous request's body (no Authorization: the public tracker's and a guest link's
 * calls, the beacon's events) may carry; refused with 413 before it is read, by its declared
 * length or, streamed, as it arrives. Each such body is a few hundred bytes.
 */
export const ANONYMOUS_BODY_BYTES = 64 * 1024

const anonymousBody = bodyLimit({
	maxSize: ANONYMOUS_BODY_BYTES,
	onError: () => {
		throw new ApiError(
			413,
			`A request without a token carries at most ${ANONYMOUS_BODY_BYTES} bytes`,
		)
	},
})

/**
 * The SCM API: one fetch-handler app. `createApi(deps).fetch(request)` is
 * what server.ts mounts and what the web app's client calls in memory.
 */
export function createApi(deps: ApiDeps) {
	const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })

	app.use('*', async (c, next) => {
		c.set('deps', deps)
		// No answer is stored by a cache unless its route says otherwise. Set before the handler, so
		// that c.json() and friends start from it and a route's own Cache-Control replaces it; set
		// after, it rebuilt every finished response to change one header (docs/decisions/0029 §8). A route
		// that builds its own Response (a file, the CSV) names its policy itself.
		c.header('Cache-Control', 'no-store')
		await next()
	})
	app.use('*', (c, next) => (c.req.header('authorization') ? next() : anonymousBody(c, next)))

	app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
		type: 'http',
		scheme: 'bearer',
		bearerFormat: 'JWT',
	})
	app.openAPIRegistry.registerComponent('securitySchemes', 'machineKey', {
		type: 'http',
		scheme: 'bearer',
		bearerFormat: 'wmk_ API key',
		description:
			'A supply chain’s machine key (npm run api-key -- create --org SLUG --name NAME), not a person’s session',
	})

	for (const routes of Object.values(API_ROUTES)) app.route('/', routes)

	app.doc31('/api/docs/openapi.json', {
		openapi: '3.1.0',
		info: {
			title: 'Waymark SCM API',
			version: '1.0.0',
			description:
				'The system of record behind the Waymark web app. Signed-in calls carry a bearer token and X-Supply-Chain; every query is scoped to that supply chain. Errors answer `{ "error": "..." }`.',
		},
	})
	app.route('/', docsPages)

	app.notFound((c) => c.json({ error: 'Not found' }, 404))
	app.onError(errorResponse)
	return app
}
