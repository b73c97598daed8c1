import { createRoute } from '@hono/zod-openapi'
import {
	ErrorBody,
	SupplyChainHeaders,
	errorResponses,
	jsonContent,
	fileDownloadResponses,
} from '../shared/common'
import {
	DocumentCreatedResponse,
	DocumentParams,
	DocumentTypesResponse,
	DocumentUploadForm,
	DocumentsQuery,
	DocumentsResponse,
	DownloadQuery,
	FilesOrderParams,
} from './files.contract'
import { FILE_MESSAGES, MAX_DOCUMENT_BYTES } from '../shared/file-rules'

const tags = ['Documents']

const getDocuments = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/documents',
	summary: 'A page of the order’s documents, newest first (002 §7; limit defaults to 5)',
	request: { headers: SupplyChainHeaders, params: FilesOrderParams, query: DocumentsQuery },
	responses: {
		200: jsonContent(DocumentsResponse, 'Documents and their total'),
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such order in this supply chain'),
	},
})

const getDocumentTypes = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/document_types',
	summary: 'The document types the supply chain may choose (one has the code OTHERS)',
	request: { headers: SupplyChainHeaders },
	responses: {
		200: jsonContent(DocumentTypesResponse, 'Document types by name'),
		...errorResponses,
	},
})

const postDocument = createRoute({
	tags,
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
		body: { required: true, content: { 'multipart/form-data': { schema: DocumentUploadForm } } },
	},
	responses: {
		201: jsonContent(DocumentCreatedResponse, 'The stored document'),
		...errorResponses,
		400: jsonContent(
			ErrorBody,
			'Missing type, wrong extension or content (the message says which)',
		),
		404: jsonContent(ErrorBody, 'No such order in this supply chain'),
		413: jsonContent(ErrorBody, 'The file is over the size limit'),
	},
})

const downloadDocument = createRoute({
	tags,
	security: [{ bearer: [] }],
	method: 'get',
	path: '/api/web/ship_sets/{id}/documents/{documentId}/download',
	summary: 'The document’s bytes, with its type and file name',
	request: { headers: SupplyChainHeaders, params: DocumentParams, query: DownloadQuery },
	responses: fileDownloadResponses('The document'),
})

export const DocumentsApi = {
	list: getDocuments,
	types: getDocumentTypes,
	upload: postDocument,
	download: downloadDocument,
}
