import { data } from 'react-router'
import type { Route } from './+types/ongoing-detail-route'
import { readOngoingDetail } from './ongoing.server'
import { UUID } from '#shared/ids'
import { showsBreaches, sectionRevalidates } from './ongoing'
import { requireScm } from '~/services/auth/session.server'

/**
 * /dashboard/breaches/ongoing/{id}: one breached order's detail with the latest 60 readings of each
 * exception (001 §4 step 2), read alone (`{ key, data }`) for the detail's fetcher when an item is
 * selected with JavaScript. Without the TRACKER service, or for an id that is not one, a 404; an
 * unknown or another tenant's breached order answers `missing` (nothing selected).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const id = params.id
	if (!UUID.test(id)) throw data('Not found', { status: 404 })
	const { user, scm } = await requireScm(request, context)
	if (!showsBreaches(user.profile.subscribed_services)) throw data('Not found', { status: 404 })
	return {
		key: id.toLowerCase(),
		data: await readOngoingDetail(request, context, scm, id.toLowerCase()),
	}
}

/** Read again after no post on the page (ongoing.ts). */
export const shouldRevalidate = sectionRevalidates
