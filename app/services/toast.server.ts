import { createCookieSessionStorage, type AppLoadContext } from 'react-router'
import { createToastUtilsWithCustomSession } from 'remix-toast'

/**
 * Toasts (remix-toast): a flash cookie signed with the session secret, read
 * once by the root loader. "Toasts last 4 s (public/shell), bottom-right, no
 * duplicates; analytics and timeline toasts last 10 s." (000 §8)
 */
const utils = new Map<string, ReturnType<typeof createToastUtilsWithCustomSession>>()

export function toasts(context: AppLoadContext) {
	const key = `${context.sessionSecret}:${(context.previousSessionSecrets ?? []).join(',')}:${context.secureCookies}`
	let u = utils.get(key)
	if (!u) {
		u = createToastUtilsWithCustomSession(
			createCookieSessionStorage({
				cookie: {
					name: 'wm_toast',
					secrets: [context.sessionSecret, ...(context.previousSessionSecrets ?? [])],
					httpOnly: true,
					sameSite: 'lax',
					path: '/',
					secure: context.secureCookies,
				},
			}),
		)
		utils.set(key, u)
	}
	return u
}
