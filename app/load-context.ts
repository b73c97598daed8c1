import type { MapTiles } from './lib/map/style'
/**
 * What server.ts hands every loader and action (React Router's load context).
 * The web app never touches the database: it reaches data only through
 * `scmFetch`, the SCM API's fetch handler (in memory in the single process,
 * or a fetch to SCM_API_URL when the tiers are split).
 */
import type { Logger } from 'pino'

type ScmFetch = (request: Request) => Promise<Response>

interface WaymarkLoadContext {
	/** Per-request nonce for the Content-Security-Policy's script-src. */
	cspNonce: string
	/** Request id, also sent in the X-Request-Id response header and logs. */
	requestId: string
	/** This request's logger: its lines carry `requestId` (server/log.ts). */
	log: Logger
	/** Dispatches a Request to the SCM API and returns its Response. */
	scmFetch: ScmFetch
	/** Base URL the API client uses to build request URLs (http://scm.internal in memory). */
	scmBaseUrl: string
	/** The key the web app sends in X-Api-Key to endpoints that take no user token (toggles). */
	webApiKey: string
	/** The public origin of the web app, e.g. http://localhost:3000. */
	publicUrl: string
	/** The browser's address (Express's req.ip; honours X-Forwarded-For only from the proxies TRUST_PROXY names). */
	clientAddress: string
	/**
	 * True the first time `key` is used within `lifetimeMs`, false on any later use: in every
	 * process on the database (PostgreSQL's rate_limits), or in memory with PGlite's one process.
	 * The captcha's replay guard.
	 */
	firstUse: (key: string, lifetimeMs: number) => Promise<boolean>
	/** Signs and encrypts the web app's cookies (session, captcha pass, toasts). */
	sessionSecret: string
	/** Session secrets being rotated out: cookies they sealed or signed are still read. */
	previousSessionSecrets: string[]
	/** True when the public URL is https: cookies get Secure. */
	secureCookies: boolean
	/** Sign-in: the OpenID provider and this app's client registration at it. */
	oidc: OidcClientConfig
	/** reCAPTCHA v3 keys when configured; null: the self-hosted ALTCHA proof of work. */
	recaptcha: { siteKey: string; secretKey: string; minScore: number } | null
	/** Google Maps JavaScript API key when configured; null: the keyless Location map. */
	googleMapsApiKey: string | null
	/** The keyless map's tiles (MAP_TILE_URL or MAP_STYLE_URL) when configured; null: the offline world outline. */
	mapTiles: MapTiles | null
	/** The IoT tracker application's base address (no trailing slash) when configured. */
	iotTrackerUrl: string | null
	/** True when Power BI is configured (POWERBI_*): the analytics page embeds its report instead of the built-in one. */
	powerBiEmbed: boolean
}

interface OidcClientConfig {
	/** e.g. http://localhost:3000/oidc, or an external issuer. */
	issuer: string
	clientId: string
	clientSecret: string
	/** True for the embedded provider: its endpoints are known without discovery. */
	embedded: boolean
	/** Where this server reaches the embedded provider itself (the token endpoint), e.g. http://127.0.0.1:3000. */
	internalUrl: string
}

declare module 'react-router' {
	// eslint-disable-next-line @typescript-eslint/no-empty-object-type
	interface AppLoadContext extends WaymarkLoadContext {}
}
