import { PHOTOS_PER_SLIDE, PHOTOS_REQUEST_LIMIT } from '#shared/file-rules'

/**
 * The photo strip's paging (002 §9 "Photos: carousel of 3 slides (responsive up to 7);
 * request limit 30; page offset steps by 3; pagination hidden under 4 photos"). The URL's
 * `photos_offset` is where the strip starts; the strip shows 3 photos, and up to 7 where the
 * screen is wide (CSS hides the rest); the arrows step by 3. The timeline call brings the
 * first 30; a strip reaching past them is read with GET photos?offset={offset}&limit=30.
 */

/** At most this many photos in the strip, on the widest screens. */
export const PHOTOS_WIDE_SLIDES = 7

/** `photos_offset` as a strip start: a multiple of 3, at least 0, at most the last strip's start. */
export function photoOffset(raw: string | null, total: number): number {
	const asked = Math.floor(Number(raw ?? 0) / PHOTOS_PER_SLIDE) * PHOTOS_PER_SLIDE
	const last = total > 0 ? Math.floor((total - 1) / PHOTOS_PER_SLIDE) * PHOTOS_PER_SLIDE : 0
	return Number.isFinite(asked) ? Math.min(Math.max(0, asked), last) : 0
}

/** Whether the strip at `offset` needs photos the timeline call did not bring (its first 30). */
export function needsPhotoRead(
	offset: number,
	total: number,
	loaded: number = PHOTOS_REQUEST_LIMIT,
): boolean {
	return Math.min(offset + PHOTOS_WIDE_SLIDES, total) > loaded
}

/** Some of an order's photos: `files[0]` is the photo at `start` (0 when absent: the timeline's) of `totalCount`, newest first. */
export interface PhotoWindow<P> {
	files: P[]
	start?: number
	totalCount: number
}

/** The photos of the strip at `offset` (up to 7), and the offsets its arrows lead to. */
export function photoStrip<P>(window: PhotoWindow<P>, offset: number) {
	const from = Math.max(0, offset - (window.start ?? 0))
	return {
		shown: window.files.slice(from, from + PHOTOS_WIDE_SLIDES),
		previous: offset > 0 ? offset - PHOTOS_PER_SLIDE : null,
		next: offset + PHOTOS_PER_SLIDE < window.totalCount ? offset + PHOTOS_PER_SLIDE : null,
	}
}
