import { EmptyState } from '~/components/ui/empty-state'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Pagination, type PaginationItem } from '~/components/ui/pagination'
import { isShipSetStatus, statusTone } from '~/lib/tracker/status'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Toaster, type ToastView } from '~/components/toaster'
import { useFormReply } from '~/lib/form-reply'
import { Segments } from '~/components/timeline/comment-segments'
import type { Camelize } from '~/lib/camelize'
import { withParam, type CardRead } from './cards'
import { DASHBOARD_TOAST_MS, formatEventTime, pageCount, SEE_MORE } from '../format'
import {
	shortenTagged,
	TAGGED_COMMENT_INTENT,
	TAGGED_EMPTY,
	TAGGED_PER_PAGE,
	taggedLink,
	taggedStatus,
} from './tagged-comments'
import {
	bodySegments,
	COMMENT_MAX_LENGTH,
	COMMENT_TOAST_TITLE,
	displayName,
} from '~/lib/timeline/comments'
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
 * JavaScript, an in-place toggle with it). Each card takes a comment on its order and node (001 §8).
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
			<TaggedCommentForm comment={c} />
		</li>
	)
}

/**
 * A comment on the tagged comment's order and node (001 §8 "Comment creation from the tagged-comment
 * cards"), posted to the page's action: without JavaScript the page comes back with the toast (or,
 * refused, with what was typed); with it through a fetcher, the form emptied once it is added. A
 * missing text shows the toast 'Comment' / 'Comment field is required' and the field's message;
 * no `required`, so that the browser does not answer in the spec's place.
 */
function TaggedCommentForm({ comment: c }: { comment: Tagged }) {
	const fetcher = useFetcher()
	const reply = useFormReply(TAGGED_COMMENT_INTENT, fetcher.data)
	const mine = reply?.result.initialValue?.comment_id === c.commentId ? reply.result : undefined
	const busy = fetcher.state !== 'idle'
	// Added (a post answered without a refusal): the form is drawn again, empty.
	const [drawn, setDrawn] = useState(0)
	const posted = useRef(false)
	useEffect(() => {
		if (busy) posted.current = true
		else if (posted.current) {
			posted.current = false
			if (!mine) setDrawn((n) => n + 1)
		}
	}, [busy, mine])
	const fieldError = mine?.error?.body?.[0]
	// One toast per refusal: a second refusal of the same text opens it again.
	const toast = useMemo<ToastView[]>(() => {
		const message = mine?.error?.['']?.[0]
		return message
			? [
					{
						type: 'error',
						message: COMMENT_TOAST_TITLE,
						description: message,
						duration: DASHBOARD_TOAST_MS,
					},
				]
			: []
	}, [mine])
	const typed = typeof mine?.initialValue?.body === 'string' ? mine.initialValue.body : ''
	const id = `tagged-comment-${c.commentId}`
	return (
		<fetcher.Form
			method="post"
			key={drawn}
			className="tagged-reply"
			aria-busy={busy}
			// A new post forgets the last one's refusal (a redirect's answer leaves the fetcher's data as it was).
			onSubmit={() => fetcher.reset()}
		>
			<input type="hidden" name="intent" value={TAGGED_COMMENT_INTENT} />
			<input type="hidden" name="comment_id" value={c.commentId} />
			<input type="hidden" name="ship_set_id" value={c.shipSetId} />
			<input type="hidden" name="node_id" value={c.nodeId ?? ''} />
			<Field
				id={id}
				label={
					<>
						Comment<span className="visually-hidden"> on {c.shipSetName}</span>
					</>
				}
				errors={fieldError ? [fieldError] : null}
			>
				{(control) => (
					<textarea
						{...control}
						name="body"
						rows={2}
						maxLength={COMMENT_MAX_LENGTH}
						aria-required="true"
						defaultValue={typed}
					/>
				)}
			</Field>
			<Button size="small" type="submit" disabled={busy}>
				{busy ? 'Posting…' : 'Post Comment'}
				<span className="visually-hidden"> on {c.shipSetName}</span>
			</Button>
			<Toaster toasts={toast} />
		</fetcher.Form>
	)
}
