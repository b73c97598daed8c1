import { TIMELINE_TOAST_MS } from '~/lib/timeline/load-toast'
import { data, type AppLoadContext } from 'react-router'
import {
	DOCUMENTS_PAGE_SIZE,
	PHOTOS_REQUEST_LIMIT,
	FILE_MESSAGES,
	MAX_DOCUMENT_BYTES,
	OTHERS_CODE,
	queuedFileName,
} from '#shared/file-rules'
import { requireScm } from '~/services/auth/session.server'
import { ScmError, type ScmClient } from '~/services/scm.server'
import { passThroughFile } from '~/services/file-stream.server'
import { toasts } from '~/services/toast.server'
import { readUploadForm, SMALL_FORM_BYTES, type UploadForm } from '~/services/form.server'
import { withParams } from '~/lib/timeline/url'
import { isOrderMissing, rethrowUnlessRefusal, type TimelineActionHandler } from '../action.server'
import { refuse } from '~/services/form.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import {
	documentField,
	PHOTO_FILES,
	PhotoNotesFormSchema,
	type UploadDocumentsReply,
} from '~/lib/timeline/files'
import { UUID } from '#shared/ids'
import { needsPhotoRead, photoOffset } from '~/lib/timeline/photo-window'

/**
 * Documents and photos of the timeline (002 §4 "Document upload", "Photo upload",
 * §5, §7, §8). The API enforces every rule; these handlers relay its messages.
 */

/** One row of 'Upload Details' (002 §4): the file and 'Success' or the server's error ('Failed' when it gave none, §8). */
interface UploadDetail {
	fileName: string
	result: string
}

interface QueuedDocument {
	file: File
	fileName: string
	documentTypeId: string
	otherDocumentType?: string
}

/** Sends one queued document; never throws for a refused file (its error goes in the table). */
async function uploadOneDocument(
	scm: ScmClient,
	shipSetId: string,
	entry: QueuedDocument,
): Promise<UploadDetail> {
	try {
		await scm.files.uploadDocument(shipSetId, entry)
		return { fileName: entry.fileName, result: 'Success' }
	} catch (error) {
		rethrowUnlessRefusal(error)
		return { fileName: entry.fileName, result: error.message || 'Failed' }
	}
}

const text = (form: FormData, key: string) => {
	const v = form.get(key)
	return typeof v === 'string' ? v.trim() : ''
}
/** A chosen file (a file input left empty posts a nameless, empty part); an empty chosen file goes on, for the API's 'The file is empty'. */
const isFile = (v: FormDataEntryValue | null): v is File =>
	typeof v === 'object' && v !== null && v.name !== ''

/**
 * The rows of the no-JS 'Upload Documents' form (`documentField(i, …)`: file, document_type_id,
 * other_document_type, file_name for i = 1…); rows without a file are ignored.
 */
function queuedDocuments(form: FormData, otherTypeIds: ReadonlySet<string>) {
	const rows: (QueuedDocument & { row: number })[] = []
	const errors: Record<string, string[]> = {}
	for (let i = 1; i <= 20; i++) {
		const file = form.get(documentField(i, 'file'))
		if (!isFile(file)) continue
		const documentTypeId = text(form, documentField(i, 'document_type_id'))
		const otherDocumentType = text(form, documentField(i, 'other_document_type'))
		if (!documentTypeId)
			errors[documentField(i, 'document_type_id')] = [FILE_MESSAGES.documentTypeRequired]
		else if (otherTypeIds.has(documentTypeId) && !otherDocumentType)
			errors[documentField(i, 'other_document_type')] = [FILE_MESSAGES.otherDocumentTypeRequired]
		rows.push({
			row: i,
			file,
			fileName: text(form, documentField(i, 'file_name')) || queuedFileName(file.name),
			documentTypeId,
			otherDocumentType: otherDocumentType || undefined,
		})
	}
	return { rows, errors }
}

/**
 * Without JavaScript: one multipart post with the queue; each file is sent to the API
 * separately, one after another, and the answer is the Upload Details table, so a
 * refused file does not lose the others.
 */
const uploadDocuments: TimelineActionHandler = async ({ form, scm, shipSetId }) => {
	const submission = received(form)
	const types = await scm.files.documentTypes()
	const others = new Set(types.documentTypes.filter((t) => t.code === OTHERS_CODE).map((t) => t.id))
	const { rows, errors } = queuedDocuments(form, others)
	if (rows.length === 0) return refuse(submission, { formErrors: [FILE_MESSAGES.noFiles] })
	if (Object.keys(errors).length > 0) {
		return refuse(submission, {
			fieldErrors: errors,
			formErrors: ['Choose the document type of every file, then choose the files again.'],
		})
	}
	const uploadDetails: UploadDetail[] = []
	for (const entry of rows) uploadDetails.push(await uploadOneDocument(scm, shipSetId, entry))
	return data({ result: submission.reply(), uploadDetails } satisfies UploadDocumentsReply)
}

/** 'Upload Photos' (002 §4): together; then the processed list offers 'Comment on Photo'. */
const uploadPhotos: TimelineActionHandler = async ({ form, scm, shipSetId, context, returnTo }) => {
	const submission = received(form)
	const files = form.getAll(PHOTO_FILES).filter(isFile)
	if (files.length === 0)
		return refuse(submission, { fieldErrors: { [PHOTO_FILES]: [FILE_MESSAGES.noFiles] } })
	try {
		const { photos } = await scm.files.uploadPhotos(shipSetId, files)
		const [path, query = ''] = returnTo.split('?')
		const back = `${path}${withParams(`?${query}`, { upload: 'photos', processed: photos.map((p) => p.id).join(',') })}`
		return toasts(context).redirectWithSuccess(back, {
			message: 'Photos',
			description: 'You have submitted photos',
			duration: TIMELINE_TOAST_MS,
		})
	} catch (error) {
		rethrowUnlessRefusal(error)
		if (error.status < 500)
			return refuse(submission, { fieldErrors: { [PHOTO_FILES]: [error.message] } })
		throw error
	}
}

/** 'Comment on Photo' (002 §7 PUT photos/{photoId} notes; toast 'Photos – Comment added', §8). */
const photoNotes: TimelineActionHandler = async ({ form, scm, shipSetId, context, returnTo }) => {
	const submission = parseWithZod(form, { schema: PhotoNotesFormSchema })
	if (submission.status !== 'success') return refuse(submission)
	const { photo_id: photoId, notes } = submission.value
	try {
		await scm.files.photoNotes(shipSetId, photoId, notes)
	} catch (error) {
		rethrowUnlessRefusal(error)
		if (error.status < 500) return refuse(submission, { fieldErrors: { notes: [error.message] } })
		throw error
	}
	const [path, query = ''] = returnTo.split('?')
	return toasts(context).redirectWithSuccess(
		`${path}${withParams(`?${query}`, { photo_comment: null })}`,
		{ message: 'Photos', description: 'Comment added', duration: TIMELINE_TOAST_MS },
	)
}

/**
 * What was posted, as a submission to reply to, for the two upload forms: their files are
 * checked by the queue's rules and the API, not by a schema (a reply never carries files back).
 */
const received = (form: FormData) =>
	parseWithZod(form, { schema: z.object({ intent: z.string() }).passthrough() })

export const fileActions: Record<string, TimelineActionHandler> = {
	[TIMELINE_INTENTS.files.uploadDocuments]: uploadDocuments,
	[TIMELINE_INTENTS.files.uploadPhotos]: uploadPhotos,
	[TIMELINE_INTENTS.files.photoNotes]: photoNotes,
}

/**
 * With JavaScript: one queued document per post to /timeline/{id}/documents/upload,
 * answered with its Upload Details row as JSON (the page does not navigate).
 */
export async function uploadDocumentJson(
	request: Request,
	context: AppLoadContext,
	shipSetId: string,
) {
	const { scm } = await requireScm(request, context)
	// Every answer is a row of the table (200), refused files included: the page shows it, not the console.
	let upload: UploadForm
	try {
		upload = await readUploadForm(
			request,
			MAX_DOCUMENT_BYTES,
			MAX_DOCUMENT_BYTES + SMALL_FORM_BYTES,
		)
	} catch (thrown) {
		// Over the size limit: the API's message, not 'Failed' (the page reads the row's result).
		if (thrown instanceof Response && thrown.status === 413)
			return Response.json({
				fileName: '',
				result: FILE_MESSAGES.tooLarge(MAX_DOCUMENT_BYTES),
			} satisfies UploadDetail)
		throw thrown
	}
	const { form } = upload
	try {
		const file = form.get(documentField(1, 'file'))
		if (!isFile(file))
			return Response.json({
				fileName: '',
				result: FILE_MESSAGES.fileRequired,
			} satisfies UploadDetail)
		const documentTypeId = text(form, documentField(1, 'document_type_id'))
		const fileName = text(form, documentField(1, 'file_name')) || queuedFileName(file.name)
		if (!documentTypeId)
			return Response.json({
				fileName,
				result: FILE_MESSAGES.documentTypeRequired,
			} satisfies UploadDetail)
		return Response.json(
			await uploadOneDocument(scm, shipSetId, {
				file,
				fileName,
				documentTypeId,
				otherDocumentType: text(form, documentField(1, 'other_document_type')) || undefined,
			}),
		)
	} catch (error) {
		// Another tenant's order answers like an unknown one.
		if (isOrderMissing(error)) throw new Response('Not Found', { status: 404 })
		throw error
	} finally {
		await upload.cleanup()
	}
}

/**
 * The download resource routes: the API's stream passed through with its type and
 * name, only to users of the order's organization (anything else: 404).
 */
export async function fileDownload(
	request: Request,
	context: AppLoadContext,
	shipSetId: string,
	kind: 'documents' | 'photos',
	fileId: string,
) {
	const { scm } = await requireScm(request, context)
	if (!UUID.test(shipSetId) || !UUID.test(fileId)) throw new Response('Not Found', { status: 404 })
	const inline = new URL(request.url).searchParams.get('disposition') === 'inline'
	let response: Response
	try {
		response = await scm.files.download(shipSetId, kind, fileId, inline ? 'inline' : 'attachment')
	} catch (error) {
		if (
			error instanceof ScmError &&
			(error.status === 404 || error.status === 400 || error.status === 403)
		)
			throw new Response('Not Found', { status: 404 })
		throw error
	}
	return passThroughFile(response)
}

/**
 * What the timeline page needs for its files beyond the timeline call: the documents page
 * (`documents_page`; page 1 comes with the timeline), the photos of a strip reaching past the
 * first 30 (`photos_offset`: GET photos?offset=…&limit=30, 002 §7, §9) and, while 'Upload
 * Documents' is open, the document types.
 */
export async function loadTimelineFiles(
	scm: ScmClient,
	shipSet: {
		id: string
		documents: { files: unknown[]; totalCount: number }
		photos: { totalCount: number }
	},
	url: URL,
) {
	const page = Math.max(1, Math.floor(Number(url.searchParams.get('documents_page') ?? 1)) || 1)
	const photosAt = photoOffset(url.searchParams.get('photos_offset'), shipSet.photos.totalCount)
	const [documents, documentTypes, photos] = await Promise.all([
		page > 1
			? scm.files
					.documents(shipSet.id, (page - 1) * DOCUMENTS_PAGE_SIZE, DOCUMENTS_PAGE_SIZE)
					.then((r) => ({ files: r.documents, totalCount: r.totalCount, page }))
			: null,
		url.searchParams.get('upload') === 'documents'
			? scm.files.documentTypes().then((r) => r.documentTypes)
			: [],
		needsPhotoRead(photosAt, shipSet.photos.totalCount)
			? scm.files
					.photos(shipSet.id, photosAt, PHOTOS_REQUEST_LIMIT)
					.then((r) => ({ files: r.photos, start: photosAt, totalCount: r.totalCount }))
			: null,
	])
	return { documentsPage: documents, documentTypes, photos }
}
