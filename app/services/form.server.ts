import { data } from 'react-router'
import type { SubmissionResult } from '@conform-to/react'
import type { FormErrors } from '~/lib/api-issues'
import type { FormReply } from '~/lib/form-reply'
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '#contracts/file-rules'

/**
 * Reading an action's form (ARCHITECTURE.md rule 4: every mutation is a form post). A body
 * is buffered whole when it is parsed, so it is capped first: by its Content-Length, and
 * while it arrives when it declares none (chunked); over the cap the action answers 413 and
 * reads no further. A body that is not a form (JSON, a broken multipart) reads as an empty
 * form, which the action's own validation then refuses with its message (400), never a 500.
 */

/** Every form but the uploads: a few fields (a comment is at most 500 characters). */
export const SMALL_FORM_BYTES = 64 * 1024

/** The largest upload: 'Upload Photos' with its most photos (002 §5; server/contracts/file-rules.ts), plus framing. */
export const UPLOAD_FORM_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + 1024 * 1024

class BodyTooLarge extends Error {}

const tooLarge = () => new Response('Payload Too Large', { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * Reads a body to its end without keeping it. A browser sends the whole request body before it
 * reads the answer: a 413 sent over a body left unread was never seen, and the upload hung.
 */
async function discard(body: ReadableStream<Uint8Array>) {
	const reader = body.getReader()
	while (!(await reader.read()).done) {
		// dropped
	}
}

export async function readForm(request: Request, maxBytes = SMALL_FORM_BYTES): Promise<FormData> {
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > maxBytes) {
		if (request.body) await discard(request.body)
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
		return await new Response(counted, { headers: { 'Content-Type': request.headers.get('content-type') ?? '' } }).formData()
	} catch {
		if (received > maxBytes) throw tooLarge()
		return new FormData()
	}
}

/** What parseWithZod gives: the submission a refusal replies to. */
interface Replyable {
	reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>
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
