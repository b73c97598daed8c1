import { describe, expect, it } from 'vitest'
import { recentViews, VIEW_REPEAT_MS } from './recent-views.server'

const A = '38FBD444-F5A7-40CB-B0D6-1C68B5715A33'
const B = '2d5b0a36-2f0c-4a8e-9a52-7f1f4f0a9c11'

/** A clock the test moves. */
function clock(at = 1_000) {
	return {
		at,
		now() {
			return this.at
		},
	}
}

describe('which timeline visits are written for Recently Viewed', () => {
	it('writes the first visit, not a reload of the same order within the window, and again after it', () => {
		const time = clock()
		const views = recentViews({ clock: time })
		expect(views.due('acme\u0000olivia', A)).toBe(true)
		views.written('acme\u0000olivia', A)
		time.at += VIEW_REPEAT_MS
		expect(views.due('acme\u0000olivia', A)).toBe(false)
		// The id as another case is the same order.
		expect(views.due('acme\u0000olivia', A.toLowerCase())).toBe(false)
		time.at += 1
		expect(views.due('acme\u0000olivia', A)).toBe(true)
	})

	it('writes a visit to any other order at once, so the order of Recently Viewed stays true', () => {
		const views = recentViews({ clock: clock() })
		views.written('acme\u0000olivia', A)
		expect(views.due('acme\u0000olivia', B)).toBe(true)
		views.written('acme\u0000olivia', B)
		// Back to A after B: A must become the newest again.
		expect(views.due('acme\u0000olivia', A)).toBe(true)
	})

	it('keeps each viewer apart, and remembers only what was written', () => {
		const views = recentViews({ clock: clock() })
		views.written('acme\u0000olivia', A)
		expect(views.due('acme\u0000victor', A)).toBe(true)
		expect(views.due('globex\u0000olivia', A)).toBe(true)
		// A visit found due but not written (the write failed) is due again.
		expect(views.due('acme\u0000victor', A)).toBe(true)
	})

	it('forgets the least recently written viewer past its bound instead of growing', () => {
		const views = recentViews({ max: 2, clock: clock() })
		views.written('v1', A)
		views.written('v2', A)
		expect(views.due('v1', A)).toBe(false)
		views.written('v3', A)
		expect(views.due('v2', A)).toBe(true)
		expect(views.due('v1', A)).toBe(false)
		expect(views.due('v3', A)).toBe(false)
	})
})
