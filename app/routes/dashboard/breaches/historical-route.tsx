import { data } from 'react-router'
import type { Route } from './+types/historical-route'
import { historicalAccess, loadHistoricalBreaches } from './historical.server'
import { requireScm } from '~/services/auth/session.server'
import { sectionRevalidates } from './ongoing'

/**
 * /dashboard/breaches/historical?hist_…: the Historical Breaches section read alone (`{ key, data }`),
 * for its fetcher when its filters or page change with JavaScript (001 §4 "Search resets the page
 * to 0 and sends the filters"). Guarded like the pages that show it: without the TRACKER service or
 * the supply chain's toggle scm.historicalBreaches (001 §6) it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	if (!(await historicalAccess(context, user))) throw data('Not found', { status: 404 })
	return loadHistoricalBreaches(request, context, scm, new URL(request.url).searchParams)
}

/** Read again after no post on the page (ongoing.ts). */
export const shouldRevalidate = sectionRevalidates
