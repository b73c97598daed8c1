import type { Route } from './+types/upload-route'
import { uploadDocumentJson } from './files.server'

/**
 * POST /timeline/{shipSetId}/documents/upload: one queued document (002 §4 "sent one request
 * at a time"), answered with its Upload Details row as JSON. The 'Upload Documents' dialog
 * uses it with JavaScript; without, the dialog posts the whole queue to the timeline action.
 */
export function action({ request, context, params }: Route.ActionArgs) {
	return uploadDocumentJson(request, context, params.shipSetId)
}
