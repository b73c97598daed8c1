import { data } from 'react-router'
import type { Route } from './+types/list-step-route'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { DASHBOARD_TABS, parseOffset, type DashboardTab } from './lists'
import { loadListStep } from './lists.server'

/**
 * /dashboard/lists/{tab}?offset=N: the next ten rows of a tabbed list (001 §4 "page by offset in
 * steps of 10"), for its 'Load more' with JavaScript, which appends them to what the page shows.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const tab = DASHBOARD_TABS.find((t) => t.id === params.tab)?.id as DashboardTab | undefined
	if (!tab) throw data('Not found', { status: 404 })
	const { scm } = await requireScm(request, context)
	const offset = parseOffset(new URL(request.url).searchParams.get('offset'))
	// A failed read answers no rows: 'Load more' stays, to try again.
	const { data: step } = await withCatalogue(
		request,
		context,
		() => loadListStep(scm, tab, offset),
		null,
	)
	return { tab, step }
}
