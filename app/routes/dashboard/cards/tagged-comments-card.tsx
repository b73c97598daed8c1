import { EmptyState } from '~/components/ui/empty-state'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Pagination, type PaginationItem } from '~/components/ui/pagination'
import { isShipSetStatus, statusTone } from '~/lib/tracker/status'
import { useState } from 'react'
import { Link } from 'react-router'
import { Segments } from '~/components/timeline/comment-segments'
import type { Camelize } from '~/lib/camelize'
import { withParam, type CardRead } from './cards'
import { formatEventTime, pageCount, SEE_MORE } from '../format'
import {
	shortenTagged,
	TAGGED_EMPTY,
	TAGGED_PER_PAGE,
	taggedLink,
	taggedStatus,
} from './tagged-comments'
import { bodySegments, displayName } from '~/lib/timeline/comments'
import type { TaggedCommentsResponse } from '#contracts/comments/comments'
import { Icon } from '~/components/ui/icon'
import { CardState } from './card-filters'
import { useCard } from './use-card'

type TaggedComments = Camelize<TaggedCommentsResponse>
type Tagged = TaggedComments['comments'][number]

/**
 * Tagged Comments (001 §2 "Newer card dashboard widgets"): the comments in which the user
 * was mentioned, 3 per page (`tagged_page`; with JavaScript a page reads this card alone), each
 * with the order, status, carrier, tracking number, commenter and text; longer than 150
 * characters it is shortened with '...See more' (a link to `?tagged_comment={id}` without
 * JavaScript, an in-place toggle with it).
 */
export function TaggedCommentsCard({
	read,
	search,
}: {
	read: CardRead<TaggedComments | null> | undefined
	search: string
}) {
	const data = useCard('tagged', read, search)
	const open = new URLSearchParams(search).get('tagged_comment')
	return (
		<Card title="Tagged Comments" className="dash-card tagged-comments">
			<CardState data={data}>
				{(tagged) =>
					tagged.comments.length === 0 ? (
						<EmptyState>{TAGGED_EMPTY}</EmptyState>
					) : (
						<>
							<ul className="tagged-list" aria-label="Comments you were tagged in">
								{tagged.comments.map((c) => (
									<TaggedCard
										key={c.commentId}
										comment={c}
										search={search}
										initiallyOpen={open === c.commentId}
									/>
								))}
							</ul>
							<TaggedPages tagged={tagged} search={search} />
						</>
					)
				}
			</CardState>
		</Card>
	)
}

/** "3 per page, with pagination" (001 §2): Previous, 'Page n of m', Next. */
function TaggedPages({ tagged, search }: { tagged: TaggedComments; search: string }) {
	const page = Math.floor(tagged.offset / TAGGED_PER_PAGE) + 1
	const pages = pageCount(tagged.total, TAGGED_PER_PAGE)
	if (pages <= 1) return null
	const items: PaginationItem[] = [
		{
			kind: 'step',
			key: 'previous',
			page: page > 1 ? page - 1 : null,
			label: 'Previous',
			ariaLabel: page > 1 ? 'Previous tagged comments' : undefined,
		},
		{ kind: 'text', key: 'where', text: `Page ${page} of ${pages}` },
		{
			kind: 'step',
			key: 'next',
			page: page < pages ? page + 1 : null,
			label: 'Next',
			ariaLabel: page < pages ? 'Next tagged comments' : undefined,
		},
	]
	return (
		<Pagination
			label="Tagged comment pages"
			className="tagged-pages"
			current={page}
			items={items}
			hrefFor={(p) =>
				withParam(
					withParam(search, 'tagged_comment', null),
					'tagged_page',
					p === 1 ? null : String(p),
				)
			}
		/>
	)
}

function TaggedCard({
	comment: c,
	search,
	initiallyOpen,
}: {
	comment: Tagged
	search: string
	initiallyOpen: boolean
}) {
	const [expanded, setExpanded] = useState(initiallyOpen)
	const segments = bodySegments(c.commentBody, c.mentionedUsers)
	const short = shortenTagged(segments)
	const status = taggedStatus(c.shipSetStatus, c.lastEventType)
	const author = c.email
		? displayName({ firstName: c.firstName, lastName: c.lastName, email: c.email })
		: 'Unknown user'
	const bodyId = `tagged-body-${c.commentId}`
	return (
		<li className="tagged-card">
			<p className="tagged-card__order">
				<a href={taggedLink(c.shipSetId, c.nodeId)} target="_blank" rel="noopener">
					{c.shipSetName}
				</a>{' '}
				<Badge
					tone={
						c.shipSetStatus && isShipSetStatus(c.shipSetStatus)
							? statusTone(c.shipSetStatus)
							: 'neutral'
					}
				>
					{status.label}
				</Badge>
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
						{expanded ? ' See less' : SEE_MORE}
					</Link>
				) : null}
			</p>
		</li>
	)
}
