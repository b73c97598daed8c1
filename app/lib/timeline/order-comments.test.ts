import { describe, expect, it } from 'vitest'
import {
	newestComments,
	ORDER_COMMENTS_SHOWN,
	orderCommentsSummary,
	type OrderComments,
} from './order-comments'

const comment = (
	i: number,
	body: string,
	extra: Partial<OrderComments['comments'][number]> = {},
) => ({
	commentId: `c${i}`,
	shipSetId: 's',
	commentBody: body,
	mentionedIds: [],
	mentionedUsers: [],
	nodeId: null,
	createdAt: `2026-10-2${i}T10:00:00Z`,
	userId: 'u',
	email: 'olivia@acme.test',
	firstName: 'Olivia',
	lastName: null,
	nodeIconClass: null,
	buildingType: null,
	trackingNumber: null,
	carrierName: null,
	nameOnSignature: null,
	locationName: null,
	source: null,
	...extra,
})

describe('002 §2 side widgets: "Order Comments panel"', () => {
	it("is titled 'Order Comments · n' with the order's total and lists the newest few, as the API answers them (newest first)", () => {
		const list = [1, 2, 3, 4, 5].map((i) => comment(i, `Comment ${i}`))
		const s = orderCommentsSummary({ comments: list, totalCount: 12, offset: 0, limit: 20 })
		expect(s.title).toBe('Order Comments · 12')
		expect(s.items.map((c) => c.id)).toEqual(['c1', 'c2', 'c3'])
		expect(s.items).toHaveLength(ORDER_COMMENTS_SHOWN)
		expect(s.items[0]!.author).toBe('Olivia')
	})
	it('names the node a comment is about, and shortens one over 100 characters (§4 "Long comments (over 100 characters in the timeline) are shortened")', () => {
		const long = 'x'.repeat(140)
		const s = orderCommentsSummary({
			comments: [
				comment(1, long, { buildingType: 'Transit', trackingNumber: '1Z999AA10123456784' }),
			],
			totalCount: 1,
			offset: 0,
			limit: 20,
		})
		expect(s.items[0]!.where).toBe('Transit · 1Z999AA10123456784')
		expect(s.items[0]!.shortened).toBe(true)
		expect(JSON.stringify(s.items[0]!.segments).length).toBeLessThan(long.length)
	})
	it('an empty order has no items (the card says "No comments available."); a failed read says so', () => {
		expect(orderCommentsSummary({ comments: [], totalCount: 0, offset: 0, limit: 20 })).toEqual({
			title: 'Order Comments · 0',
			failed: false,
			items: [],
		})
		expect(orderCommentsSummary(null).failed).toBe(true)
	})
})

describe('newestComments', () => {
	it("takes the panel's comments from the Comments tab's first page: its first few, the same total, that limit", () => {
		const page = {
			comments: Array.from({ length: 20 }, (_, i) => comment(i, `Comment ${i}`)),
			totalCount: 42,
			offset: 0,
			limit: 20,
		}
		const panel = newestComments(page)
		expect(panel).toEqual({
			comments: page.comments.slice(0, ORDER_COMMENTS_SHOWN),
			totalCount: 42,
			offset: 0,
			limit: ORDER_COMMENTS_SHOWN,
		})
		expect(orderCommentsSummary(panel)).toEqual(orderCommentsSummary(page))
		expect(page.comments).toHaveLength(20)
	})
})
