/**
 * A streaming multipart/form-data reader ("Uploads stream", docs/decisions/0018).
 * The body is read chunk by chunk; text fields are collected (under a byte cap), and each
 * file part is handed to `onFile` as a stream that pulls the request body only as fast as
 * the consumer (the storage backend) writes it. Nothing holds a whole file: memory stays
 * at a few chunks however large the upload.
 *
 * Limits: text fields together at most `maxFieldBytes` (else FormTooLarge), at most
 * `maxFiles` file parts (else TooManyFiles), each part's headers at most 8 KB. A file over
 * `maxFileBytes` is not fatal to the request: its stream errors with FileTooLarge once it
 * passes the limit (so whatever was being written is dropped), the rest of that part is read
 * and thrown away, and the next part is read as usual — the caller decides what a refused
 * file does to the request (the photo upload names each refused photo).
 *
 * @remix-run/form-data-parser was tried first and set aside: its 0.17 parser collects each
 * file part in memory before handing it over (docs/decisions/0018), which is exactly what
 * this reader must not do.
 */

export class MultipartError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'MultipartError'
	}
}
/** The body is not multipart, or its framing is broken (a client's fault: 400). */
export class MalformedMultipart extends MultipartError {}
/** The text fields together are over their cap (413). */
export class FormTooLarge extends MultipartError {}
/** More file parts than allowed. */
export class TooManyFiles extends MultipartError {}
/** One file over its limit (its stream errors with this; the parse goes on). */
export class FileTooLarge extends MultipartError {
	constructor(readonly limit: number) {
		super(`File over ${limit} bytes`)
	}
}

export interface FilePart {
	/** The form field, e.g. `file[]`. */
	field: string
	/** The browser's file name (may be empty when a file input was left empty). */
	filename: string
	contentType: string
	/** The file's bytes as they arrive; read it once. Errors with FileTooLarge past the limit. */
	stream: ReadableStream<Uint8Array>
	/** Bytes read so far (all of them once the stream has ended). */
	readonly size: number
}

export interface MultipartLimits {
	maxFieldBytes: number
	maxFileBytes: number
	maxFiles: number
	maxHeaderBytes?: number
}

/** What `onFile` answers goes into the FormData under the part's field (null: nothing). */
export type FileHandler = (part: FilePart) => Promise<string | Blob | null>

export function isMultipart(contentType: string | null): boolean {
	return /^multipart\/form-data\b/i.test(contentType ?? '')
}

export function boundaryOf(contentType: string | null): string | null {
	const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '')
	return match ? (match[1] ?? match[2] ?? null) : null
}

type Event =
	{ kind: 'part'; headers: string } | { kind: 'data'; bytes: Uint8Array } | { kind: 'end' }

const CRLF = Buffer.from('\r\n')
const HEADER_END = Buffer.from('\r\n\r\n')

/** The body as events: a part's headers, its bytes in pieces, its end. */
async function* events(
	body: ReadableStream<Uint8Array>,
	boundary: string,
	maxHeaderBytes: number,
): AsyncGenerator<Event> {
	const opening = Buffer.from(`--${boundary}`)
	const delimiter = Buffer.from(`\r\n--${boundary}`)
	let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble'
	let buf: Buffer = Buffer.alloc(0)
	const reader = body.getReader()
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			if (state === 'done') continue // the epilogue is ignored
			let chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
			if (
				state === 'body' &&
				buf.length > 0 &&
				buf.length < delimiter.length &&
				chunk.length >= delimiter.length
			) {
				// The carried tail of a file: look for a delimiter that starts in it without copying the chunk.
				const joined = Buffer.concat([buf, chunk.subarray(0, delimiter.length)])
				const at = joined.indexOf(delimiter)
				if (at >= 0 && at < buf.length) {
					if (at > 0) yield { kind: 'data', bytes: buf.subarray(0, at) }
					yield { kind: 'end' }
					chunk = chunk.subarray(at + delimiter.length - buf.length)
					state = 'after'
				} else {
					yield { kind: 'data', bytes: buf }
				}
				buf = Buffer.alloc(0)
			}
			buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk])
			for (;;) {
				if (state === 'preamble') {
					const at = buf.indexOf(opening)
					if (at < 0) {
						if (buf.length > maxHeaderBytes) throw new MalformedMultipart('No opening boundary')
						break
					}
					buf = buf.subarray(at + opening.length)
					state = 'after'
				}
				if (state === 'after') {
					if (buf.length < 2) break
					if (buf[0] === 0x2d && buf[1] === 0x2d) {
						state = 'done'
						buf = Buffer.alloc(0)
						break
					}
					if (!buf.subarray(0, 2).equals(CRLF)) throw new MalformedMultipart('Bad boundary line')
					buf = buf.subarray(2)
					state = 'headers'
				}
				if (state === 'headers') {
					const end = buf.indexOf(HEADER_END)
					if (end < 0) {
						if (buf.length > maxHeaderBytes) throw new MalformedMultipart('Part headers too long')
						break
					}
					if (end > maxHeaderBytes) throw new MalformedMultipart('Part headers too long')
					yield { kind: 'part', headers: buf.subarray(0, end).toString('utf8') }
					buf = buf.subarray(end + HEADER_END.length)
					state = 'body'
				}
				if (state === 'body') {
					const at = buf.indexOf(delimiter)
					if (at < 0) {
						// Keep what could be the start of a delimiter split across chunks.
						const safe = buf.length - (delimiter.length - 1)
						if (safe > 0) {
							yield { kind: 'data', bytes: buf.subarray(0, safe) }
							buf = buf.subarray(safe)
						}
						break
					}
					if (at > 0) yield { kind: 'data', bytes: buf.subarray(0, at) }
					yield { kind: 'end' }
					buf = buf.subarray(at + delimiter.length)
					state = 'after'
				}
			}
		}
	} finally {
		reader.releaseLock()
	}
	if (state !== 'done') throw new MalformedMultipart('The body ended before its closing boundary')
}

function headerParam(header: string, name: string): string | undefined {
	const match =
		new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ??
		new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header)
	return match?.[1]?.replace(/\\(.)/g, '$1')
}

function parseHeaders(raw: string) {
	const headers = new Map<string, string>()
	for (const line of raw.split('\r\n')) {
		const colon = line.indexOf(':')
		if (colon > 0)
			headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
	}
	const disposition = headers.get('content-disposition') ?? ''
	return {
		name: headerParam(disposition, 'name'),
		filename: headerParam(disposition, 'filename'),
		contentType: headers.get('content-type') ?? 'application/octet-stream',
	}
}

/**
 * Reads a multipart body: text fields into the answered FormData, each file through
 * `onFile` as it arrives. A body that is not multipart throws MalformedMultipart.
 */
export async function readMultipart(
	request: Request,
	limits: MultipartLimits,
	onFile: FileHandler,
): Promise<FormData> {
	const contentType = request.headers.get('content-type')
	const boundary = isMultipart(contentType) ? boundaryOf(contentType) : null
	if (!boundary) throw new MalformedMultipart('Not a multipart/form-data body')
	const form = new FormData()
	if (!request.body) return form
	const iterator = events(request.body, boundary, limits.maxHeaderBytes ?? 8192)
	// One read at a time: a file's stream and the loop below take turns.
	let turn: Promise<unknown> = Promise.resolve()
	const next = (): Promise<IteratorResult<Event>> => {
		const result = turn.then(() => iterator.next())
		turn = result.catch(() => undefined)
		return result
	}
	const decoder = new TextDecoder()
	let fieldBytes = 0
	let files = 0
	try {
		for (let step = await next(); !step.done; step = await next()) {
			if (step.value.kind !== 'part') throw new MalformedMultipart('Data outside a part')
			const { name, filename, contentType: type } = parseHeaders(step.value.headers)
			if (filename === undefined) {
				let text = ''
				for (
					let piece = await next();
					!piece.done && piece.value.kind !== 'end';
					piece = await next()
				) {
					if (piece.value.kind !== 'data') throw new MalformedMultipart('Part without an end')
					fieldBytes += piece.value.bytes.byteLength
					if (fieldBytes > limits.maxFieldBytes)
						throw new FormTooLarge('Form fields over their cap')
					text += decoder.decode(piece.value.bytes, { stream: true })
				}
				text += decoder.decode()
				if (name) form.append(name, text)
				continue
			}
			if (++files > limits.maxFiles) throw new TooManyFiles(`More than ${limits.maxFiles} files`)
			let size = 0
			let ended = false
			let failure: unknown = null
			const stream = new ReadableStream<Uint8Array>(
				{
					async pull(controller) {
						let piece: IteratorResult<Event>
						try {
							piece = await next()
						} catch (error) {
							failure = error
							controller.error(error)
							return
						}
						if (piece.done || piece.value.kind === 'part') {
							failure = new MalformedMultipart('Part without an end')
							controller.error(failure)
							return
						}
						if (piece.value.kind === 'end') {
							ended = true
							controller.close()
							return
						}
						size += piece.value.bytes.byteLength
						if (size > limits.maxFileBytes) {
							controller.error(new FileTooLarge(limits.maxFileBytes))
							return
						}
						controller.enqueue(piece.value.bytes)
					},
				},
				{ highWaterMark: 0 },
			)
			const part: FilePart = {
				field: name ?? '',
				filename,
				contentType: type,
				stream,
				get size() {
					return size
				},
			}
			const value = await onFile(part)
			if (failure) throw failure
			// What the handler did not read (a refused or oversized file) is read and dropped.
			while (!ended) {
				const piece = await next()
				if (piece.done || piece.value.kind === 'part')
					throw new MalformedMultipart('Part without an end')
				if (piece.value.kind === 'end') ended = true
				else size += piece.value.bytes.byteLength
			}
			if (value !== null && name) form.append(name, value)
		}
	} catch (error) {
		// Let the generator release the body reader.
		await iterator.return(undefined).catch(() => undefined)
		throw error
	}
	return form
}

/** Reads a body to its end without keeping it (a client reads no answer before it has sent its body). */
export async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
	if (!body) return
	const reader = body.getReader()
	try {
		while (!(await reader.read()).done) {
			// dropped
		}
	} catch {
		// the client went away: nothing to read
	} finally {
		reader.releaseLock()
	}
}

/** The first `bytes` of a stream, and a stream of all of it (the head given back first). */
export async function peek(
	stream: ReadableStream<Uint8Array>,
	bytes: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
	const reader = stream.getReader()
	const pieces: Uint8Array[] = []
	let length = 0
	let done = false
	while (length < bytes) {
		const read = await reader.read()
		if (read.done) {
			done = true
			break
		}
		pieces.push(read.value)
		length += read.value.byteLength
	}
	const head = Buffer.concat(pieces)
	const rest = new ReadableStream<Uint8Array>(
		{
			start(controller) {
				if (head.byteLength) controller.enqueue(head)
				if (done) controller.close()
			},
			async pull(controller) {
				if (done) return
				try {
					const read = await reader.read()
					if (read.done) controller.close()
					else controller.enqueue(read.value)
				} catch (error) {
					controller.error(error)
				}
			},
			cancel(reason) {
				return reader.cancel(reason)
			},
		},
		{ highWaterMark: 0 },
	)
	return { head: head.subarray(0, Math.min(bytes, head.byteLength)), stream: rest }
}
