import compression from 'compression'
import express, { type Request, type Response } from 'express'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import type { JWTVerifyGetKey } from 'jose'
import type Provider from 'oidc-provider'
import { interactionRoutes } from '../idp/interactions'
import { WEB_CLIENT_ID } from '../idp/provider'
import path from 'node:path'
import type { Config } from '../config'
import type { Secrets } from '../secrets'
import type { DatabaseHandle } from '../db/client'
import type { FileStorage } from '../storage'
import { readiness } from './readiness'
import { createApi, isApiPath } from '../api/app'
import type { Logger } from '../log'
import { requestLogging } from './log'
import {
	GOOGLE_MAPS_ORIGINS,
	requestId,
	sameOriginPosts,
	securityHeaders,
	tileOrigins,
} from './security'
import { createPowerBi } from '../analytics/power-bi'
import { batchMaxFor } from '../ingest/ingest.contract'
import { limitAnonymousPages, shedRateLimited } from './shed'
import { limitsFor, type LimiterStore } from '../rate-limit'
import { browserOrigins, requestOrigin } from './origins'
import type { AppLoadContext } from 'react-router'

export interface WaymarkServerOptions {
	config: Config
	secrets: Secrets
	database: DatabaseHandle
	/** Document and photo bytes (server/storage). */
	storage: FileStorage
	log: Logger
	/** Verifies bearer tokens for the API: issuer, audience and the issuer's keys. */
	auth: { issuer: string; audience: string; keys: JWTVerifyGetKey }
	/** The embedded OpenID provider, mounted at /oidc when no external issuer is configured. */
	identity?: Provider
	/** The React Router server build, or a loader of it (Vite's in development). */
	build: ServerBuild | (() => Promise<ServerBuild>)
	/** Express middleware that serves client assets in development (Vite). */
	devMiddleware?: express.RequestHandler
	/** Where rate limits and the captcha's replay guard count (server/rate-limit.ts limitsFor); default: this database's. */
	limits?: LimiterStore
	/** The origins a browser may use (server/http/origins.ts); default: PUBLIC_URL's and, when unset, this machine's names. */
	origins?: string[]
}

const API_BASE_IN_MEMORY = 'http://scm.internal'

/**
 * The composition root's HTTP side: the SCM API, static assets, health
 * checks and the React Router handler, in one Express app.
 */
export function createWaymarkApp(opts: WaymarkServerOptions) {
	const { config, secrets, database, log } = opts
	const limits = opts.limits ?? limitsFor(database)
	const origins = opts.origins ?? browserOrigins(config)
	const api = createApi({
		db: database.db,
		auth: opts.auth,
		webApiKey: secrets.webApiKey,
		previousWebApiKeys: secrets.previousWebApiKeys,
		guestLinkSecret: secrets.guestLinkSecret,
		previousGuestLinkSecrets: secrets.previousGuestLinkSecrets,
		storage: opts.storage,
		publicUrl: config.publicUrl,
		limits,
		webhookAllowNetworks: config.webhookAllowNetworks,
		powerBi: config.powerBi ? createPowerBi(config.powerBi) : null,
		ingestBatchMax: batchMaxFor(database.kind),
	})
	const firstUse = async (key: string, lifetimeMs: number) =>
		(await limits.limiter('first-use', 1, lifetimeMs).hit(key)).allowed
	const apiListener = getRequestListener(api.fetch)
	const publicOrigin = new URL(config.publicUrl).origin
	const dev = config.NODE_ENV === 'development'

	// The web app reaches the API through its fetch handler in memory, or over HTTP when the tiers are split.
	const scmFetch = config.SCM_API_URL
		? (request: globalThis.Request) => fetch(request)
		: async (request: globalThis.Request) => api.fetch(request)
	const scmBaseUrl = config.SCM_API_URL ?? API_BASE_IN_MEMORY
	const recaptcha =
		config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
			? {
					siteKey: config.RECAPTCHA_SITE_KEY,
					secretKey: config.RECAPTCHA_SECRET_KEY,
					minScore: config.RECAPTCHA_MIN_SCORE,
				}
			: null
	const mapTiles =
		config.MAP_TILE_URL || config.MAP_STYLE_URL
			? {
					tileUrl: config.MAP_TILE_URL ?? null,
					styleUrl: config.MAP_STYLE_URL ?? null,
					attribution: config.MAP_TILE_ATTRIBUTION ?? null,
				}
			: null
	const oidc = {
		issuer: opts.auth.issuer,
		clientId: config.OIDC_CLIENT_ID ?? WEB_CLIENT_ID,
		clientSecret: config.OIDC_CLIENT_SECRET ?? secrets.oidcClientSecret,
		embedded: !!opts.identity,
		internalUrl: `http://127.0.0.1:${config.PORT}`,
	}

	const app = express()
	app.disable('x-powered-by')
	// false, a hop count or the proxies' addresses (server/config.ts): never every X-Forwarded-For.
	app.set('trust proxy', config.TRUST_PROXY)

	// A visitor over an anonymous limit (noted from the API's 429, or counted per page here) is
	// answered first, before logging, compression and headers: a flood's refusals cost little.
	app.use(shedRateLimited())
	app.use(limitAnonymousPages(limits))

	app.use(requestId)
	app.use(...requestLogging(log))
	// gzip level 4, not zlib's default 6: about half the CPU on a timeline page for a slightly
	// larger body (docs/decisions/0029, bench/RESULTS.md).
	app.use(compression({ level: 4 }))
	app.use(
		securityHeaders({
			dev,
			formActionOrigins: config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [],
			// reCAPTCHA's script and frame, and the Google Maps script, tiles and fonts, only when configured.
			thirdParty: [
				...(recaptcha
					? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
					: []),
				...(config.GOOGLE_MAPS_API_KEY ? GOOGLE_MAPS_ORIGINS.scripts : []),
			],
			thirdPartyAssets: {
				...(config.GOOGLE_MAPS_API_KEY ? GOOGLE_MAPS_ORIGINS.assets : {}),
				// The keyless map's tile server (MAP_TILE_URL / MAP_STYLE_URL), only when configured: MapLibre fetches tiles.
				connect: tileOrigins(mapTiles),
			},
			// Power BI's report frame, only when Power BI is configured (the client library is bundled).
			thirdPartyFrames: config.powerBi ? [new URL(config.POWERBI_EMBED_ORIGIN).origin] : [],
			// The document viewer shows a PDF from this route in a frame (002 §2 "Document viewer overlay").
			frameableBySelf: (p) => /^\/timeline\/[^/]+\/documents\/[^/]+\/download$/.test(p),
		}),
	)

	app.get('/healthz', (_req, res) => {
		res.json({ status: 'ok' })
	})
	app.get('/readyz', async (_req, res) => {
		const { status, body } = await readiness(database, log)
		res.status(status).json(body)
	})

	// The SCM API under its bases; it takes bearer tokens, not cookies, so no CSRF check.
	app.use((req, res, next) => (isApiPath(req.path) ? apiListener(req, res) : next()))

	if (opts.identity) {
		app.use('/oidc', interactionRoutes(opts.identity, database.db, limits))
		app.use('/oidc', opts.identity.callback())
	}

	app.use(
		sameOriginPosts({
			allowedOrigins: [publicOrigin, ...origins, ...config.ALLOWED_ORIGINS],
			// /unsubscribe: a mail provider's one-click POST (RFC 8058) comes from no page of ours; its signed token is the authority.
			isExempt: (p) => p.startsWith('/oidc/') || p === '/unsubscribe',
		}),
	)

	// Browsers ask for /favicon.ico on their own for documents that carry no icon link (a photo or
	// PDF opened directly); the product's icon is the SVG the pages link to.
	app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'))

	if (opts.devMiddleware) {
		app.use(opts.devMiddleware)
	} else {
		const client = path.resolve('build/client')
		app.use(
			'/assets',
			express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }),
		)
		// Only a path naming a file (favicon.svg, robots.txt) is looked for on disk: a page's URL costs no stat (ADR 0029).
		const files = express.static(client, { maxAge: '1h', index: false })
		app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? files(req, res, next) : next()))
	}

	app.all(
		'/{*splat}',
		createRequestHandler({
			build: opts.build,
			mode: dev ? 'development' : 'production',
			getLoadContext: (req: Request, res: Response): AppLoadContext => ({
				cspNonce: res.locals.cspNonce as string,
				requestId: res.locals.requestId as string,
				log: req.log,
				scmFetch,
				scmBaseUrl,
				webApiKey: secrets.webApiKey,
				// PUBLIC_URL, or with it unset the origin the browser typed when it is one of this machine's.
				publicUrl: requestOrigin(origins, req.protocol, req.get('host')),
				clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
				firstUse,
				sessionSecret: secrets.sessionSecret,
				previousSessionSecrets: secrets.previousSessionSecrets,
				secureCookies: config.publicUrl.startsWith('https:'),
				oidc,
				recaptcha,
				googleMapsApiKey: config.GOOGLE_MAPS_API_KEY ?? null,
				mapTiles,
				iotTrackerUrl: config.IOT_TRACKER_URL?.replace(/\/+$/, '') ?? null,
				powerBiEmbed: !!config.powerBi,
			}),
		}),
	)
	return app
}
