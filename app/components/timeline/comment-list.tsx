import { useState, type MouseEvent } from 'react'
import { Link } from 'react-router'
import { EmptyState } from '~/components/ui/empty-state'
import { Pagination } from '~/components/ui/pagination'
import { formatEventTime } from '~/lib/dates'
import { COMMENT_PAGE_SIZE, shortenSegments, type ListedComment } from '~/lib/timeline/comments'
import { nodeLabel } from '~/lib/timeline/nodes'
import { withParams } from '~/lib/timeline/url'
import { Segments } from './comment-segments'

/**
 * The order's comments, newest first, 20 a page (`comments_page`; 002 §9), each with its author,
 * time and node; bodies longer than 100 characters are shortened with Show More / Show Less (a link
 * to `?comment={id}` without JavaScript, an in-place toggle with it). Read-only: the signed-in
 * Comments tab puts its form above it, the guest link shows it alone (002 §2).
 */
export function CommentList({
	comments,
	totalCount,
	offset,
	search,
}: {
	comments: ListedComment[]
	totalCount: number
	offset: number
	search: string
}) {
	const page = Math.floor(offset / COMMENT_PAGE_SIZE) + 1
	const open = new URLSearchParams(search).get('comment')
	return (
		<>
			{comments.length === 0 ? (
				<EmptyState>No comments yet.</EmptyState>
			) : (
				<ol className="comment-list" aria-label="Comment list">
					{comments.map((c) => (
						<CommentItem
							key={c.commentId}
							comment={c}
							search={search}
							initiallyOpen={open === c.commentId}
						/>
					))}
				</ol>
			)}
			{totalCount > COMMENT_PAGE_SIZE ? (
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
							text: `Page ${page} of ${Math.ceil(totalCount / COMMENT_PAGE_SIZE)}`,
						},
						{
							kind: 'step',
							key: 'older',
							page: page * COMMENT_PAGE_SIZE < totalCount ? page + 1 : null,
							label: 'Older comments',
						},
					]}
				/>
			) : null}
		</>
	)
}

function CommentItem({
	comment: c,
	search,
	initiallyOpen,
}: {
	comment: ListedComment
	search: string
	initiallyOpen: boolean
}) {
	const [expanded, setExpanded] = useState(initiallyOpen)
	const short = shortenSegments(c.segments)
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
				<strong>{c.author}</strong>{' '}
				<time dateTime={c.createdAt}>{formatEventTime(c.createdAt)}</time>
				{where ? <span className="comment-node"> · {where}</span> : null}
			</p>
			<p className="comment-body" id={bodyId}>
				<Segments segments={short && !expanded ? short : c.segments} />
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
