import { Skeleton } from '~/components/ui/skeleton'
import { useTimelinePart, type PartRead } from '~/lib/timeline/parts'
import type { Camelize } from '~/lib/camelize'
import { bodySegments, displayName, type ListedComment } from '~/lib/timeline/comments'
import type { CommentsPage } from '#contracts/comments/comments'
import type { ShipSet, TimelineNode } from '~/lib/timeline/types'
import { CommentForm } from './comment-form'
import { CommentList } from '~/components/timeline/comment-list'

type CommentsData = Camelize<CommentsPage>
type CommentRecord = CommentsData['comments'][number]

/** What the comments route reads (loadComments): one page, or null when it failed. */
interface CommentsPart {
	page: number
	comments: CommentsData | null
	mentionsEnabled: boolean
}

export interface CommentsTabData {
	/** The page's read of the tab (a document load with `tab=comments`, or a reload after a post). */
	part?: PartRead<CommentsPart>
	/** 002 §4 "The comment form is disabled while no node is selected in a grouped view." */
	noNodeSelected?: boolean
}

/**
 * 002 §2 "Comments: with a comment-count badge. The comment form appears only for
 * non-guests"; §4 "Comment submission"; §9 page size 20: the comment form above the order's
 * comments (CommentList, which the guest link shows alone).
 */
export function CommentsTab(
	props: { shipSet: ShipSet; node: TimelineNode | null; search: string } & CommentsTabData,
) {
	const { shipSet, node, search, noNodeSelected = false } = props
	const part = useTimelinePart('comments', props.part, search)
	if (!part) {
		return (
			<section className="comments-tab" aria-label="Comments" aria-busy="true">
				<Skeleton label="Loading comments…" />
			</section>
		)
	}
	const { comments, mentionsEnabled } = part
	const total = comments?.totalCount ?? shipSet.comments.totalCount
	return (
		<section className="comments-tab" aria-label="Comments">
			<CommentForm key={total} node={node} mentions={mentionsEnabled} disabled={noNodeSelected} />
			{!comments ? (
				<p role="alert">Comments could not be loaded.</p>
			) : (
				<CommentList
					comments={comments.comments.map(listed)}
					totalCount={comments.totalCount}
					offset={comments.offset}
					search={search}
				/>
			)}
		</section>
	)
}

/** A signed-in reader sees each author by name, else by e-mail ('Unknown user' once the user is gone). */
function listed(c: CommentRecord): ListedComment {
	return {
		commentId: c.commentId,
		author: c.email
			? displayName({ firstName: c.firstName, lastName: c.lastName, email: c.email })
			: 'Unknown user',
		createdAt: c.createdAt,
		segments: bodySegments(c.commentBody, c.mentionedUsers),
		buildingType: c.buildingType,
		trackingNumber: c.trackingNumber,
		carrierName: c.carrierName,
	}
}
