import { EmptyState } from '~/components/ui/empty-state'
import { PreviousNextPages } from '~/components/ui/pagination'
import { GUEST_PHOTOS_PAGE, guestFileHref } from '~/lib/guest/restricted'
import { documentLink, documentTypeLabel } from '~/lib/timeline/files'
import { withParams } from '~/lib/timeline/url'
import type { GuestDocument, GuestPhoto } from '~/services/guest.server'

/**
 * 002 §1 "A guest may still … open or download documents and view photos (guest data
 * comes from the order's own documents and photos)": the Documents and Photos tabs of the
 * guest link, the order's documents (name, type, Download) and photos (a thumbnail opening
 * the full image) as plain links through the guest file routes, which carry the link's
 * query. Download is the signed-in page's link (002 §7: a CSV is saved, anything else opens
 * in a new tab). Photos come 30 a page (002 §9 "request limit 30"), paged by `photos_offset` links
 * that keep the link's query.
 */
export function GuestDocuments({
	shipSetId,
	documents,
	search,
}: {
	shipSetId: string
	documents: GuestDocument[]
	search: URLSearchParams
}) {
	return (
		<section className="guest-files" aria-labelledby="guest-documents-title">
			<h2 id="guest-documents-title">Documents</h2>
			{documents.length === 0 ? (
				<EmptyState>No documents available.</EmptyState>
			) : (
				<ul className="file-list">
					{documents.map((d) => (
						<li key={d.id}>
							<a href={guestFileHref(shipSetId, 'documents', d.id, search, true)}>
								{d.fileFileName}
							</a>{' '}
							<span className="file-type">{documentTypeLabel(d)}</span>{' '}
							<a
								{...documentLink(d, (inline) =>
									guestFileHref(shipSetId, 'documents', d.id, search, inline),
								)}
								aria-label={`Download ${d.fileFileName}`}
							>
								Download
							</a>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

export function GuestPhotos({
	shipSetId,
	photos,
	photosOffset,
	photosTotal,
	search,
}: {
	shipSetId: string
	photos: GuestPhoto[]
	photosOffset: number
	photosTotal: number
	search: URLSearchParams
}) {
	const photosPage = (page: number) =>
		withParams(search.toString(), {
			photos_offset: page > 1 ? String((page - 1) * GUEST_PHOTOS_PAGE) : null,
		})
	return (
		<section className="guest-files" aria-labelledby="guest-photos-title">
			<h2 id="guest-photos-title">Photos{photosTotal > 0 ? ` (${photosTotal})` : ''}</h2>
			{photosTotal === 0 ? (
				<EmptyState>No photos available.</EmptyState>
			) : (
				<ul className="guest-photos">
					{photos.map((p) => (
						<li key={p.id}>
							<a
								href={guestFileHref(shipSetId, 'photos', p.id, search, true)}
								aria-label={`Open ${p.imageFileName}`}
							>
								<img
									src={guestFileHref(shipSetId, 'photos', p.id, search, true)}
									alt={p.imageFileName}
									loading="lazy"
									width={96}
									height={72}
								/>
							</a>
						</li>
					))}
				</ul>
			)}
			<PreviousNextPages
				label="Photo pages"
				page={Math.floor(photosOffset / GUEST_PHOTOS_PAGE) + 1}
				pages={Math.ceil(photosTotal / GUEST_PHOTOS_PAGE)}
				href={photosPage}
			/>
		</section>
	)
}
