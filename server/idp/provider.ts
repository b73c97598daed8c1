import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { eq } from 'drizzle-orm'
import { createHash, type JsonWebKey } from 'node:crypto'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { esc, signOutPage } from './pages'
import { databaseAdapter } from './adapter'
import { acceptedSecrets, isAcceptedSecret } from '../rotating-secrets'

export const WEB_CLIENT_ID = 'waymark-web'
/** The resource our access tokens are for: the SCM API. Its tokens are JWTs with this audience. */
export const API_AUDIENCE = WEB_CLIENT_ID
/** The resource indicator (RFC 8707) the web app's tokens are issued for. */
export const API_RESOURCE = 'urn:waymark:scm-api'

export interface IdentityProviderOptions {
	db: Database
	/** e.g. http://localhost:3000/oidc */
	issuer: string
	/**
	 * The web app's origins, e.g. [http://localhost:3000]: PUBLIC_URL's, or when it is unset every
	 * origin a browser may have typed (server/http/origins.ts). Sign-in may return to any of them.
	 */
	appUrls: string[]
	clientSecret: string
	/** Client secrets being rotated out (OIDC_CLIENT_SECRET_PREVIOUS): still accepted at the token endpoint until removed. */
	previousClientSecrets?: readonly string[]
	/**
	 * The signing keys (private JWKs), the one that signs first: the others are published and
	 * verify until they expire (server/signing-keys.ts).
	 */
	signingKeys: JsonWebKey[]
	cookieSecret: string
	/** Whether a proxy sits in front (TRUST_PROXY set): the provider then believes X-Forwarded-Proto. */
	trustProxy: boolean
	/** Seconds an access token lives (the app restarts sign-in when it expires). */
	accessTokenTtl?: number
}

/**
 * The embedded OpenID provider (oidc-provider), the default issuer when no
 * external one is configured. Users and password hashes live in our database;
 * the only client is the web app (authorization code + PKCE, confidential).
 * Access tokens are JWTs for the SCM API, verified there with this provider's
 * JWKS like any external issuer's.
 */
export function createIdentityProvider(opts: IdentityProviderOptions) {
	const ttl = opts.accessTokenTtl ?? 3600
	const cookieKey = createHash('sha256')
		.update(`oidc-cookies:${opts.cookieSecret}`)
		.digest('base64url')
	const configuration: Configuration = {
		adapter: databaseAdapter(opts.db),
		clients: [
			{
				client_id: WEB_CLIENT_ID,
				client_secret: opts.clientSecret,
				redirect_uris: opts.appUrls.map((url) => `${url}/authorize`),
				post_logout_redirect_uris: opts.appUrls.map((url) => `${url}/login`),
				grant_types: ['authorization_code', 'refresh_token'],
				response_types: ['code'],
				token_endpoint_auth_method: 'client_secret_post',
			},
		],
		jwks: { keys: opts.signingKeys as never[] },
		cookies: {
			keys: [cookieKey],
			long: { signed: true, httpOnly: true, sameSite: 'lax' },
			short: { signed: true, httpOnly: true, sameSite: 'lax' },
		},
		pkce: { required: () => true },
		scopes: ['openid', 'email', 'profile', 'offline_access'],
		claims: {
			openid: ['sub'],
			email: ['email', 'email_verified'],
			profile: ['given_name', 'family_name', 'name'],
		},
		features: {
			devInteractions: { enabled: false },
			revocation: { enabled: true },
			rpInitiatedLogout: {
				enabled: true,
				logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
					ctx.type = 'html'
					ctx.body = signOutPage(form, nonceOf(ctx))
				},
				postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
					// On the origin the browser is on (the provider is mounted in the app's own server).
					ctx.redirect('/login')
				},
			},
			resourceIndicators: {
				enabled: true,
				defaultResource: () => API_RESOURCE,
				useGrantedResource: () => true,
				getResourceServerInfo: () => ({
					scope: 'openid email profile',
					audience: API_AUDIENCE,
					accessTokenFormat: 'jwt',
					accessTokenTTL: ttl,
					jwt: { sign: { alg: 'RS256' } },
				}),
			},
		},
		ttl: {
			AccessToken: ttl,
			AuthorizationCode: 60,
			IdToken: ttl,
			Interaction: 3600,
			Grant: 14 * 24 * 3600,
			Session: 14 * 24 * 3600,
			RefreshToken: 14 * 24 * 3600,
		},
		interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
		findAccount: async (_ctx, sub) => {
			const [user] = await opts.db
				.select({
					id: users.id,
					email: users.email,
					givenName: users.givenName,
					familyName: users.familyName,
				})
				.from(users)
				.where(eq(users.id, sub))
				.limit(1)
			if (!user) return undefined
			return {
				accountId: user.id,
				claims: async () => ({
					sub: user.id,
					email: user.email,
					email_verified: true,
					...(user.givenName ? { given_name: user.givenName } : {}),
					...(user.familyName ? { family_name: user.familyName } : {}),
					name: [user.givenName, user.familyName].filter(Boolean).join(' ') || user.email,
				}),
			}
		},
		extraTokenClaims: async (_ctx, token) => {
			// The API finds the user by `sub`; the e-mail helps external tools and logs.
			const [user] = await opts.db
				.select({ email: users.email })
				.from(users)
				.where(eq(users.id, 'accountId' in token ? (token.accountId ?? '') : ''))
				.limit(1)
			return user ? { email: user.email } : undefined
		},
		renderError: async (ctx, out) => {
			ctx.type = 'html'
			ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${esc(String(out.error_description ?? out.error))}</p><p><a href="/login">Try again</a></p></main></body></html>`
		},
	}
	const provider = new Provider(opts.issuer, configuration)
	provider.proxy = opts.trustProxy
	acceptPreviousClientSecrets(
		provider,
		acceptedSecrets(opts.clientSecret, opts.previousClientSecrets),
	)
	return provider
}

/**
 * oidc-provider knows one secret per client. While the web app's secret is rotated, a process
 * already on the new secret and one still on the old call the same provider (any process behind
 * the load balancer), so every accepted secret must pass: the client authentication of this
 * provider's own Client class (created per provider, so no other instance is touched) compares
 * against each of them.
 */
function acceptPreviousClientSecrets(provider: Provider, accepted: string[]) {
	if (accepted.length < 2) return
	provider.Client.prototype.compareClientSecret = function (
		this: { clientId: string },
		actual: string,
	) {
		return this.clientId === WEB_CLIENT_ID && isAcceptedSecret(actual, accepted)
	}
}

/** The CSP nonce server.ts put on the Node response, for the provider's own pages. */
function nonceOf(ctx: KoaContextWithOIDC): string {
	const res = ctx.res as unknown as { locals?: { cspNonce?: string } }
	return res.locals?.cspNonce ?? ''
}
