import { describe, expect, it } from 'vitest'
import { hasMore, parseShown, parseTab } from './dashboard-lists'

describe('tabbed dashboard lists (001 §2, §4)', () => {
	it('"Live Feed (default)"', () => {
		expect(parseTab(null)).toBe('live_feed')
		expect(parseTab('following')).toBe('following')
		expect(parseTab('breached')).toBe('live_feed')
	})
	it('"page by offset in steps of 10"', () => {
		expect(parseShown(null)).toBe(10)
		expect(parseShown('20')).toBe(20)
		expect(parseShown('25')).toBe(30)
		expect(parseShown('-5')).toBe(10)
		expect(parseShown('9999')).toBe(100)
	})
	it('offers more until every row is loaded (the spec\'s "total minus one" would hide the last row)', () => {
		expect(hasMore(10, 12)).toBe(true)
		expect(hasMore(10, 11)).toBe(true)
		expect(hasMore(11, 11)).toBe(false)
		expect(hasMore(3, 3)).toBe(false)
	})
})
