import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { createHash, randomUUID } from 'node:crypto'
import { ErrorBody, SupplyChainHeaders, errorResponses, jsonContent } from '../../contracts/common'
import {
	DocumentCreatedResponse,
	DocumentParams,
	DocumentTypesResponse,
	DocumentUploadFields,
	DocumentUploadForm,
	DocumentsQuery,
	DocumentsResponse,
	DownloadQuery,
	FilesOrderParams,
} from '../../contracts/files'
import { FILE_MESSAGES, MAX_DOCUMENT_BYTES, OTHERS_CODE, extensionOf, isDocumentExtension } from '../../contracts/file-rules'
import { storeThenRecord } from '../../storage/transactional'
import type { ApiEnv } from '../context'
import { requireUser } from '../auth'
import { ApiError, notFound, validationHook } from '../errors'
import { checkContent } from '../file-content'
import { requireOrder } from '../queries/order-scope'
import { documentWire, findDocument, findDocumentType, insertDocument, listDocumentTypes, listDocuments } from '../queries/files'
import { fileResponse, fileDownloadResponses, readUpload, uploadLimit } from './file-responses'

const tags = ['Documents']

const getDocuments = createRoute({
	tags,
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/documents',
	summary: 'A page of the order’s documents, newest first (002 §7; limit defaults to 5)',
	request: { headers: SupplyChainHeaders, params: FilesOrderParams, query: DocumentsQuery },
	responses: { 200: jsonContent(DocumentsResponse, 'Documents and their total'), ...errorResponses, 404: jsonContent(ErrorBody, 'No such order in this supply chain') },
})

const getDocumentTypes = createRoute({
	tags,
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/document_types',
	summary: 'The document types the supply chain may choose (one has the code OTHERS)',
	request: { headers: SupplyChainHeaders },
	responses: { 200: jsonContent(DocumentTypesResponse, 'Document types by name'), ...errorResponses },
})

const postDocument = createRoute({
	tags,
	middleware: [requireUser, uploadLimit(MAX_DOCUMENT_BYTES)],
	security: [{ bearer: [] }],
	method: 'post',
	path: '/api/web/ship_sets/{id}/documents',
	summary: 'Upload one document (002 §7: one request per file)',
	description:
		`Multipart fields \`documents[1][file]\`, \`documents[1][document_type_id]\`, and \`documents[1][other_document_type]\` when the type is OTHERS. ` +
		`Accepted extensions: ${FILE_MESSAGES.documentExtension.replace('Accepted file types: ', '')}; at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB. ` +
		'The content must match the extension (a renamed executable is refused). The file is stored, then its row and a historical-log line are written in one transaction; a failure leaves neither.',
	request: {
		headers: SupplyChainHeaders,
		params: FilesOrderParams,
		body: { required: true, content: { 'multipart/form-data': { schema: DocumentUploadForm.partial() } } },
	},
	responses: {
		201: jsonContent(DocumentCreatedResponse, 'The stored document'),
		...errorResponses,
		400: jsonContent(ErrorBody, 'Missing type, wrong extension or content (the message says which)'),
		404: jsonContent(ErrorBody, 'No such order in this supply chain'),
		413: jsonContent(ErrorBody, 'The file is over the size limit'),
	},
})

const downloadDocument = createRoute({
	tags,
	middleware: [requireUser],
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/documents/{documentId}/download',
	summary: 'The document’s bytes, with its type and file name',
	request: { headers: SupplyChainHeaders, params: DocumentParams, query: DownloadQuery },
	responses: fileDownloadResponses('The document'),
})

export const documentRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(getDocuments, async (c) => {
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { offset, limit } = c.req.valid('query')
		await requireOrder(c.var.deps.db, organizationId, id)
		return c.json(await listDocuments(c.var.deps.db, organizationId, id, offset, limit), 200)
	})
	.openapi(getDocumentTypes, async (c) => {
		return c.json({ document_types: await listDocumentTypes(c.var.deps.db, c.var.caller.organizationId) }, 200)
	})
	.openapi(postDocument, async (c) => {
		const { db, storage } = c.var.deps
		const { organizationId, userId } = c.var.caller
		const { id } = c.req.valid('param')
		const order = await requireOrder(db, organizationId, id)
		const form = c.req.valid('form') as Record<string, unknown>
		const fields = DocumentUploadFields.safeParse({
			documentTypeId: form['documents[1][document_type_id]'] || undefined,
			otherDocumentType: form['documents[1][other_document_type]'],
			fileName: form['documents[1][file_name]'],
		})
		if (!fields.success) throw new ApiError(400, fields.error.issues[0]?.message ?? FILE_MESSAGES.documentTypeRequired)
		const type = await findDocumentType(db, organizationId, fields.data.documentTypeId)
		if (!type) throw new ApiError(400, FILE_MESSAGES.unknownDocumentType)
		const other = type.code === OTHERS_CODE ? fields.data.otherDocumentType : undefined
		if (type.code === OTHERS_CODE && !other) throw new ApiError(400, FILE_MESSAGES.otherDocumentTypeRequired)

		const upload = await readUpload(form['documents[1][file]'], MAX_DOCUMENT_BYTES, fields.data.fileName)
		if (!isDocumentExtension(upload.name)) throw new ApiError(400, FILE_MESSAGES.documentExtension)
		const content = await checkContent(upload.name, upload.bytes)
		if (!content.ok) throw new ApiError(400, FILE_MESSAGES.contentMismatch(extensionOf(upload.name), content.found))

		const documentId = randomUUID()
		const key = `documents/${organizationId}/${order.id}/${documentId}`
		const row = await storeThenRecord(storage, [{ key, bytes: upload.bytes, contentType: content.contentType }], () =>
			db.transaction((tx) =>
				insertDocument(tx, {
					id: documentId,
					organizationId,
					shipSetId: order.id,
					userId,
					documentTypeId: type.id,
					otherDocumentType: other ?? null,
					fileFileName: upload.name,
					fileContentType: content.contentType,
					fileSize: upload.bytes.byteLength,
					storageKey: key,
					sha256: createHash('sha256').update(upload.bytes).digest('hex'),
				}),
			),
		)
		return c.json({ document: documentWire(row, { name: type.name, code: type.code }) }, 201)
	})
	.openapi(downloadDocument, async (c) => {
		const { id, documentId } = c.req.valid('param')
		const doc = await findDocument(c.var.deps.db, c.var.caller.organizationId, id, documentId)
		if (!doc) throw notFound('Document')
		return fileResponse(c.var.deps.storage, doc.storageKey, doc.fileContentType, doc.fileFileName, c.req.valid('query').disposition)
	})
