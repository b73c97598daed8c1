import { describe, expect, it } from 'vitest'
import type { ApiDeps } from '../context'
import { feedCount, LARGE_FEED } from './dashboard'

/**
 * Issue 20: "At a million orders the signed-in pages queue up … Nothing a page needs may grow with
 * the number of orders": the Live Feed's total is counted once per FEED_COUNT_MS when it is large,
 * and exactly on every request when it is small (so a small supply chain never sees an old count).
 */
describe('feedCount', () => {
	it('counts a large feed once for the requests that follow, a small one every time', async () => {
		const deps = {} as ApiDeps
		let calls = 0
		const large = () => Promise.resolve((calls++, LARGE_FEED + 5))
		expect(await feedCount(deps, 'org-a', large)).toBe(LARGE_FEED + 5)
		expect(await feedCount(deps, 'org-a', large)).toBe(LARGE_FEED + 5)
		expect(calls).toBe(1)

		let small = 0
		const few = () => Promise.resolve((small++, 7))
		expect(await feedCount(deps, 'org-b', few)).toBe(7)
		expect(await feedCount(deps, 'org-b', few)).toBe(7)
		expect(small).toBe(2)
	})

	it('shares one count between requests that arrive while it runs, and forgets a failure', async () => {
		const deps = {} as ApiDeps
		let calls = 0
		let finish: (n: number) => void = () => {}
		const slow = () => ((calls++, new Promise<number>((resolve) => (finish = resolve))))
		const both = Promise.all([feedCount(deps, 'org', slow), feedCount(deps, 'org', slow)])
		finish(3)
		expect(await both).toEqual([3, 3])
		expect(calls).toBe(1)
		await expect(feedCount(deps, 'other', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
		expect(await feedCount(deps, 'other', () => Promise.resolve(2))).toBe(2)
	})
})
