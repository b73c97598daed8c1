import { createCookieSessionStorage, type AppLoadContext, type SessionStorage } from 'react-router'
import { createToastUtilsWithCustomSession, type ToastMessage } from 'remix-toast'
import { readCookie } from './auth/cookie.server'

/**
 * Toasts (remix-toast): a flash cookie signed with the session secret, read
 * once by the root loader. "Toasts last 4 s (public/shell), bottom-right, no
 * duplicates; analytics and timeline toasts last 10 s." (000 §8)
 */
const TOAST_COOKIE = 'wm_toast'

const kits = new Map<
	string,
	{ storage: SessionStorage; utils: ReturnType<typeof createToastUtilsWithCustomSession> }
>()

function kit(context: AppLoadContext) {
	const key = `${context.sessionSecret}:${(context.previousSessionSecrets ?? []).join(',')}:${context.secureCookies}`
	let k = kits.get(key)
	if (!k) {
		const storage = createCookieSessionStorage({
			cookie: {
				name: TOAST_COOKIE,
				secrets: [context.sessionSecret, ...(context.previousSessionSecrets ?? [])],
				httpOnly: true,
				sameSite: 'lax',
				path: '/',
				secure: context.secureCookies,
			},
		})
		k = { storage, utils: createToastUtilsWithCustomSession(storage) }
		kits.set(key, k)
	}
	return k
}

export function toasts(context: AppLoadContext) {
	return kit(context).utils
}

/**
 * The toast an action left for this request, and the header that removes its cookie. Most requests
 * carry no toast cookie: they read nothing and set nothing (remix-toast's own `getToast` verifies and
 * signs a cookie on every request, and answers every page with a Set-Cookie). A toast cookie is
 * read once and then removed, not re-signed empty, so the next requests carry none.
 */
export async function readToast(
	context: AppLoadContext,
	request: Request,
): Promise<{ toast: ToastMessage | undefined; headers: HeadersInit | undefined }> {
	if (!readCookie(request.headers.get('Cookie'), TOAST_COOKIE))
		return { toast: undefined, headers: undefined }
	const { storage, utils } = kit(context)
	const { toast } = await utils.getToast(request)
	return {
		toast,
		headers: { 'Set-Cookie': await storage.destroySession(await storage.getSession()) },
	}
}
