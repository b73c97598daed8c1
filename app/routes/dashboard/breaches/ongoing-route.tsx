import { data } from 'react-router'
import type { Route } from './+types/ongoing-route'
import { readOngoingList, readOngoingStep } from './ongoing.server'
import { ongoingListKey, parseOngoing, showsBreaches, sectionRevalidates } from './ongoing'
import { parseOffset } from '../lists'
import { requireScm } from '~/services/auth/session.server'

/**
 * /dashboard/breaches/ongoing?breach_q=…&breach_page=N&place=tab|widget: the Ongoing Breaches list
 * read alone (`{ key, data }`), for its fetcher when the search changes with JavaScript (001 §4
 * steps 3–5); with `offset=N` instead of the pages, the one page from N that 'Load more' appends
 * (step 6). Guarded like the pages that show it: without the TRACKER service (001 §6) it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	if (!showsBreaches(user.profile.subscribed_services)) throw data('Not found', { status: 404 })
	const q = new URL(request.url).searchParams
	const place = q.get('place') === 'widget' ? 'widget' : 'tab'
	const offset = q.get('offset')
	return {
		key: ongoingListKey(place, q),
		data:
			offset === null
				? await readOngoingList(request, context, scm, place, parseOngoing(q))
				: await readOngoingStep(request, context, scm, place, parseOngoing(q), parseOffset(offset)),
	}
}

/** Read again after no post on the page (ongoing.ts). */
export const shouldRevalidate = sectionRevalidates
