import { contentDisposition, isInlineType } from '../shared/file-rules'
import type { FileStorage } from '../storage'
import { notFound } from '../errors'

/**
 * A stored file as the response body, streamed from the storage backend, with the type sniffed at
 * upload and nosniff. `inline` when asked and the type allows it (isInlineType: never a CSV, never
 * a type that could script); otherwise an attachment.
 */
export async function fileResponse(
	storage: FileStorage,
	key: string,
	contentType: string,
	fileName: string,
	disposition: 'attachment' | 'inline',
): Promise<Response> {
	const file = await storage.get(key)
	if (!file) throw notFound('File')
	const headers = new Headers({
		'Content-Type': contentType || 'application/octet-stream',
		'Content-Disposition': contentDisposition(
			disposition === 'inline' && isInlineType(contentType) ? 'inline' : 'attachment',
			fileName,
		),
		'Cache-Control': 'private, no-store',
		'X-Content-Type-Options': 'nosniff',
	})
	if (file.size !== null) headers.set('Content-Length', String(file.size))
	return new Response(file.body, { status: 200, headers })
}
