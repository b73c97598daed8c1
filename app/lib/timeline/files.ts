import { z } from 'zod'
import { UUID } from '#shared/ids'
import { FILE_MESSAGES } from '#shared/file-rules'
import type { FormReply } from '~/lib/form-reply'
import { formatLongTime } from '~/lib/dates'
import { isSavedAsFile, OTHERS_CODE } from '#shared/file-rules'

/** Display rules of the Documents and Photos tabs and cards (002 §2, §5, §9). */

/** The type shown for a document: its 'Other document type' text when the type is OTHERS (002 §3, §4). */
export function documentTypeLabel(doc: {
	documentType: { name: string; code: string } | null
	otherDocumentType: string | null
}): string {
	if (doc.documentType?.code === OTHERS_CODE) return doc.otherDocumentType || doc.documentType.name
	return doc.documentType?.name ?? ''
}

/**
 * A document's download link (002 §7: "a CSV response is saved as a file; otherwise the file path
 * opens in a new tab"): a CSV is saved under its name; anything else opens inline in a new tab.
 * `href` is the route that streams it, inline or not: the signed-in page's (fileHref) or the
 * guest link's (guestFileHref), so both screens link documents alike.
 */
export function documentLink(
	doc: { fileFileName: string; fileContentType: string },
	href: (inline: boolean) => string,
) {
	return isSavedAsFile(doc.fileContentType)
		? { href: href(false), download: doc.fileFileName }
		: { href: href(true), target: '_blank', rel: 'noopener' }
}

/** The web resource route that streams a document or photo (inline for the viewer and the lightbox). */
export function fileHref(
	shipSetId: string,
	kind: 'documents' | 'photos',
	id: string,
	inline = false,
): string {
	return `/timeline/${shipSetId}/${kind}/${id}/download${inline ? '?disposition=inline' : ''}`
}

/** 002 §9 "'ddd, DD MMM YYYY h:mm A z' for documents" (UTC; 'N/A' when unparsable, §5). */
export function formatDocumentTime(value: string | null | undefined): string {
	return formatLongTime(value, 'UTC')
}

/** 002 §5 "Pagination is hidden when the total is under 5 (documents …) and under 4 photos." */
export const showDocumentPager = (total: number) => total >= 5
export const showPhotoPager = (total: number) => total >= 4

/** The previous and next ids around `id` in a list (the lightbox's links), wrapping at the ends. */
export function neighbours(
	ids: readonly string[],
	id: string,
): { prev: string | null; next: string | null } {
	const i = ids.indexOf(id)
	if (i < 0 || ids.length < 2) return { prev: null, next: null }
	return {
		prev: ids[(i - 1 + ids.length) % ids.length] ?? null,
		next: ids[(i + 1) % ids.length] ?? null,
	}
}

/**
 * The name of a field of one queued document, `documents[{row}].{key}` (rows from 1): the no-JS
 * 'Upload Documents' form's rows and the one-file upload's post, in Conform's path syntax so
 * that a refused form gives back what was chosen.
 */
export function documentField(
	row: number,
	key: 'file' | 'file_name' | 'document_type_id' | 'other_document_type',
): string {
	return `documents[${row}].${key}`
}

/** The photo upload's file field (002 §4 "Photo upload"). */
export const PHOTO_FILES = 'file[]'

/** 'Comment on Photo' (002 §7 PUT photos/{photoId} notes, at most 500 characters). */
export const PhotoNotesFormSchema = z.object({
	photo_id: z.string().regex(UUID, 'Unknown photo'),
	notes: z.string().trim().max(500, FILE_MESSAGES.notesTooLong).default(''),
})

/** What the no-JS 'Upload Documents' form is answered: its reply and, once sent, the Upload Details rows. */
export interface UploadDocumentsReply extends FormReply {
	uploadDetails?: { fileName: string; result: string }[]
}
