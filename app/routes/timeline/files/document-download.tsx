import type { Route } from './+types/document-download'
import { fileDownload } from './files.server'

/**
 * /timeline/{shipSetId}/documents/{documentId}/download[?disposition=inline]: the document's
 * bytes with its type and file name (002 §2 "Document viewer overlay" DOWNLOAD, §7 download),
 * only for users of the order's organization (404 otherwise). `inline` is for the viewer's
 * PDF frame; other types always download.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
	return fileDownload(request, context, params.shipSetId, 'documents', params.documentId)
}
