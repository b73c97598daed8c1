import type { Route } from './+types/photo-download'
import { guestFileDownload } from '~/services/guest.server'

/**
 * /guest/{shipSetId}/photos/{photoId}?type=restricted&token=…&email=…&supply_chain=…: one
 * photo of the guest link's order, streamed with its type and file name (002 §1 "A guest
 * may still … open or download documents and view photos"); `disposition=inline` to show it.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
	return guestFileDownload(request, context, params.shipSetId, 'photos', params.photoId)
}
