import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	hasMore,
	NO_ORDER_NAMED,
	parseOffset,
	parseShown,
	parseTab,
	UnfollowFormSchema,
} from './lists'

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
		// No cap at 100 rows: 'Load more' goes on while there are rows.
		expect(parseShown('110')).toBe(110)
		expect(parseShown('9999')).toBe(10_000)
		expect(parseShown('1e9')).toBe(100_000)
		expect([null, '10', '-10', '2.5', 'x'].map(parseOffset)).toEqual([0, 10, 0, 0, 0])
	})
	it('offers more until every row is loaded (the spec\'s "total minus one" would hide the last row)', () => {
		expect(hasMore(10, 12)).toBe(true)
		expect(hasMore(10, 11)).toBe(true)
		expect(hasMore(11, 11)).toBe(false)
		expect(hasMore(3, 3)).toBe(false)
	})
})

describe('the Unfollow form', () => {
	const post = (entries: Record<string, string | undefined>) => {
		const data = new FormData()
		for (const [k, v] of Object.entries(entries)) if (v !== undefined) data.append(k, v)
		return parseWithZod(data, { schema: UnfollowFormSchema })
	}
	it('takes an order id', () => {
		const submission = post({
			intent: 'unfollow',
			shipSetId: '38fbd444-f5a7-40cb-b0d6-1c68b5715a33',
		})
		expect(submission.status).toBe('success')
	})
	it('refuses a post that names no order, or not by its id', () => {
		for (const body of [{ intent: 'unfollow' }, { intent: 'unfollow', shipSetId: 'SO-1001' }]) {
			const submission = post(body)
			expect(submission.status).toBe('error')
			expect(submission.reply().error?.shipSetId).toEqual([NO_ORDER_NAMED])
		}
	})
	it('refuses another intent', () => {
		expect(
			post({ intent: 'follow', shipSetId: '38fbd444-f5a7-40cb-b0d6-1c68b5715a33' }).status,
		).toBe('error')
	})
})
