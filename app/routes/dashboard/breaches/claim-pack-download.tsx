import { data } from 'react-router'
import type { Route } from './+types/claim-pack-download'
import { UUID } from '#shared/ids'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { passThroughAttachment } from '~/services/file-stream.server'

/**
 * /dashboard/breaches/{id}/claim-pack: a breach's claim pack, the API's zip streamed
 * through as a download, for ongoing and historical breaches alike. Without the TRACKER service,
 * or for another supply chain's or an unknown breach, it is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	if (!UUID.test(params.id)) throw data('Not found', { status: 404 })
	const { user, scm } = await requireScm(request, context)
	if (!user.profile.subscribed_services?.includes('TRACKER'))
		throw data('Not found', { status: 404 })
	const { data: response } = await withCatalogue(
		request,
		context,
		() => scm.historicalBreaches.claimPack(params.id),
		null,
	)
	if (!response) throw data('Not found', { status: 404 })
	return passThroughAttachment(response, 'claim-pack.zip', 'application/zip')
}
