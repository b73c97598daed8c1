import type { Route } from './+types/document-download'
import { fileDownload } from './files.server'

/**
 * /timeline/{shipSetId}/documents/{documentId}/download[?disposition=inline]: the document's
 * bytes with its type and file name (002 §2 "Document viewer overlay" DOWNLOAD, §7 download),
 * only for users of the order's organization (404 otherwise). `inline` opens it in its tab
 * (002 §7) and the viewer's frame; a CSV, or a type that could script, always downloads.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
	return fileDownload(request, context, params.shipSetId, 'documents', params.documentId)
}
