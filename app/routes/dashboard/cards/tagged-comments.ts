import { z } from 'zod'
import { UUID } from '#shared/ids'
import { orderStatus } from '../format'
import { NO_ORDER_NAMED } from '../lists'
import {
	COMMENT_REQUIRED,
	CommentFormSchema,
	FIELD_REQUIRED,
	shortenSegments,
	type BodySegment,
} from '~/lib/timeline/comments'

/**
 * The dashboard's Tagged Comments card (001 §2 "Newer card dashboard widgets", §3 "Tagged
 * comment", "Order statuses (display)", §9).
 */

/** "Tagged comments: 3 per page" (001 §9). */
export const TAGGED_PER_PAGE = 3
/** "Comments longer than 150 characters are shortened with '...See more'." */
const TAGGED_SHORT_LENGTH = 150
export const TAGGED_EMPTY = 'You have not been tagged in any comments.'

/**
 * "in_transit 'In Transit', final_mile 'Final Mile', delivered 'Delivered', pending 'Pending',
 * cancelled 'Canceled', closed 'Closed'"; "The tagged comment card defaults the status to
 * 'pending'" (an unknown or missing status, in_process included, reads Pending);
 * "a last-event type of exception marks it as exception". One list for the dashboard
 * (`orderStatus`, ../format.ts).
 */
export const taggedStatus = orderStatus

/** The first 150 characters as shown, or null when the comment is not longer. */
export const shortenTagged = (segments: readonly BodySegment[]) =>
	shortenSegments(segments, TAGGED_SHORT_LENGTH)

/** "A node-level link from Tagged Comments is timeline/{shipSetId}?nodeId={nodeId}" (001 §2). */
export function taggedLink(shipSetId: string, nodeId: string | null): string {
	return nodeId
		? `/timeline/${shipSetId}?nodeId=${encodeURIComponent(nodeId)}`
		: `/timeline/${shipSetId}`
}

/**
 * A comment from a Tagged Comments card (001 §8 "Comment creation from the tagged-comment cards"):
 * the timeline's comment form (its text, at most 500 characters, and '@Name' mentions) posted on
 * the tagged comment's order and node, with the card's comment id to put a refusal under its card.
 */
export const TAGGED_COMMENT_INTENT = 'tagged-comment'
export const TaggedCommentFormSchema = CommentFormSchema.extend({
	intent: z.literal(TAGGED_COMMENT_INTENT),
	comment_id: z.string().regex(UUID).catch(''),
	ship_set_id: z.string({ error: NO_ORDER_NAMED }).regex(UUID, NO_ORDER_NAMED),
})

/**
 * What a refused comment says: the toast's message, "missing text toast 'Comment field is required'
 * (title 'Comment')" (001 §8), and the field's, the comment form's own words for a missing text
 * ('this field is required', as on the timeline).
 */
export function taggedCommentRefusal(message: string | undefined) {
	const toast = message ?? COMMENT_REQUIRED
	return { toast, field: toast === COMMENT_REQUIRED ? FIELD_REQUIRED : toast }
}
