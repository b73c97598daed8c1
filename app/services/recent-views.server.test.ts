import { describe, expect, it } from 'vitest'
import { recentViews, VIEW_REPEAT_MS } from './recent-views.server'

const A = '38FBD444-F5A7-40CB-B0D6-1C68B5715A33'
const B = '2d5b0a36-2f0c-4a8e-9a52-7f1f4f0a9c11'

describe('which timeline visits are written for Recently Viewed', () => {
	it('writes the first visit, not a reload of the same order within the window, and again after it', () => {
		const views = recentViews()
		expect(views.due('acme\u0000olivia', A, 1_000)).toBe(true)
		views.written('acme\u0000olivia', A, 1_000)
		expect(views.due('acme\u0000olivia', A, 1_000 + VIEW_REPEAT_MS - 1)).toBe(false)
		// The id as another case is the same order.
		expect(views.due('acme\u0000olivia', A.toLowerCase(), 2_000)).toBe(false)
		expect(views.due('acme\u0000olivia', A, 1_000 + VIEW_REPEAT_MS)).toBe(true)
	})

	it('writes a visit to any other order at once, so the order of Recently Viewed stays true', () => {
		const views = recentViews()
		views.written('acme\u0000olivia', A, 1_000)
		expect(views.due('acme\u0000olivia', B, 1_001)).toBe(true)
		views.written('acme\u0000olivia', B, 1_001)
		// Back to A after B: A must become the newest again.
		expect(views.due('acme\u0000olivia', A, 1_002)).toBe(true)
	})

	it('keeps each viewer apart, and remembers only what was written', () => {
		const views = recentViews()
		views.written('acme\u0000olivia', A, 1_000)
		expect(views.due('acme\u0000victor', A, 1_001)).toBe(true)
		expect(views.due('globex\u0000olivia', A, 1_001)).toBe(true)
		// A visit found due but not written (the write failed) is due again.
		expect(views.due('acme\u0000victor', A, 1_002)).toBe(true)
	})

	it('starts again past its bound instead of growing', () => {
		const views = recentViews(VIEW_REPEAT_MS, 2)
		views.written('v1', A, 1_000)
		views.written('v2', A, 1_000)
		expect(views.due('v1', A, 1_001)).toBe(false)
		views.written('v3', A, 1_000)
		expect(views.due('v1', A, 1_001)).toBe(true)
		expect(views.due('v3', A, 1_001)).toBe(false)
	})
})
