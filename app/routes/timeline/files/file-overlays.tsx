import { UploadDocumentsDialog, type DocumentTypeOption } from './file-uploads'
import { CommentOnPhotoDialog, UploadPhotosDialog } from './photo-uploads'
import { DocumentViewer, type DocumentsPage } from './documents-tab'
import { PhotoLightbox } from './photos-tab'
import type { ShipSet } from '~/lib/timeline/types'

/**
 * The documents' and photos' modals, each opened by the URL: `document` (viewer), `photo`
 * (lightbox), `upload=documents|photos` (with `processed` after photos), `photo_comment`.
 */
export function FileOverlays(props: {
	shipSet: ShipSet
	documents: DocumentsPage
	documentTypes: DocumentTypeOption[]
	search: string
}) {
	const { shipSet, documents, documentTypes, search } = props
	const q = new URLSearchParams(search)
	const photos = shipSet.photos.files
	const doc = documents.files.find((d) => d.id === q.get('document'))
	const photo = photos.find((p) => p.id === q.get('photo'))
	const commented = photos.find((p) => p.id === q.get('photo_comment'))
	const processed = (q.get('processed') ?? '').split(',')
	return (
		<>
			{doc ? <DocumentViewer shipSetId={shipSet.id} doc={doc} search={search} /> : null}
			{photo ? (
				<PhotoLightbox shipSetId={shipSet.id} photos={photos} photo={photo} search={search} />
			) : null}
			{q.get('upload') === 'documents' ? (
				<UploadDocumentsDialog shipSetId={shipSet.id} types={documentTypes} search={search} />
			) : null}
			{q.get('upload') === 'photos' && !commented ? (
				<UploadPhotosDialog
					processed={photos.filter((p) => processed.includes(p.id))}
					search={search}
				/>
			) : null}
			{commented ? <CommentOnPhotoDialog photo={commented} search={search} /> : null}
		</>
	)
}
