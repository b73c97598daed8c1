import type { Route } from './+types/mention-users'
import { requireScm } from '~/services/auth/session.server'
import { loadToggles } from '~/services/toggles.server'
import { rethrowUnlessRefusal } from '../action.server'

/**
 * /timeline/{shipSetId}/comments/mention-users: who may be mentioned (002 §5), for the comment
 * form's '@' suggestions. The form reads it when the field first gets the focus, so a page view
 * that writes no comment does not ask the API for the supply chain's members (ADR 0039); without
 * JavaScript the server resolves '@Name' when the comment is posted. `users` is null with user
 * mentions off, empty when the list could not be read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	const { userMentions } = await loadToggles(context, user.profile.account)
	if (!userMentions) return { users: null }
	try {
		return { users: (await scm.comments.mentionUsers(user.profile.account)).users }
	} catch (error) {
		rethrowUnlessRefusal(error)
		return { users: [] }
	}
}
