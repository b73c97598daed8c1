import type { Route } from './+types/document-download'
import { guestFileDownload } from '~/services/guest.server'

/**
 * /guest/{shipSetId}/documents/{documentId}?type=restricted&token=…&email=…&supply_chain=…: one
 * document of the guest link's order, streamed with its type and file name (002 §1 "A guest
 * may still … open or download documents and view photos"); `disposition=inline` to show it.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
	return guestFileDownload(request, context, params.shipSetId, 'documents', params.documentId)
}
