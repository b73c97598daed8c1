import { EmptyState } from '~/components/ui/empty-state'
import { Link } from 'react-router'
import { fileHref, formatDocumentTime, neighbours, showPhotoPager } from '~/lib/timeline/files'
import { withParams } from '~/lib/timeline/url'
import { PHOTOS_PER_SLIDE } from '#contracts/file-rules'
import { Dialog } from '~/components/ui/dialog'
import type { ShipSet } from '~/components/timeline/types'
import { Icon } from '~/components/ui/icon'

export type TimelinePhoto = ShipSet['photos']['files'][number]

/**
 * 002 §2 Photos (tab and card): thumbnails, 3 at a time (§9 "carousel of 3 slides …
 * page offset steps by 3", `photos_offset` in the URL; the arrows hidden under 4 photos),
 * each opening the lightbox (`?photo=`). 'No photos available.' when none.
 */
export function PhotoList({
	shipSetId,
	photos,
	search,
}: {
	shipSetId: string
	photos: ShipSet['photos']
	search: string
}) {
	if (photos.files.length === 0) return <EmptyState>No photos available.</EmptyState>
	const q = new URLSearchParams(search)
	const max = Math.max(0, photos.files.length - 1)
	const offset = Math.min(
		Math.max(
			0,
			Math.floor(Number(q.get('photos_offset') ?? 0) / PHOTOS_PER_SLIDE) * PHOTOS_PER_SLIDE || 0,
		),
		max - (max % PHOTOS_PER_SLIDE),
	)
	const pager = showPhotoPager(photos.files.length)
	const shown = pager ? photos.files.slice(offset, offset + PHOTOS_PER_SLIDE) : photos.files
	const to = (n: number) => withParams(search, { photos_offset: n === 0 ? null : String(n) })
	return (
		<div className="photo-strip">
			{pager && offset > 0 ? (
				<Link to={to(offset - PHOTOS_PER_SLIDE)} preventScrollReset aria-label="Previous photos">
					<Icon name="chevron-left" />
				</Link>
			) : null}
			<ul className="photo-list">
				{shown.map((p) => (
					<li key={p.id}>
						<Link
							to={withParams(search, { photo: p.id })}
							preventScrollReset
							aria-label={`Open photo ${p.imageFileName}`}
						>
							<img
								src={fileHref(shipSetId, 'photos', p.id, true)}
								alt={p.imageFileName}
								loading="lazy"
								width={96}
								height={72}
							/>
						</Link>
						{p.notes ? <span className="file-notes">{p.notes}</span> : null}
					</li>
				))}
			</ul>
			{pager && offset + PHOTOS_PER_SLIDE < photos.files.length ? (
				<Link to={to(offset + PHOTOS_PER_SLIDE)} preventScrollReset aria-label="Next photos">
					<Icon name="chevron-right" />
				</Link>
			) : null}
		</div>
	)
}

/** The photo lightbox (`?photo=`): the photo, its name, notes and date, previous and next, 'Comment on Photo'. */
export function PhotoLightbox({
	shipSetId,
	photos,
	photo,
	search,
}: {
	shipSetId: string
	photos: TimelinePhoto[]
	photo: TimelinePhoto
	search: string
}) {
	const { prev, next } = neighbours(
		photos.map((p) => p.id),
		photo.id,
	)
	return (
		<Dialog
			size="large"
			title={photo.imageFileName}
			closeTo={withParams(search, { photo: null })}
			className="lightbox"
		>
			<img
				className="lightbox-image"
				src={fileHref(shipSetId, 'photos', photo.id, true)}
				alt={photo.imageFileName}
			/>
			<p>
				{photo.notes ? <span className="file-notes">{photo.notes}</span> : null}{' '}
				<time dateTime={photo.updatedAt}>{formatDocumentTime(photo.updatedAt)}</time>
			</p>
			<nav aria-label="Photos" className="lightbox-nav">
				{prev ? (
					<Link to={withParams(search, { photo: prev })} preventScrollReset>
						Previous photo
					</Link>
				) : null}
				{next ? (
					<Link to={withParams(search, { photo: next })} preventScrollReset>
						Next photo
					</Link>
				) : null}
				<Link to={withParams(search, { photo: null, photo_comment: photo.id })} preventScrollReset>
					Comment on Photo
				</Link>
				<a href={fileHref(shipSetId, 'photos', photo.id)} download={photo.imageFileName}>
					Download
				</a>
			</nav>
		</Dialog>
	)
}
