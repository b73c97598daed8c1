import type { Route } from './+types/photo-download'
import { fileDownload } from './files.server'

/** /timeline/{shipSetId}/photos/{photoId}/download[?disposition=inline]: a photo for the list, the lightbox or saving. */
export function loader({ request, context, params }: Route.LoaderArgs) {
	return fileDownload(request, context, params.shipSetId, 'photos', params.photoId)
}
