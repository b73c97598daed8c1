import { redirect, type AppLoadContext } from 'react-router'
import { createScmClient } from '../scm.server'
import { createEncryptedCookieSessionStorage, serializeCookie } from './cookie.server'
import { oncePerRequest } from '../per-request.server'
import { hasShellAccess } from './access'

/**
 * The signed-in user's session: one encrypted cookie holding the access token and the profile of
 * 000 §3 (sign-in itself is sign-in.server.ts), and the guards loaders and actions begin with.
 */

export interface Profile {
	email: string
	given_name: string | null
	account: string
	account_name: string
	account_alias: string | null
	permissions: string[]
	subscribed_services: string[]
}

export interface SessionUser {
	accessToken: string
	/** Epoch milliseconds. */
	expiresAt: number
	profile: Profile
}

const SESSION_COOKIE = 'wm_session'
const LOGGED_IN_COOKIE = 'logged_in'
const SESSION_MAX_AGE = 14 * 24 * 3600

export const SESSION_EXPIRED = 'User session expired.'

const storages = new Map<
	string,
	ReturnType<typeof createEncryptedCookieSessionStorage<{ user: SessionUser }>>
>()
export function sessionStorage(context: AppLoadContext) {
	const key = `${context.sessionSecret}:${(context.previousSessionSecrets ?? []).join(',')}:${context.secureCookies}`
	let storage = storages.get(key)
	if (!storage) {
		storage = createEncryptedCookieSessionStorage<{ user: SessionUser }>({
			name: SESSION_COOKIE,
			secret: context.sessionSecret,
			previousSecrets: context.previousSessionSecrets ?? [],
			secure: context.secureCookies,
			maxAge: SESSION_MAX_AGE,
		})
		storages.set(key, storage)
	}
	return storage
}

/** "On found, a logged-in cookie is set to Y; on expiry or sign-out it is set to N." (000 §4) */
export function loggedInCookie(context: AppLoadContext, value: 'Y' | 'N') {
	return serializeCookie(LOGGED_IN_COOKIE, value, {
		httpOnly: false,
		secure: context.secureCookies,
		maxAge: SESSION_MAX_AGE,
	})
}

export async function getUser(
	request: Request,
	context: AppLoadContext,
): Promise<SessionUser | null> {
	const session = await sessionStorage(context).getSession(request.headers.get('Cookie'))
	return session.get('user') ?? null
}

function here(request: Request) {
	const url = new URL(request.url)
	return `${url.pathname}${url.search}`
}

/**
 * The signed-in user, or a thrown redirect: to /login remembering where the
 * user was going; with an expired access token, the session is cleared and
 * /login says 'User session expired.' before signing in again. A session that
 * sign-out ended (a copied cookie replayed later) is refused by the API at the
 * page's first call as the user, which `userScm` turns into the same sign-in
 * again: the guard itself asks the API nothing.
 */
function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
	// A page's loaders (a layout and its tab) share one load context: the cookie is read once per
	// request.
	return oncePerRequest(context, `user\u0000${request.headers.get('Cookie') ?? ''}`, () =>
		checkUser(request, context),
	)
}

async function checkUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
	const user = await getUser(request, context)
	const redirectTo = encodeURIComponent(here(request))
	if (!user) throw redirect(`/login?redirectTo=${redirectTo}`)
	if (user.expiresAt <= Date.now())
		throw await signedOutRedirect(context, `/login?redirectTo=${redirectTo}&expired=1`)
	return user
}

/**
 * The SCM API client acting as this user, in their supply chain. Given `returnTo` (the page to
 * come back to), the API's 401 (a session sign-out ended, in any process) clears the session and
 * signs in again, back to that page, wherever the call is made; without it, a 401 is an ScmError.
 */
export function userScm(context: AppLoadContext, user: SessionUser, returnTo?: string) {
	return createScmClient(context, {
		accessToken: user.accessToken,
		supplyChain: user.profile.account,
		signedOut:
			returnTo === undefined
				? undefined
				: () => signedOutRedirect(context, `/login?redirectTo=${encodeURIComponent(returnTo)}`),
	})
}

/**
 * A loader's or an action's first line: the signed-in user allowed into the shell (else the
 * redirect `requireShellUser` throws) and the API client acting as them.
 */
export async function requireScm(request: Request, context: AppLoadContext) {
	const user = await requireShellUser(request, context)
	return { user, scm: userScm(context, user, here(request)) }
}

/** A signed-in user allowed into the shell: DASHBOARD.DEFAULT or CORE.DEFAULT, else /403 (000 §6). */
export async function requireShellUser(
	request: Request,
	context: AppLoadContext,
): Promise<SessionUser> {
	const user = await requireUser(request, context)
	if (!hasShellAccess(user.profile.permissions)) throw redirect('/403')
	return user
}

/** Clears the session, sets logged_in=N and redirects. */
export async function signedOutRedirect(context: AppLoadContext, to: string) {
	const storage = sessionStorage(context)
	const headers = new Headers()
	headers.append('Set-Cookie', await storage.destroySession(await storage.getSession(null)))
	headers.append('Set-Cookie', loggedInCookie(context, 'N'))
	return redirect(to, { headers })
}
