import { TIMELINE_TOAST_MS } from '~/lib/timeline/load-toast'
import { useTimelineForm } from '~/lib/timeline/use-timeline-form'
import { Button } from '~/components/ui/button'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { TIMELINE_INTENTS } from '~/lib/timeline/intents'
import { getFormProps } from '@conform-to/react'
import { Toaster } from '~/components/toaster'
import {
	activeMention,
	COMMENT_MAX_LENGTH,
	COMMENT_TOAST_TITLE,
	CommentFormSchema,
	insertMention,
	resolveMentions,
	suggestMentions,
	displayName,
} from '~/lib/timeline/comments'
import type { TimelineNode } from '~/lib/timeline/types'
import type { Camelize } from '~/lib/camelize'
import type { MentionUsersResponse } from '#contracts/comments/comments'
import { useFetcher, useParams } from 'react-router'
import type { loader as mentionUsersLoader } from './mention-users'

const INTENT = TIMELINE_INTENTS.comments.comment

/** Someone who may be mentioned (the comments API's users list). */
export type MentionUser = Camelize<MentionUsersResponse['users'][number]>

/**
 * The comment form (002 §4 "Comment submission", §5). Works without JavaScript (a plain
 * post; a refusal re-renders with 'this field is required' and the typed text). With it,
 * the post runs through a fetcher ("A spinner shows while submitting"), the list reloads
 * when the action redirects, and the form is remounted empty by its parent's key.
 * `maxLength` blocks typing and pasting beyond 500 characters; the server refuses more too.
 * With mentions on, '@' opens a suggestion list (an ARIA combobox) of the people read from
 * ./mention-users.ts when the field first gets the focus;
 * "Return submits unless the suggestion list is open" (Shift+Return for a new line).
 */
export function CommentForm({
	node,
	mentions,
	disabled = false,
}: {
	node: TimelineNode | null
	mentions: boolean
	disabled?: boolean
}) {
	const id = useId()
	const { shipSetId } = useParams()
	const people = useFetcher<typeof mentionUsersLoader>()
	// null: mentions off; empty until the list has been read.
	const users: MentionUser[] | null = mentions ? (people.data?.users ?? []) : null
	function readPeople() {
		if (mentions && people.state === 'idle' && !people.data)
			void people.load(`/timeline/${shipSetId}/comments/mention-users`)
	}
	const { fetcher, action, form, fields } = useTimelineForm('comments', INTENT, {
		id: `${id}-comment`,
		schema: CommentFormSchema,
	})
	const busy = fetcher.state !== 'idle'
	const typed = typeof fields.body.initialValue === 'string' ? fields.body.initialValue : ''
	const [text, setText] = useState(typed)
	const [caret, setCaret] = useState<number | null>(null)
	const [picked, setPicked] = useState<string[]>([])
	const [active, setActive] = useState(0)
	const [dismissed, setDismissed] = useState(false)
	const ref = useRef<HTMLTextAreaElement>(null)
	const fieldId = `${id}-body`
	const errorId = `${id}-error`
	const listId = `${id}-mentions`
	const error = fields.body.errors?.[0]
	const formError = form.errors?.[0]

	// A refused fetcher post brings the typed text back (the textarea keeps it anyway).
	useEffect(() => {
		if (typed) setText(typed)
	}, [typed])

	const mention = users && caret !== null && !dismissed ? activeMention(text, caret) : null
	const mentioned = users ? [...resolveMentions(text, users).mentionedIds, ...picked] : []
	const suggestions = mention && users ? suggestMentions(mention.query, users, mentioned) : []
	const open = suggestions.length > 0
	const current = open ? suggestions[Math.min(active, suggestions.length - 1)] : undefined

	function pick(user: MentionUser) {
		const at = caret ?? text.length
		const next = insertMention(text, at, user)
		// The new text is in the field before the caret moves, and both before the next key is
		// handled: a caret placed a frame later took the first character typed after a pick behind it.
		flushSync(() => {
			setText(next.text)
			setCaret(next.caret)
			setPicked((p) => (p.includes(user.id) ? p : [...p, user.id]))
			setActive(0)
		})
		ref.current?.focus()
		ref.current?.setSelectionRange(next.caret, next.caret)
	}

	function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
		if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
			e.preventDefault()
			setActive(
				(a) => (a + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length,
			)
		} else if (open && (e.key === 'Enter' || e.key === 'Tab') && current) {
			e.preventDefault()
			pick(current)
		} else if (open && e.key === 'Escape') {
			e.preventDefault()
			setDismissed(true)
		} else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
			e.preventDefault()
			e.currentTarget.form?.requestSubmit()
		}
	}

	return (
		<fetcher.Form
			method="post"
			action={action}
			{...getFormProps(form)}
			className="comment-form"
			aria-busy={busy}
		>
			<input type="hidden" name="intent" value={INTENT} />
			<input type="hidden" name="node_id" value={node?.id ?? ''} />
			{picked
				.filter((p) => mentioned.includes(p))
				.map((p) => (
					<input key={p} type="hidden" name="mentioned" value={p} />
				))}
			<label htmlFor={fieldId}>Comment</label>
			<div className="comment-field">
				<textarea
					ref={ref}
					id={fieldId}
					name="body"
					rows={3}
					maxLength={COMMENT_MAX_LENGTH}
					disabled={disabled}
					aria-required="true"
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? errorId : `${id}-hint`}
					value={text}
					onChange={(e) => {
						setText(e.target.value)
						setCaret(e.target.selectionStart)
						setDismissed(false)
						setActive(0)
					}}
					onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
					onKeyDown={onKeyDown}
					onBlur={() => setDismissed(true)}
					onFocus={() => {
						setDismissed(false)
						readPeople()
					}}
					{...(users
						? {
								role: 'combobox',
								'aria-autocomplete': 'list' as const,
								'aria-expanded': open,
								'aria-controls': listId,
								'aria-activedescendant': current ? `${listId}-${current.id}` : undefined,
							}
						: {})}
				/>
				{users ? (
					<ul
						id={listId}
						role="listbox"
						aria-label="Mention suggestions"
						className="mention-list"
						hidden={!open}
					>
						{suggestions.map((u) => (
							<li
								key={u.id}
								id={`${listId}-${u.id}`}
								role="option"
								aria-selected={u.id === current?.id}
								onMouseDown={(e) => {
									e.preventDefault()
									pick(u)
								}}
							>
								{displayName(u)} <small>{u.email}</small>
							</li>
						))}
					</ul>
				) : null}
			</div>
			{error ? (
				<p id={errorId} className="field-error" role="alert">
					{error}
				</p>
			) : (
				<p id={`${id}-hint`} className="field-hint">
					At most {COMMENT_MAX_LENGTH} characters.
					{users ? ' Type @ and a name to mention someone.' : ''}
				</p>
			)}
			<Button variant="primary" type="submit" disabled={busy || disabled}>
				{busy ? (
					<>
						<span className="spinner" aria-hidden="true" /> Posting…
					</>
				) : (
					'Post Comment'
				)}
			</Button>
			{formError ? (
				<Toaster
					toasts={[
						{
							type: 'error',
							message: COMMENT_TOAST_TITLE,
							description: formError,
							duration: TIMELINE_TOAST_MS,
						},
					]}
				/>
			) : null}
		</fetcher.Form>
	)
}
