import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { FILE_MESSAGES, safeFileName } from '../shared/file-rules'
import {
	discardBody,
	FileTooLarge,
	FormTooLarge,
	isMultipart,
	MalformedMultipart,
	peek,
	readMultipart,
	TooManyFiles,
} from '../shared/multipart'
import type { FileStorage } from '../storage'
import type { ApiEnv } from '../api/context'
import { ApiError, describeIssues } from '../errors'
import { textIssues } from '../api/errors'

/**
 * Receiving an upload ("Uploads stream", docs/decisions/0018): the multipart body is
 * read as it arrives (server/shared/multipart.ts) and each file goes straight to storage under a
 * fresh key while it is read, its first bytes kept aside for the content check. Nothing holds a
 * whole file. The route then checks the fields, names and contents as before (002 §5) and
 * either records the stored files in its transaction or removes them (`discard`): a refused
 * upload leaves nothing behind.
 */

/** The text fields of an upload: a few ids and names. */
export const UPLOAD_FIELD_BYTES = 64 * 1024
/** Bytes kept from the start of each file for the content check (file-type needs ~4 KB; text is checked on 8 KB). */
export const HEAD_BYTES = 8192

export interface ReceivedFile {
	field: string
	/** The browser's file name. */
	name: string
	/** Where the bytes were stored; null when nothing was (empty, or over the limit). */
	key: string | null
	size: number
	/** The first HEAD_BYTES bytes. */
	head: Uint8Array
	/** SHA-256 of the stored bytes, hex. */
	sha256: string
	tooLarge: boolean
}

export interface Received {
	fields: Map<string, string>
	files: ReceivedFile[]
	/** Removes every stored file (a refusal, or a failed transaction). */
	discard(): Promise<void>
}

/**
 * Refuses a body whose declared length is over the most the route takes (413 with the size
 * message) before reading any of it; a body that declares none is limited part by part.
 */
export function declaredUploadLimit(maxFileBytes: number, files = 1): MiddlewareHandler<ApiEnv> {
	return async (c, next) => {
		const declared = Number(c.req.header('content-length') ?? NaN)
		if (Number.isFinite(declared) && declared > maxFileBytes * files + UPLOAD_FIELD_BYTES) {
			throw new ApiError(413, FILE_MESSAGES.tooLarge(maxFileBytes))
		}
		await next()
	}
}

export async function receiveUploads(
	c: Context<ApiEnv>,
	opts: {
		storage: FileStorage
		fileFields: readonly string[]
		maxFileBytes: number
		maxFiles: number
		tooManyFiles: string
		keyOf: () => string
	},
): Promise<Received> {
	const request = c.req.raw
	if (!isMultipart(request.headers.get('content-type'))) {
		await discardBody(request.body)
		throw new ApiError(415, 'Unsupported Media Type: send multipart/form-data')
	}
	const files: ReceivedFile[] = []
	const discard = async () => {
		await Promise.allSettled(files.map((f) => (f.key ? opts.storage.delete(f.key) : undefined)))
	}
	let form: FormData
	try {
		form = await readMultipart(
			request,
			{
				maxFieldBytes: UPLOAD_FIELD_BYTES,
				maxFileBytes: opts.maxFileBytes,
				maxFiles: opts.maxFiles,
			},
			async (part) => {
				// A file input left empty posts a nameless, empty part; a part under another name is not ours.
				if (!opts.fileFields.includes(part.field)) return null
				const { head, stream } = await peek(part.stream, HEAD_BYTES)
				const file: ReceivedFile = {
					field: part.field,
					name: part.filename,
					key: null,
					size: 0,
					head,
					sha256: '',
					tooLarge: false,
				}
				if (head.byteLength === 0) {
					if (part.filename) files.push(file)
					return null
				}
				files.push(file)
				const key = opts.keyOf()
				try {
					const hash = createHash('sha256')
					const hashed = stream.pipeThrough(
						new TransformStream<Uint8Array, Uint8Array>({
							transform(chunk, controller) {
								hash.update(chunk)
								controller.enqueue(chunk)
							},
						}),
					)
					await opts.storage.put(key, hashed, { contentType: 'application/octet-stream' })
					file.key = key
					file.sha256 = hash.digest('hex')
				} catch (error) {
					if (!(error instanceof FileTooLarge)) throw error
					file.tooLarge = true
				}
				file.size = part.size
				return null
			},
		)
	} catch (error) {
		await discard()
		if (error instanceof ApiError) throw error
		if (error instanceof TooManyFiles) throw new ApiError(400, opts.tooManyFiles)
		if (error instanceof FormTooLarge)
			throw new ApiError(413, `The form's fields are over ${UPLOAD_FIELD_BYTES / 1024} KB`)
		if (error instanceof MalformedMultipart)
			throw new ApiError(400, `Malformed multipart body: ${error.message}`)
		throw error
	}
	const fields = new Map<string, string>()
	for (const [name, value] of form) if (typeof value === 'string') fields.set(name, value)
	// What every validated request gets (server/api/errors.ts): no NUL in any field.
	const nul = textIssues(Object.fromEntries(fields))
	if (nul.length) {
		await discard()
		throw new ApiError(400, describeIssues(nul), nul)
	}
	return { fields, files, discard }
}

/**
 * One received file as the routes check it (002 §5), in the order they always did: a file
 * is there and has a name, is within the size limit, is not empty. `name` is the name to
 * store (the `file_name` field when sent, else the part's), made safe.
 */
export function checkedUpload(
	file: ReceivedFile | undefined,
	maxBytes: number,
	name?: string,
): ReceivedFile & { key: string } {
	if (!file) throw new ApiError(400, FILE_MESSAGES.fileRequired)
	const fileName = safeFileName(name ?? file.name)
	if (!fileName) throw new ApiError(400, FILE_MESSAGES.fileRequired)
	if (file.tooLarge) throw new ApiError(413, FILE_MESSAGES.tooLarge(maxBytes))
	if (file.size === 0 || !file.key) throw new ApiError(400, FILE_MESSAGES.emptyFile)
	return { ...file, name: fileName, key: file.key }
}
