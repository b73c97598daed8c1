import { z } from '@hono/zod-openapi'
import { pageQuery } from '../shared/common'
import { DOCUMENTS_PAGE_SIZE, FILE_MESSAGES, PHOTOS_REQUEST_LIMIT } from '../shared/file-rules'

/**
 * Documents and photos of an order (002 §3 "Other entities", §7 rows documents,
 * document_types, photos). Wire format snake_case; times ISO 8601 UTC.
 * `file_url` / `image_url` are the API's download paths for the file.
 */

const uuid = (name: string, description: string) =>
	z
		.string()
		.uuid()
		.openapi({ param: { name, in: 'path' }, description })

export const FilesOrderParams = z.object({ id: uuid('id', 'The ship set id') })
export const DocumentParams = FilesOrderParams.extend({
	documentId: uuid('documentId', 'The document id'),
})
export const PhotoParams = FilesOrderParams.extend({ photoId: uuid('photoId', 'The photo id') })

export const DocumentsQuery = pageQuery(DOCUMENTS_PAGE_SIZE)
export const PhotosQuery = pageQuery(PHOTOS_REQUEST_LIMIT)
export const DownloadQuery = z.object({
	disposition: z
		.enum(['attachment', 'inline'])
		.default('attachment')
		.openapi({
			param: { name: 'disposition', in: 'query' },
			description:
				'inline to open the file in the browser (never a CSV or a type that could script)',
		}),
})

export const DocumentType = z
	.object({ id: z.string(), name: z.string(), code: z.string() })
	.openapi('DocumentType')

export const DocumentFile = z
	.object({
		id: z.string(),
		file_file_name: z.string(),
		file_url: z.string(),
		file_content_type: z.string(),
		file_size: z.number().int(),
		created_at: z.string(),
		updated_at: z.string(),
		document_type: z.object({ name: z.string(), code: z.string() }).nullable(),
		other_document_type: z.string().nullable(),
		blockchain_verified: z.boolean(),
	})
	.openapi('Document')

export const PhotoFile = z
	.object({
		id: z.string(),
		image_url: z.string(),
		image_file_name: z.string(),
		content_type: z.string(),
		notes: z.string().nullable(),
		updated_at: z.string(),
	})
	.openapi('Photo')

export const DocumentsResponse = z
	.object({ documents: z.array(DocumentFile), total_count: z.number().int() })
	.openapi('Documents')
export const DocumentTypesResponse = z
	.object({ document_types: z.array(DocumentType) })
	.openapi('DocumentTypes')
export const PhotosResponse = z
	.object({ photos: z.array(PhotoFile), total_count: z.number().int() })
	.openapi('Photos')
export const DocumentCreatedResponse = z
	.object({ document: DocumentFile })
	.openapi('DocumentCreated')
export const PhotosCreatedResponse = z
	.object({ photos: z.array(PhotoFile) })
	.openapi('PhotosCreated')
export const PhotoResponse = z.object({ photo: PhotoFile }).openapi('PhotoUpdated')

/**
 * The upload bodies, for the OpenAPI document: plain schema objects, not zod, because the API
 * reads these bodies as they stream (server/files/uploads.ts) and checks the fields itself —
 * a zod schema here would make the router buffer the whole body to validate it first.
 */
const binary = { type: 'string' as const, format: 'binary' }

/** 002 §7 POST documents: one file per request, as `documents[1][…]` multipart fields. */
export const DocumentUploadForm = {
	type: 'object' as const,
	required: ['documents[1][file]', 'documents[1][document_type_id]'],
	properties: {
		'documents[1][file]': binary,
		'documents[1][document_type_id]': {
			type: 'string' as const,
			description: 'A document type id (GET /document_types)',
		},
		'documents[1][other_document_type]': {
			type: 'string' as const,
			description: 'Required when the type is OTHERS',
		},
		'documents[1][file_name]': {
			type: 'string' as const,
			description: 'The name to store (default: the file part’s name)',
		},
	},
}

/** 002 §7 POST photos: multipart, the repeated field `file[]`. */
export const PhotoUploadForm = {
	type: 'object' as const,
	required: ['file[]'],
	properties: { 'file[]': { type: 'array' as const, items: binary } },
}

/** 002 §7 PUT photos/{photoId}: the 'Comment on Photo' notes. */
export const PhotoNotesBody = z
	.object({ notes: z.string().max(500, FILE_MESSAGES.notesTooLong) })
	.openapi('PhotoNotes')

/** The fields of one document upload after reading the multipart body (the API checks them with this). */
export const DocumentUploadFields = z.object({
	documentTypeId: z
		.string({ error: FILE_MESSAGES.documentTypeRequired })
		.trim()
		.uuid(FILE_MESSAGES.documentTypeRequired),
	otherDocumentType: z
		.string()
		.trim()
		.max(100)
		.optional()
		.transform((v) => v || undefined),
	fileName: z
		.string()
		.trim()
		.max(200, FILE_MESSAGES.fileNameTooLong)
		.optional()
		.transform((v) => v || undefined),
})

export type DocumentsResponse = z.infer<typeof DocumentsResponse>
export type PhotosResponse = z.infer<typeof PhotosResponse>
