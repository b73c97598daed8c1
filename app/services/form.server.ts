import { data } from 'react-router'
import type { SubmissionResult } from '@conform-to/react'
import type { FormErrors } from '~/lib/api-issues'
import type { FormReply } from '~/lib/form-reply'
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '#shared/file-rules'
import { openAsBlob } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
	discardBody,
	FormTooLarge,
	isMultipart,
	MalformedMultipart,
	readMultipart,
	TooManyFiles,
} from '#shared/multipart'

/**
 * Reading an action's form (docs/architecture.md rule 4: every mutation is a form post). A body
 * without files is buffered whole when it is parsed, so it is capped first: by its Content-Length, and
 * while it arrives when it declares none (chunked); over the cap the action answers 413 and
 * reads no further. A body that is not a form (JSON, a broken multipart) reads as an empty
 * form, which the action's own validation then refuses with its message (400), never a 500.
 */

/** Every form but the uploads: a few fields (a comment is at most 500 characters). */
export const SMALL_FORM_BYTES = 64 * 1024

/** The largest upload: 'Upload Photos' with its most photos (002 §5; server/shared/file-rules.ts), plus framing. */
export const UPLOAD_FORM_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + 1024 * 1024
/** The most file parts one upload form may carry (the no-JS 'Upload Documents' rows, the photos). */
const UPLOAD_MAX_FILES = 20

class BodyTooLarge extends Error {}

const tooLarge = () =>
	new Response('Payload Too Large', {
		status: 413,
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	})

export async function readForm(request: Request, maxBytes = SMALL_FORM_BYTES): Promise<FormData> {
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > maxBytes) {
		await discardBody(request.body)
		throw tooLarge()
	}
	if (!request.body) return new FormData()
	let received = 0
	const counted = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				received += chunk.byteLength
				if (received > maxBytes) controller.error(new BodyTooLarge())
				else controller.enqueue(chunk)
			},
		}),
	)
	try {
		return await new Response(counted, {
			headers: { 'Content-Type': request.headers.get('content-type') ?? '' },
		}).formData()
	} catch {
		if (received > maxBytes) throw tooLarge()
		return new FormData()
	}
}

export interface UploadForm {
	form: FormData
	/** Removes the files spooled for this request; call it once the action is done with them. */
	cleanup(): Promise<void>
}

/**
 * Reading a form that may carry files (the timeline's actions; "Uploads stream",
 * docs/decisions/0018). A multipart body is read as it arrives (server/shared/multipart.ts):
 * its text fields at most SMALL_FORM_BYTES together, each file written to a temporary file as
 * it comes and put in the form as a File read from that disk file (`openAsBlob`), so the
 * action hands it to the API — in memory or over HTTP — as a stream from disk, and no memory
 * ever holds a whole file. A file is kept to `maxFileBytes` + 1 bytes (enough for the API to
 * refuse it with its own message; the rest is read and dropped). The whole body is capped at
 * `maxBytes` like readForm (413). Any other body is read by readForm at SMALL_FORM_BYTES.
 */
export async function readUploadForm(
	request: Request,
	maxFileBytes: number,
	maxBytes = UPLOAD_FORM_BYTES,
): Promise<UploadForm> {
	if (!isMultipart(request.headers.get('content-type')))
		return { form: await readForm(request), cleanup: async () => {} }
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > maxBytes) {
		await discardBody(request.body)
		throw tooLarge()
	}
	let dir: string | null = null
	const cleanup = async () => {
		if (dir) await rm(dir, { recursive: true, force: true })
	}
	let received = 0
	const counted = request.body?.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				received += chunk.byteLength
				if (received > maxBytes) controller.error(new BodyTooLarge())
				else controller.enqueue(chunk)
			},
		}),
	)
	let spooled = 0
	try {
		const form = await readMultipart(
			new Request(request.url, {
				method: 'POST',
				headers: request.headers,
				body: counted ?? null,
				duplex: 'half',
			} as RequestInit),
			// The file limit is ours below (keep max + 1 bytes), not the reader's.
			{
				maxFieldBytes: SMALL_FORM_BYTES,
				maxFileBytes: Number.MAX_SAFE_INTEGER,
				maxFiles: UPLOAD_MAX_FILES,
			},
			async (part) => {
				dir ??= await mkdtemp(path.join(tmpdir(), 'waymark-upload-'))
				const file = path.join(dir, String(++spooled))
				const handle = await open(file, 'wx', 0o600)
				let kept = 0
				try {
					const reader = part.stream.getReader()
					for (
						let read = await reader.read();
						!read.done && kept <= maxFileBytes;
						read = await reader.read()
					) {
						const piece = read.value.subarray(0, maxFileBytes + 1 - kept)
						await handle.write(piece)
						kept += piece.byteLength
					}
					reader.releaseLock()
				} finally {
					await handle.close()
				}
				if (kept === 0 && !part.filename) return new File([], '', { type: part.contentType })
				return new File([await openAsBlob(file)], part.filename, { type: part.contentType })
			},
		)
		return { form, cleanup }
	} catch (error) {
		await cleanup()
		if (
			error instanceof BodyTooLarge ||
			error instanceof FormTooLarge ||
			error instanceof TooManyFiles
		)
			throw tooLarge()
		// Not a form after all (a broken multipart): an empty one, for the action's own message.
		if (error instanceof MalformedMultipart)
			return { form: new FormData(), cleanup: async () => {} }
		throw error
	}
}

/** What parseWithZod gives: the submission a refusal replies to. */
interface Replyable {
	reply(options?: {
		formErrors?: string[]
		fieldErrors?: Record<string, string[]>
	}): SubmissionResult<string[]>
}

/**
 * A form not done (CONVENTIONS habit 3): `{ result: submission.reply(errors) }`, so the form shows
 * each field's messages (and the form's own, `formErrors`) and keeps what was typed; status 400
 * for a refusal, 200 for one of Conform's own intents (a reference row added or removed without
 * JavaScript), which only redraws the form.
 */
export function refuse(submission: Replyable, errors?: Partial<FormErrors>) {
	const result = submission.reply(errors)
	return data({ result } satisfies FormReply, { status: result.status === 'error' ? 400 : 200 })
}
