import { EmptyState } from '~/components/ui/empty-state'
import { Badge } from '~/components/ui/badge'
import { isShipSetStatus, statusTone } from '~/lib/tracker/status'
import { useState } from 'react'
import { Link } from 'react-router'
import { Segments } from '~/components/timeline/comment-segments'
import type { Camelize } from '~/lib/camelize'
import { formatEventTime } from '~/lib/dates'
import { shortenTagged, TAGGED_EMPTY, TAGGED_PER_PAGE, taggedLink, taggedStatus } from '~/lib/tagged-comments'
import { bodySegments, displayName } from '~/lib/timeline/comments'
import type { TaggedCommentsResponse } from '#contracts/comments'
import { Icon } from '~/components/ui/icon'

export type TaggedComments = Camelize<TaggedCommentsResponse>
type Tagged = TaggedComments['comments'][number]

/** `search` with one parameter set or removed. */
function withParam(search: string, key: string, value: string | null) {
	const q = new URLSearchParams(search)
	if (value === null) q.delete(key)
	else q.set(key, value)
	const s = q.toString()
	return s ? `?${s}` : '?'
}

/**
 * Tagged Comments (001 §2 "Newer card dashboard widgets"): the comments in which the user
 * was mentioned, 3 per page (`tagged_page`), each with the order, status, carrier, tracking
 * number, commenter and text; longer than 150 characters it is shortened with '...See more'
 * (a link to `?tagged_comment={id}` without JavaScript, an in-place toggle with it).
 */
export function TaggedCommentsCard({ data, search }: { data: TaggedComments | null; search: string }) {
	const q = new URLSearchParams(search)
	const open = q.get('tagged_comment')
	const page = Math.floor((data?.offset ?? 0) / TAGGED_PER_PAGE) + 1
	const pages = Math.max(1, Math.ceil((data?.total ?? 0) / TAGGED_PER_PAGE))
	return (
		<section className="card tagged-comments" aria-labelledby="tagged-comments-title">
			<h2 id="tagged-comments-title">Tagged Comments</h2>
			{!data ? (
				<p role="alert">Tagged comments could not be loaded.</p>
			) : data.comments.length === 0 ? (
				<EmptyState>{TAGGED_EMPTY}</EmptyState>
			) : (
				<ul className="tagged-list">
					{data.comments.map((c) => (
						<TaggedCard key={c.commentId} comment={c} search={search} initiallyOpen={open === c.commentId} />
					))}
				</ul>
			)}
			{data && pages > 1 ? (
				<nav aria-label="Tagged comment pages" className="tagged-pages">
					{page > 1 ? <Link to={withParam(search, 'tagged_page', page === 2 ? null : String(page - 1))} preventScrollReset>Previous</Link> : null}
					<span>
						Page {page} of {pages}
					</span>
					{page < pages ? <Link to={withParam(search, 'tagged_page', String(page + 1))} preventScrollReset>Next</Link> : null}
				</nav>
			) : null}
		</section>
	)
}

function TaggedCard({ comment: c, search, initiallyOpen }: { comment: Tagged; search: string; initiallyOpen: boolean }) {
	const [expanded, setExpanded] = useState(initiallyOpen)
	const segments = bodySegments(c.commentBody, c.mentionedUsers)
	const short = shortenTagged(segments)
	const status = taggedStatus(c.shipSetStatus, c.lastEventType)
	const author = c.email ? displayName({ firstName: c.firstName, lastName: c.lastName, email: c.email }) : 'Unknown user'
	const bodyId = `tagged-body-${c.commentId}`
	return (
		<li className="tagged-card">
			<p className="tagged-card__order">
				<a href={taggedLink(c.shipSetId, c.nodeId)} target="_blank" rel="noopener">
					{c.shipSetName}
				</a>{' '}
				<Badge tone={c.shipSetStatus && isShipSetStatus(c.shipSetStatus) ? statusTone(c.shipSetStatus) : 'neutral'}>{status.label}</Badge>
				{status.exception ? (
					<span className="tagged-card__exception">
						{' '}
						<Icon name="exception" label="Exception" />
					</span>
				) : null}
			</p>
			<dl className="tagged-card__facts">
				<div>
					<dt>Carrier</dt>
					<dd>{c.carrierName ?? 'N/A'}</dd>
				</div>
				<div>
					<dt>Tracking Number</dt>
					<dd>{c.trackingNumber ?? 'N/A'}</dd>
				</div>
				<div>
					<dt>Commenter</dt>
					<dd>
						{author} · <time dateTime={c.createdAt}>{formatEventTime(c.createdAt)}</time>
					</dd>
				</div>
			</dl>
			<p className="comment-body" id={bodyId}>
				<Segments segments={short && !expanded ? short : segments} />
				{short ? (
					<Link
						to={withParam(search, 'tagged_comment', expanded ? null : c.commentId)}
						preventScrollReset
						replace
						aria-expanded={expanded}
						aria-controls={bodyId}
						onClick={(e) => {
							e.preventDefault()
							setExpanded((x) => !x)
						}}
					>
						{expanded ? ' See less' : '...See more'}
					</Link>
				) : null}
			</p>
		</li>
	)
}
