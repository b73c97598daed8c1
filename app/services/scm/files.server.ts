import { DocumentsApi } from '#api/files/documents'
import { PhotosApi } from '#api/files/photos'
import type { ScmCaller } from './client.server'

/** An order's documents and photos (002 §7): pages, uploads and the bytes. */
export function fileCalls({ call, stream }: ScmCaller) {
	return {
		/** A page of the order's documents (limit 5). */
		documents: (id: string, offset: number, limit = 5) =>
			call(DocumentsApi.list, { params: { id }, query: { offset, limit } }),
		documentTypes: () => call(DocumentsApi.types, {}),
		/** One document, one request (`documents[1][…]` fields). */
		uploadDocument(
			id: string,
			entry: { file: File; fileName: string; documentTypeId: string; otherDocumentType?: string },
		) {
			// The fields first, then the file: the API reads the body as it streams.
			const body = new FormData()
			body.append('documents[1][file_name]', entry.fileName)
			body.append('documents[1][document_type_id]', entry.documentTypeId)
			if (entry.otherDocumentType)
				body.append('documents[1][other_document_type]', entry.otherDocumentType)
			body.append('documents[1][file]', entry.file, entry.fileName)
			return call(DocumentsApi.upload, { params: { id }, body })
		},
		photos: (id: string, offset = 0, limit = 30) =>
			call(PhotosApi.list, { params: { id }, query: { offset, limit } }),
		/** Photos together (repeated `file[]`). */
		uploadPhotos(id: string, files: File[]) {
			const body = new FormData()
			for (const file of files) body.append('file[]', file, file.name)
			return call(PhotosApi.upload, { params: { id }, body })
		},
		/** 'Comment on Photo' (PUT photos/{photoId}, body notes). */
		photoNotes: (id: string, photoId: string, notes: string) =>
			call(PhotosApi.notes, { params: { id, photoId }, body: { notes } }),
		/** A document's or a photo's bytes, streamed through untouched. */
		download: (
			id: string,
			kind: 'documents' | 'photos',
			fileId: string,
			disposition: 'attachment' | 'inline',
		) =>
			kind === 'documents'
				? stream(
						DocumentsApi.download,
						{ params: { id, documentId: fileId }, query: { disposition } },
						'*/*',
					)
				: stream(
						PhotosApi.download,
						{ params: { id, photoId: fileId }, query: { disposition } },
						'*/*',
					),
	}
}
