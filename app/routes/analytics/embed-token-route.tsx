import { data } from 'react-router'
import type { Route } from './+types/embed-token-route'
import { hasAnalyticsAccess } from '~/services/auth/access'
import { requireScm } from '~/services/auth/session.server'
import { ScmError } from '~/services/scm.server'

/**
 * POST /analytics/{category}/embed-token: the page's script asks here for a Power BI embed token
 * (000 §4 "fetched when missing … refreshed when within 5 minutes of expiry"); we ask the API's
 * generate_embed_token (000 §7) with the user's session, and answer reportId, embedUrl, embedToken,
 * expiration. A POST from our own pages only (the CSRF check); never cached.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const { user, scm } = await requireScm(request, context)
	if (!hasAnalyticsAccess(user.profile.permissions))
		throw data({ error: 'Not found' }, { status: 404 })
	try {
		const token = await scm.analytics.generateEmbedToken()
		return Response.json(token, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (!(error instanceof ScmError)) throw error
		return Response.json(
			{ error: error.message },
			{ status: error.status === 404 ? 404 : 502, headers: { 'Cache-Control': 'no-store' } },
		)
	}
}

export async function loader() {
	throw data('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}
