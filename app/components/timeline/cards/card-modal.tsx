import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Link, useFetcher, useLocation } from 'react-router'
import { withParams } from '~/lib/timeline/url'
import { useTimelineAction, type TimelineCapability } from '~/lib/timeline/intents'

/**
 * The side cards' modals and confirmations (002 §2 "Side widgets", §4 "Each action asks
 * confirmation"). Each is opened by a link that sets a URL parameter, so without JavaScript the
 * page renders it open in place (a `<dialog open>` with a plain form); with JavaScript the same
 * link opens it as a modal `<dialog>` without navigating, and its form posts through a fetcher.
 * A dialog is in the page only while open, so its texts never double the card's.
 */

/**
 * What is open: the URL's value (no JavaScript, or a bookmarked link) or the one a click opened.
 * Any navigation (the redirect after a successful post) closes what a click opened.
 */
export function useOpenValue(urlValue: string | null) {
	const hydrated = useHydrated()
	const [clicked, setClicked] = useState<string | null>(null)
	const { key } = useLocation()
	useEffect(() => setClicked(null), [key])
	return {
		value: urlValue ?? clicked,
		fromUrl: urlValue !== null,
		/** onClick for the opening link: with JavaScript, open in place instead of navigating. */
		opener: (value: string) => (event: MouseEvent) => {
			if (!hydrated || urlValue !== null) return
			event.preventDefault()
			setClicked(value)
		},
		close: () => setClicked(null),
	}
}

/** A `<dialog>`: modal when a click opened it, rendered open in the page when the URL did. */
export function CardModal(props: { title: string; fromUrl: boolean; onClose: () => void; className?: string; children: ReactNode }) {
	const { title, fromUrl, onClose, className, children } = props
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	useEffect(() => {
		const dialog = ref.current
		if (dialog && !fromUrl && !dialog.open) dialog.showModal()
	}, [fromUrl])
	return (
		<dialog ref={ref} open={fromUrl || undefined} onClose={onClose} aria-labelledby={titleId} className={`card-modal ${className ?? ''}`.trim()}>
			<h3 id={titleId}>{title}</h3>
			{children}
		</dialog>
	)
}

/** 'No' / 'Cancel': a link that drops the URL parameter, or closes in place with JavaScript. */
export function CloseLink({ href, fromUrl, onClose, children }: { href: string; fromUrl: boolean; onClose: () => void; children: ReactNode }) {
	return (
		<Link
			to={href}
			className="button-secondary"
			onClick={(event) => {
				if (fromUrl) return
				event.preventDefault()
				onClose()
			}}
		>
			{children}
		</Link>
	)
}

/** A confirmation with the spec's buttons 'Yes, Continue' and 'No', posting `fields` to the timeline. */
export function ConfirmDialog(props: {
	title: string
	text: string
	capability: TimelineCapability
	fields: Record<string, string>
	search: string
	fromUrl: boolean
	onClose: () => void
}) {
	const { title, text, capability, fields, search, fromUrl, onClose } = props
	const fetcher = useFetcher()
	const action = useTimelineAction(capability)
	const closeHref = withParams(search, { confirm: null })
	return (
		<CardModal title={title} fromUrl={fromUrl} onClose={onClose} className="confirm-dialog">
			<p>{text}</p>
			<fetcher.Form method="post" action={action} className="dialog-actions">
				{Object.entries(fields).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				<button type="submit" disabled={fetcher.state !== 'idle'}>
					Yes, Continue
				</button>
				<CloseLink href={closeHref} fromUrl={fromUrl} onClose={onClose}>
					No
				</CloseLink>
			</fetcher.Form>
		</CardModal>
	)
}

/** A field's first message, as an alert tied to the control by id. */
export function FieldError({ id, messages }: { id: string; messages: string[] | null | undefined }) {
	if (!messages?.length) return null
	return (
		<p id={id} className="field-error" role="alert">
			{messages[0]}
		</p>
	)
}
