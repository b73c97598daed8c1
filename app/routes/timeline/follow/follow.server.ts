import { toastDuration } from '~/lib/error-catalogue'
import { toasts } from '~/services/toast.server'
import {
	rethrowUnlessRefusal,
	type TimelineActionArgs,
	type TimelineActionHandler,
} from '../action.server'

/**
 * Follow / unfollow from the timeline header (002 §4 "Follow", §8): "'Follow Order – You
 * have followed this order'" and the warning "'Unfollow Order – You have unfollowed this
 * order'". A failure (not shown by the spec) answers an error toast with the server's text.
 */
const FOLLOW_TOASTS = {
	follow: { message: 'Follow Order', description: 'You have followed this order' },
	unfollow: { message: 'Unfollow Order', description: 'You have unfollowed this order' },
} as const

function handler(intent: 'follow' | 'unfollow'): TimelineActionHandler {
	return async ({ shipSetId, scm, context, returnTo }: TimelineActionArgs) => {
		const t = toasts(context)
		const duration = toastDuration(new URL(returnTo, 'http://x').pathname)
		try {
			if (intent === 'follow') await scm.shipSets.follow(shipSetId)
			else await scm.shipSets.unfollow(shipSetId)
		} catch (error) {
			rethrowUnlessRefusal(error)
			return t.redirectWithError(returnTo, {
				message: FOLLOW_TOASTS[intent].message,
				description: error.message,
				duration,
			})
		}
		const toast = { ...FOLLOW_TOASTS[intent], duration }
		return intent === 'follow'
			? t.redirectWithSuccess(returnTo, toast)
			: t.redirectWithWarning(returnTo, toast)
	}
}

export const followActions: Record<string, TimelineActionHandler> = {
	follow: handler('follow'),
	unfollow: handler('unfollow'),
}
