import { describe, expect, it } from 'vitest'
import { needsPhotoRead, photoOffset, photoStrip, PHOTOS_WIDE_SLIDES } from './photo-window'

// 002 §9 "Photos: carousel of 3 slides (responsive up to 7); request limit 30; page offset steps by 3;
// pagination hidden under 4 photos." (photos beyond 30 reachable by paging)

describe('the photo strip', () => {
	it('starts at a multiple of 3 within the photos', () => {
		expect(photoOffset(null, 40)).toBe(0)
		expect(photoOffset('4', 40)).toBe(3)
		expect(photoOffset('33', 40)).toBe(33)
		expect(photoOffset('999', 40)).toBe(39)
		expect(photoOffset('-3', 40)).toBe(0)
		expect(photoOffset('x', 40)).toBe(0)
		expect(photoOffset('6', 0)).toBe(0)
	})

	it('reads past the first 30 only when the strip reaches them (up to 7 shown)', () => {
		expect(PHOTOS_WIDE_SLIDES).toBe(7)
		expect(needsPhotoRead(21, 40)).toBe(false) // 21…27
		expect(needsPhotoRead(24, 40)).toBe(true) // 24…30
		expect(needsPhotoRead(24, 30)).toBe(false) // only 30 photos: all came with the timeline
		expect(needsPhotoRead(33, 40)).toBe(true)
	})

	it('steps by 3 and shows up to 7 from the start, across the 30 the timeline brought', () => {
		const ids = Array.from({ length: 40 }, (_, i) => i)
		const first = { files: ids.slice(0, 30), start: 0, totalCount: 40 }
		expect(photoStrip(first, 0)).toEqual({ shown: [0, 1, 2, 3, 4, 5, 6], previous: null, next: 3 })
		const later = { files: ids.slice(33), start: 33, totalCount: 40 }
		expect(photoStrip(later, 33)).toEqual({
			shown: [33, 34, 35, 36, 37, 38, 39],
			previous: 30,
			next: 36,
		})
		expect(photoStrip({ files: ids.slice(39), start: 39, totalCount: 40 }, 39)).toEqual({
			shown: [39],
			previous: 36,
			next: null,
		})
	})
})
