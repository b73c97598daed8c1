import { data } from 'react-router'
import type { Route } from './+types/route'
import { UUID } from '#shared/ids'
import { partKey } from '~/lib/timeline/parts'
import { requireScm } from '~/services/auth/session.server'
import { loadToggles } from '~/services/toggles.server'
import { timelineAction } from '../action.server'
import { commentActions, loadComments } from './comments.server'

/**
 * /timeline/{shipSetId}/comments?…: the Comments tab's own read (a tab or page link with
 * JavaScript loads it alone, see CommentsTab) and the comment form's action (../action.server.ts);
 * the page renders a refusal.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	if (!UUID.test(params.shipSetId)) throw data(null, { status: 404 })
	const toggles = await loadToggles(context, user.profile.account)
	const q = new URL(request.url).searchParams
	return {
		key: partKey('comments', q),
		data: await loadComments(scm, params.shipSetId, q, toggles.userMentions),
	}
}

export const action = timelineAction(commentActions)

export { default } from '../page'
