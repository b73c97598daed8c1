import { Card } from '~/components/ui/card'
import { Link } from 'react-router'
import { EmptyState } from '~/components/ui/empty-state'
import { Segments } from '~/components/timeline/comment-segments'
import { formatEventTime } from '~/lib/dates'
import { orderCommentsSummary, type OrderComments } from '~/lib/timeline/order-comments'
import { withParams } from '~/lib/timeline/url'

/**
 * 002 §2 side widget "Order Comments panel" (collapsible, like every side card): the order's newest
 * comments (the same records as the comments API's "GET {comments api}/comment/get", §7, read with
 * the order: GET …/timeline?comments=3), each with its author, time and node, shortened past 100
 * characters (§4); 'View all comments' opens the Comments tab, where the rest are paged and the
 * form is. Guests never see it (§2 "For guests … other cards are hidden").
 */
export function OrderCommentsCard({
	comments,
	search,
}: {
	comments: OrderComments | null
	search: string
}) {
	const summary = orderCommentsSummary(comments)
	return (
		<Card collapsible title={summary.title} className="order-comments-card">
			{summary.failed ? (
				<p role="alert">Comments could not be loaded.</p>
			) : summary.items.length === 0 ? (
				<EmptyState>No comments available.</EmptyState>
			) : (
				<ol className="comment-list order-comments" aria-label="Latest comments">
					{summary.items.map((c) => (
						<li key={c.id} className="comment">
							<p className="comment-meta">
								<strong>{c.author}</strong>{' '}
								<time dateTime={c.createdAt}>{formatEventTime(c.createdAt)}</time>
								{c.where ? <span className="comment-node"> · {c.where}</span> : null}
							</p>
							<p className="comment-body">
								<Segments segments={c.segments} />
								{c.shortened ? '…' : null}
							</p>
						</li>
					))}
				</ol>
			)}
			<Link to={withParams(search, { tab: 'comments' })} preventScrollReset>
				View all comments
			</Link>
		</Card>
	)
}
