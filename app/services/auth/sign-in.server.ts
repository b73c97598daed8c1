import { redirect, type AppLoadContext } from 'react-router'
import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import { createScmClient, ScmError } from '../scm.server'
import { readCookie, serializeCookie } from './cookie.server'
import { safeRedirect } from './access'
import {
	getUser,
	loggedInCookie,
	sessionStorage,
	signedOutRedirect,
	userScm,
	type Profile,
} from './session.server'

/**
 * Sign-in with OpenID Connect, authorization code + PKCE (remix-auth +
 * remix-auth-oauth2), against the embedded provider or an external one, and sign-out.
 */

const RETURN_COOKIE = 'wm_return'

type Endpoints = { authorization: string; token: string; endSession: string }
const endpoints = new Map<string, Promise<Endpoints>>()

/** The provider's endpoints: known for the embedded one, discovered for an external one. */
function providerEndpoints(context: AppLoadContext): Promise<Endpoints> {
	const { oidc } = context
	if (oidc.embedded) {
		// The embedded provider is mounted on this server: the browser goes to it on the origin it
		// is on (localhost, 127.0.0.1 or the machine's name when PUBLIC_URL is unset), so the
		// sign-in's cookies and its return to /authorize stay on one origin; the server reaches
		// it on the loopback, whatever the public URL.
		return Promise.resolve({
			authorization: `${context.publicUrl}/oidc/auth`,
			token: `${oidc.internalUrl}/oidc/token`,
			endSession: `${context.publicUrl}/oidc/session/end`,
		})
	}
	let found = endpoints.get(oidc.issuer)
	if (!found) {
		found = fetch(`${oidc.issuer}/.well-known/openid-configuration`)
			.then((r) => {
				if (!r.ok) throw new Error(`OpenID discovery failed: ${r.status}`)
				return r.json() as Promise<Record<string, string>>
			})
			.then((d) => ({
				authorization: d.authorization_endpoint!,
				token: d.token_endpoint!,
				endSession: d.end_session_endpoint ?? `${oidc.issuer}/protocol/openid-connect/logout`,
			}))
		found.catch(() => endpoints.delete(oidc.issuer))
		endpoints.set(oidc.issuer, found)
	}
	return found
}

/**
 * Set by sign-out, cleared by the next sign-in: while it is there, the provider is asked to
 * check the password again (`prompt=login`) even if its own session outlived the sign-out (a
 * browser without JavaScript may leave the provider's 'Sign out?' page unanswered).
 */
const SIGNED_OUT_COOKIE = 'wm_signed_out'
/** As long as the provider keeps a session (its Session lifetime, server/idp/provider.ts). */
const SIGNED_OUT_MAX_AGE = 14 * 24 * 3600

/** The OIDC strategy, asking for the password again after a sign-out (SIGNED_OUT_COOKIE). */
class SignInStrategy<User> extends OAuth2Strategy<User> {
	protected override authorizationParams(params: URLSearchParams, request: Request) {
		if (readCookie(request.headers.get('Cookie'), SIGNED_OUT_COOKIE)) params.set('prompt', 'login')
		return params
	}
}

async function authenticator(context: AppLoadContext) {
	const ep = await providerEndpoints(context)
	const auth = new Authenticator<{ accessToken: string; expiresAt: number }>()
	auth.use(
		new SignInStrategy(
			{
				cookie: {
					name: 'wm_oauth',
					httpOnly: true,
					sameSite: 'Lax',
					path: '/',
					maxAge: 600,
					...(context.secureCookies ? { secure: true as const } : {}),
				},
				clientId: context.oidc.clientId,
				clientSecret: context.oidc.clientSecret,
				authorizationEndpoint: ep.authorization,
				tokenEndpoint: ep.token,
				redirectURI: `${context.publicUrl}/authorize`,
				scopes: ['openid', 'email', 'profile'],
			},
			async ({ tokens }) => {
				let lifetime = 3600
				try {
					lifetime = tokens.accessTokenExpiresInSeconds()
				} catch {
					// no expires_in: assume the common hour; the API still checks the token's own expiry
				}
				return { accessToken: tokens.accessToken(), expiresAt: Date.now() + lifetime * 1000 }
			},
		),
		'oidc',
	)
	return auth
}

/** /login: remembers where the user was going and sends the browser to the provider. */
export async function startSignIn(
	request: Request,
	context: AppLoadContext,
	redirectTo: string | null,
): Promise<never> {
	const auth = await authenticator(context)
	try {
		await auth.authenticate('oidc', request)
	} catch (thrown) {
		if (thrown instanceof Response) {
			const headers = new Headers(thrown.headers)
			headers.append(
				'Set-Cookie',
				serializeCookie(RETURN_COOKIE, encodeURIComponent(safeRedirect(redirectTo)), {
					secure: context.secureCookies,
					maxAge: 600,
				}),
			)
			throw new Response(null, { status: thrown.status, headers })
		}
		throw thrown
	}
	throw new Error('sign-in did not redirect')
}

/**
 * A callback that carries an error, or no code and state, goes to /login saying so (000 §2: "A
 * callback error goes to /login"), never back to the provider: a provider that refuses the user
 * would refuse again, in a loop. The remembered path is kept for the next try.
 */
export function callbackFailed(request: Request, error: string, description?: string | null) {
	const next = new URLSearchParams({ error })
	if (description) next.set('error_description', description)
	const remembered = rememberedPath(request)
	if (remembered !== '/dashboard') next.set('redirectTo', remembered)
	return redirect(`/login?${next}`)
}

/** The path sign-in started from (the return cookie), or /dashboard. */
function rememberedPath(request: Request): string {
	try {
		return safeRedirect(
			decodeURIComponent(readCookie(request.headers.get('Cookie'), RETURN_COOKIE) ?? ''),
		)
	} catch {
		// a cookie we did not write (malformed percent-encoding): go to the dashboard
		return '/dashboard'
	}
}

/**
 * /authorize: exchanges the code (state and PKCE verifier checked), loads the profile, opens the
 * session; answers where to go next and the session's cookies.
 */
export async function finishSignIn(
	request: Request,
	context: AppLoadContext,
): Promise<{ to: string; headers: Headers }> {
	const auth = await authenticator(context)
	const tokens = await auth.authenticate('oidc', request)
	const { user, memberships } = await createScmClient(context).account.profile(tokens.accessToken)
	const membership = memberships[0]
	const profile: Profile = {
		email: user.email,
		given_name: user.givenName,
		account: membership?.account ?? '',
		account_name: membership?.accountName ?? '',
		account_alias: membership?.accountAlias ?? null,
		permissions: membership?.permissions ?? [],
		subscribed_services: membership?.subscribedServices ?? [],
	}
	const storage = sessionStorage(context)
	const session = await storage.getSession(null)
	session.set('user', { ...tokens, profile })
	// "A redirect to /403 is ignored." (000 §2)
	const target = rememberedPath(request)
	const headers = new Headers()
	headers.append('Set-Cookie', await storage.commitSession(session))
	headers.append('Set-Cookie', loggedInCookie(context, 'Y'))
	headers.append(
		'Set-Cookie',
		serializeCookie(RETURN_COOKIE, '', { secure: context.secureCookies, maxAge: 0 }),
	)
	headers.append(
		'Set-Cookie',
		serializeCookie('wm_oauth', '', { secure: context.secureCookies, maxAge: 0 }),
	)
	headers.append(
		'Set-Cookie',
		serializeCookie(SIGNED_OUT_COOKIE, '', { secure: context.secureCookies, maxAge: 0 }),
	)
	return { to: target === '/403' ? '/dashboard' : target, headers }
}

/**
 * Sign-out ends the session everywhere: the API refuses its token from now on (so a copied
 * cookie is worth nothing, on any process), the cookie is cleared, and the provider's
 * end-session endpoint ends the provider's session and the grant behind the token.
 */
export async function signOut(request: Request, context: AppLoadContext): Promise<Response> {
	const user = await getUser(request, context)
	if (user) {
		try {
			await userScm(context, user).account.endSession()
		} catch (error) {
			// An expired or already ended token needs no ending; anything else must not keep the user signed in here.
			if (!(error instanceof ScmError)) throw error
		}
	}
	const ep = await providerEndpoints(context)
	const url = new URL(ep.endSession)
	url.searchParams.set('client_id', context.oidc.clientId)
	url.searchParams.set('post_logout_redirect_uri', `${context.publicUrl}/login`)
	const response = await signedOutRedirect(context, url.toString())
	response.headers.append(
		'Set-Cookie',
		serializeCookie(SIGNED_OUT_COOKIE, '1', {
			secure: context.secureCookies,
			maxAge: SIGNED_OUT_MAX_AGE,
		}),
	)
	return response
}
