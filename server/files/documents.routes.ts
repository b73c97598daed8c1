import { OpenAPIHono } from '@hono/zod-openapi'
import { DocumentsApi } from './documents.api'
import { guarded } from '../api/route'
import { randomUUID } from 'node:crypto'
import { DocumentUploadFields } from './files.contract'
import {
	FILE_MESSAGES,
	MAX_DOCUMENT_BYTES,
	OTHERS_CODE,
	extensionOf,
	isDocumentExtension,
} from '../shared/file-rules'
import { checkedUpload, declaredUploadLimit, receiveUploads } from './uploads'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { ApiError, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { checkContent } from './content'
import { requireOrder } from '../orders/scope'
import {
	documentWire,
	findDocument,
	findDocumentType,
	insertDocument,
	listDocumentTypes,
	listDocuments,
} from './files.queries'
import { fileResponse } from './responses'

const FILE_FIELD = 'documents[1][file]'

/** The handlers of DocumentsApi (routes described in server/files/documents.api.ts): guard, query, answer. */
const {
	list: getDocuments,
	types: getDocumentTypes,
	upload: postDocument,
	download: downloadDocument,
} = DocumentsApi

export const documentRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(getDocuments, requireUser), async (c) => {
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		await requireOrder(c.var.deps.db, organizationId, id)
		return c.json(await listDocuments(c.var.deps.db, organizationId, id, offset, limit), 200)
	})
	.openapi(guarded(getDocumentTypes, requireUser), async (c) => {
		return c.json(
			{ document_types: await listDocumentTypes(c.var.deps.db, c.var.caller.organizationId) },
			200,
		)
	})
	.openapi(
		guarded(postDocument, requireUser, declaredUploadLimit(MAX_DOCUMENT_BYTES)),
		async (c) => {
			const { db, storage } = c.var.deps
			const { organizationId, userId } = c.var.caller
			const { id } = c.req.valid('param')
			const order = await requireOrder(db, organizationId, id)
			const documentId = randomUUID()
			const key = `documents/${organizationId}/${order.id}/${documentId}`
			// The file goes to storage as it arrives; everything below checks it and either records or removes it.
			const received = await receiveUploads(c, {
				storage,
				fileFields: [FILE_FIELD],
				maxFileBytes: MAX_DOCUMENT_BYTES,
				maxFiles: 1,
				tooManyFiles: FILE_MESSAGES.oneDocument,
				keyOf: () => key,
			})
			try {
				const form = received.fields
				const fields = DocumentUploadFields.safeParse({
					documentTypeId: form.get('documents[1][document_type_id]') || undefined,
					otherDocumentType: form.get('documents[1][other_document_type]'),
					fileName: form.get('documents[1][file_name]'),
				})
				if (!fields.success)
					throw new ApiError(
						400,
						fields.error.issues[0]?.message ?? FILE_MESSAGES.documentTypeRequired,
					)
				const type = await findDocumentType(db, organizationId, fields.data.documentTypeId)
				if (!type) throw new ApiError(400, FILE_MESSAGES.unknownDocumentType)
				const other = type.code === OTHERS_CODE ? fields.data.otherDocumentType : undefined
				if (type.code === OTHERS_CODE && !other)
					throw new ApiError(400, FILE_MESSAGES.otherDocumentTypeRequired)

				const upload = checkedUpload(received.files[0], MAX_DOCUMENT_BYTES, fields.data.fileName)
				if (!isDocumentExtension(upload.name))
					throw new ApiError(400, FILE_MESSAGES.documentExtension)
				const content = await checkContent(upload.name, upload.head)
				if (!content.ok)
					throw new ApiError(
						400,
						FILE_MESSAGES.contentMismatch(extensionOf(upload.name), content.found),
					)

				const row = await db.transaction((tx) =>
					insertDocument(tx, {
						id: documentId,
						organizationId,
						shipSetId: order.id,
						userId,
						documentTypeId: type.id,
						otherDocumentType: other ?? null,
						fileFileName: upload.name,
						fileContentType: content.contentType,
						fileSize: upload.size,
						storageKey: key,
						sha256: upload.sha256,
					}),
				)
				return c.json({ document: documentWire(row, { name: type.name, code: type.code }) }, 201)
			} catch (error) {
				// Refused, or the transaction failed: the stored file goes (never a file without its row).
				await received.discard()
				throw error
			}
		},
	)
	.openapi(guarded(downloadDocument, requireUser), async (c) => {
		const { id, documentId } = c.req.valid('param')
		const doc = await findDocument(c.var.deps.db, c.var.caller.organizationId, id, documentId)
		if (!doc) throw notFound('Document')
		return fileResponse(
			c.var.deps.storage,
			doc.storageKey,
			doc.fileContentType,
			doc.fileFileName,
			c.req.valid('query').disposition,
		)
	})
