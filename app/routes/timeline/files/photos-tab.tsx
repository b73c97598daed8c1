import { EmptyState } from '~/components/ui/empty-state'
import { Link } from 'react-router'
import { fileHref, formatDocumentTime, neighbours, showPhotoPager } from '~/lib/timeline/files'
import { withParams } from '~/lib/timeline/url'
import { photoOffset, photoStrip, type PhotoWindow } from '~/lib/timeline/photo-window'
import { Dialog } from '~/components/ui/dialog'
import type { ShipSet } from '~/lib/timeline/types'
import { Icon } from '~/components/ui/icon'

export type TimelinePhoto = ShipSet['photos']['files'][number]

/**
 * 002 §2 Photos (tab and card): thumbnails from `photos_offset` (§9 "carousel of 3 slides
 * (responsive up to 7) … page offset steps by 3"; see ~/lib/timeline/photo-window): 3 shown,
 * up to 7 where the card is wide (CSS container queries), the arrows stepping by 3 and hidden
 * under 4 photos, each photo opening the lightbox (`?photo=`). Photos past the first 30 come
 * from the loader's read at that offset. 'No photos available.' when none.
 */
export function PhotoList({
	shipSetId,
	photos,
	search,
}: {
	shipSetId: string
	photos: PhotoWindow<TimelinePhoto>
	search: string
}) {
	if (photos.totalCount === 0) return <EmptyState>No photos available.</EmptyState>
	const offset = photoOffset(new URLSearchParams(search).get('photos_offset'), photos.totalCount)
	const pager = showPhotoPager(photos.totalCount)
	const { shown, previous, next } = photoStrip(photos, pager ? offset : 0)
	const to = (n: number) => withParams(search, { photos_offset: n === 0 ? null : String(n) })
	return (
		<div className="photo-strip" data-offset={pager ? offset : 0}>
			{pager && previous !== null ? (
				<Link
					to={to(previous)}
					preventScrollReset
					aria-label="Previous photos"
					className="photo-strip__arrow photo-strip__arrow--previous"
				>
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
			{pager && next !== null ? (
				<Link
					to={to(next)}
					preventScrollReset
					aria-label="Next photos"
					className="photo-strip__arrow photo-strip__arrow--next"
				>
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
