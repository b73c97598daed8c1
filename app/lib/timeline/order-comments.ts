import type { Camelize } from '~/lib/camelize'
import type { CommentsPage } from '#contracts/comments/comments'
import { bodySegments, displayName, shortenSegments, type BodySegment } from './comments'
import { nodeLabel } from './nodes'

/** How many comments the Order Comments panel lists; the Comments tab pages the rest (20 a page). */
export const ORDER_COMMENTS_SHOWN = 3

export type OrderComments = Camelize<CommentsPage>

/**
 * The panel's comments taken from a page of the newest (the Comments tab's first page): its first
 * ORDER_COMMENTS_SHOWN and the same total, as the comments API answers them with that limit.
 */
export function newestComments(page: OrderComments): OrderComments {
	return {
		...page,
		comments: page.comments.slice(0, ORDER_COMMENTS_SHOWN),
		limit: ORDER_COMMENTS_SHOWN,
	}
}

interface OrderCommentItem {
	id: string
	author: string
	createdAt: string
	where: string | null
	segments: BodySegment[]
	shortened: boolean
}

/**
 * The Order Comments panel (002 §2 side widgets "Order Comments panel"): titled 'Order Comments · n'
 * like the other cards ('Documents · n'), the newest comments first, each shortened past 100
 * characters (§4 "Long comments (over 100 characters in the timeline) are shortened"). `comments`
 * null: the read failed.
 */
export function orderCommentsSummary(comments: OrderComments | null): {
	title: string
	failed: boolean
	items: OrderCommentItem[]
} {
	if (!comments) return { title: 'Order Comments', failed: true, items: [] }
	const items = comments.comments.slice(0, ORDER_COMMENTS_SHOWN).map((c): OrderCommentItem => {
		const segments = bodySegments(c.commentBody, c.mentionedUsers)
		const short = shortenSegments(segments)
		return {
			id: c.commentId,
			author: c.email
				? displayName({ firstName: c.firstName, lastName: c.lastName, email: c.email })
				: 'Unknown user',
			createdAt: c.createdAt,
			where: c.buildingType
				? [nodeLabel({ buildingType: c.buildingType, finalMile: false }), c.trackingNumber]
						.filter(Boolean)
						.join(' · ')
				: null,
			segments: short ?? segments,
			shortened: short !== null,
		}
	})
	return { title: `Order Comments · ${comments.totalCount}`, failed: false, items }
}
