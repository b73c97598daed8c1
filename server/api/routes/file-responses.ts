import { bodyLimit } from 'hono/body-limit'
import { FILE_MESSAGES, contentDisposition, isInlineType, safeFileName } from '../../contracts/file-rules'
import type { FileStorage } from '../../storage'
import { ApiError, notFound } from '../errors'

/** Room for the multipart framing and the other fields around the file(s). */
const FORM_OVERHEAD = 64 * 1024

/** Refuses a request body over `maxBytes` (plus framing) before it is read: 413 with the size message. */
export function uploadLimit(maxBytes: number, files = 1) {
	return bodyLimit({
		maxSize: maxBytes * files + FORM_OVERHEAD,
		onError: () => {
			throw new ApiError(413, FILE_MESSAGES.tooLarge(maxBytes))
		},
	})
}

/** One uploaded file part, read into memory (it is within the size limit), with its stored name. */
export async function readUpload(part: unknown, maxBytes: number, name?: string): Promise<{ name: string; bytes: Uint8Array }> {
	if (!(part instanceof File)) throw new ApiError(400, FILE_MESSAGES.fileRequired)
	const fileName = safeFileName(name ?? part.name)
	if (!fileName) throw new ApiError(400, FILE_MESSAGES.fileRequired)
	if (part.size > maxBytes) throw new ApiError(413, FILE_MESSAGES.tooLarge(maxBytes))
	if (part.size === 0) throw new ApiError(400, FILE_MESSAGES.emptyFile)
	return { name: fileName, bytes: new Uint8Array(await part.arrayBuffer()) }
}

/**
 * A stored file as the response body, streamed from the storage backend. Only PDFs
 * and images are ever served `inline`; everything else is an attachment.
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
		'Content-Disposition': contentDisposition(disposition === 'inline' && isInlineType(contentType) ? 'inline' : 'attachment', fileName),
		'Cache-Control': 'private, no-store',
		'X-Content-Type-Options': 'nosniff',
	})
	if (file.size !== null) headers.set('Content-Length', String(file.size))
	return new Response(file.body, { status: 200, headers })
}
