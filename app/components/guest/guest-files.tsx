import { EmptyState } from '~/components/ui/empty-state'
import { guestFileHref } from '~/lib/guest/restricted'
import { documentTypeLabel } from '~/lib/timeline/files'
import type { GuestDocument, GuestPhoto } from '~/services/guest.server'

/**
 * 002 §1 "A guest may still … open or download documents and view photos (guest data
 * comes from the order's own documents and photos)": the order's documents (name, type,
 * Download) and photos (a thumbnail opening the full image), as plain links through the
 * guest file routes, which carry the link's query.
 */
export function GuestFiles({ shipSetId, documents, photos, search }: { shipSetId: string; documents: GuestDocument[]; photos: GuestPhoto[]; search: URLSearchParams }) {
	return (
		<div className="guest-files">
			<section className="panel" aria-labelledby="guest-documents-title">
				<h2 id="guest-documents-title">Documents</h2>
				{documents.length === 0 ? (
					<EmptyState>No documents available.</EmptyState>
				) : (
					<ul className="file-list">
						{documents.map((d) => (
							<li key={d.id}>
								<a href={guestFileHref(shipSetId, 'documents', d.id, search, true)}>{d.fileFileName}</a>{' '}
								<span className="file-type">{documentTypeLabel(d)}</span>{' '}
								<a href={guestFileHref(shipSetId, 'documents', d.id, search)} download={d.fileFileName} aria-label={`Download ${d.fileFileName}`}>
									Download
								</a>
							</li>
						))}
					</ul>
				)}
			</section>
			<section className="panel" aria-labelledby="guest-photos-title">
				<h2 id="guest-photos-title">Photos</h2>
				{photos.length === 0 ? (
					<EmptyState>No photos available.</EmptyState>
				) : (
					<ul className="guest-photos">
						{photos.map((p) => (
							<li key={p.id}>
								<a href={guestFileHref(shipSetId, 'photos', p.id, search, true)} aria-label={`Open ${p.imageFileName}`}>
									<img src={guestFileHref(shipSetId, 'photos', p.id, search, true)} alt={p.imageFileName} loading="lazy" width={96} height={72} />
								</a>
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	)
}
