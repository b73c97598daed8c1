import { Skeleton } from '~/components/ui/skeleton'
import { Link } from 'react-router'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { useState, type MouseEvent } from 'react'
import { useTimelinePart, type PartRead } from '~/lib/timeline/parts'
import type { Camelize } from '~/lib/camelize'
import { formatEventTime } from '~/lib/dates'
import {
	bodySegments,
	COMMENT_PAGE_SIZE,
	displayName,
	shortenSegments,
} from '~/lib/timeline/comments'
import { nodeLabel } from '~/lib/timeline/nodes'
import { withParams } from '~/lib/timeline/url'
import type { CommentsPage } from '#contracts/comments/comments'
import type { ShipSet, TimelineNode } from '~/lib/timeline/types'
import { CommentForm, type MentionUser } from './comment-form'
import { Segments } from '~/components/timeline/comment-segments'

type CommentsData = Camelize<CommentsPage>
type CommentRecord = CommentsData['comments'][number]

/** What the comments route reads (loadComments): one page, or null when it failed. */
interface CommentsPart {
	page: number
	comments: CommentsData | null
	mentionUsers: MentionUser[] | null
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
 * non-guests"; §4 "Comment submission"; §9 page size 20. The order's comments, newest
 * first, 20 a page (`comments_page`), each with its author, time and node; bodies longer
 * than 100 characters are shortened with Show More / Show Less (a link to `?comment={id}`
 * without JavaScript, an in-place toggle with it).
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
	const { comments, mentionUsers, mentionsEnabled } = part
	const page = Math.floor((comments?.offset ?? 0) / COMMENT_PAGE_SIZE) + 1
	const total = comments?.totalCount ?? shipSet.comments.totalCount
	const open = new URLSearchParams(search).get('comment')
	return (
		<section className="comments-tab" aria-label="Comments">
			<CommentForm
				key={total}
				node={node}
				users={mentionsEnabled ? (mentionUsers ?? []) : null}
				disabled={noNodeSelected}
			/>
			{!comments ? (
				<p role="alert">Comments could not be loaded.</p>
			) : comments.comments.length === 0 ? (
				<EmptyState>No comments yet.</EmptyState>
			) : (
				<ol className="comment-list" aria-label="Comment list">
					{comments.comments.map((c) => (
						<CommentItem
							key={c.commentId}
							comment={c}
							search={search}
							initiallyOpen={open === c.commentId}
						/>
					))}
				</ol>
			)}
			{comments && comments.totalCount > COMMENT_PAGE_SIZE ? (
				<Pagination
					label="Comment pages"
					className="comment-pages"
					current={page}
					hrefFor={(p) => withParams(search, { comments_page: p === 1 ? null : String(p) })}
					items={[
						{
							kind: 'step',
							key: 'newer',
							page: page > 1 ? page - 1 : null,
							label: 'Newer comments',
						},
						{
							kind: 'text',
							key: 'at',
							text: `Page ${page} of ${Math.ceil(comments.totalCount / COMMENT_PAGE_SIZE)}`,
						},
						{
							kind: 'step',
							key: 'older',
							page: page * COMMENT_PAGE_SIZE < comments.totalCount ? page + 1 : null,
							label: 'Older comments',
						},
					]}
				/>
			) : null}
		</section>
	)
}

function CommentItem({
	comment: c,
	search,
	initiallyOpen,
}: {
	comment: CommentRecord
	search: string
	initiallyOpen: boolean
}) {
	const [expanded, setExpanded] = useState(initiallyOpen)
	const segments = bodySegments(c.commentBody, c.mentionedUsers)
	const short = shortenSegments(segments)
	const author = c.email
		? displayName({ firstName: c.firstName, lastName: c.lastName, email: c.email })
		: 'Unknown user'
	const where = c.buildingType
		? [
				nodeLabel({ buildingType: c.buildingType, finalMile: false }),
				c.trackingNumber,
				c.carrierName,
			]
				.filter(Boolean)
				.join(' · ')
		: null
	const bodyId = `comment-body-${c.commentId}`
	const toggle = (e: MouseEvent) => {
		e.preventDefault()
		setExpanded((x) => !x)
	}
	return (
		<li className="comment">
			<p className="comment-meta">
				<strong>{author}</strong> <time dateTime={c.createdAt}>{formatEventTime(c.createdAt)}</time>
				{where ? <span className="comment-node"> · {where}</span> : null}
			</p>
			<p className="comment-body" id={bodyId}>
				<Segments segments={short && !expanded ? short : segments} />
				{short && !expanded ? '…' : null}
			</p>
			{short ? (
				<Link
					className="comment-more"
					to={withParams(search, { comment: expanded ? null : c.commentId })}
					preventScrollReset
					replace
					aria-expanded={expanded}
					aria-controls={bodyId}
					onClick={toggle}
				>
					{expanded ? 'Show Less' : 'Show More'}
				</Link>
			) : null}
		</li>
	)
}
