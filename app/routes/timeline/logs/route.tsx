import { data } from 'react-router'
import type { Route } from './+types/route'
import { UUID } from '#shared/ids'
import { partKey } from '~/lib/timeline/parts'
import { requireScm } from '~/services/auth/session.server'
import { loadHistoricalLogs } from './logs.server'

/**
 * /timeline/{shipSetId}/logs?…: the Historical Logs modal's own read (opening or paging it with
 * JavaScript reads it alone, see useTimelinePart). As a page, it is the timeline.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	if (!UUID.test(params.shipSetId)) throw data(null, { status: 404 })
	const q = new URL(request.url).searchParams
	return { key: partKey('logs', q), data: await loadHistoricalLogs(scm, params.shipSetId, q) }
}

export { default } from '../page'
