import { data } from 'react-router'
import type { Route } from './+types/index'
import { isGuestQuery } from '~/lib/guest/restricted'
import { guestNotificationAction } from '~/services/guest.server'

/**
 * /timeline/{shipSetId}: the page. Its one form of its own is the guest view's notification
 * form (a guest link opened as /timeline/{id}?type=…&token=…); every signed-in form posts to
 * its capability's route (./<capability>/route.tsx).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
	if (isGuestQuery(new URL(request.url)))
		return guestNotificationAction(request, context, params.shipSetId)
	throw data(null, { status: 405 })
}

export { default } from './page'
