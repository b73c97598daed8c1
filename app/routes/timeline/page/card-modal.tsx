import { useState, type MouseEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useFetcher, useLocation } from 'react-router'
import { Dialog, DialogActions } from '~/components/ui/dialog'
import { withParams } from '~/lib/timeline/url'
import { useTimelineAction, type TimelineCapability } from '~/lib/timeline/intents'

/**
 * The side cards' modals and confirmations (002 §2 "Side widgets", §4 "Each action asks
 * confirmation"). Each is opened by a link that sets a URL parameter, so without JavaScript the
 * page renders it open in place (a `<dialog open>` with a plain form); with JavaScript the same
 * link opens it as the modal Dialog without navigating, and its form posts through a fetcher.
 * A dialog is in the page only while open, so its texts never double the card's.
 */

/**
 * What is open: the URL's value (no JavaScript, or a bookmarked link) or the one a click opened.
 * Any navigation (the redirect after a successful post) closes what a click opened.
 */
export function useOpenValue(urlValue: string | null) {
	const hydrated = useHydrated()
	const { key } = useLocation()
	// What a click opened, at which location: it is open only while the location is that one, so the
	// render that lands the redirect (with its toast) no longer has it — not one render later.
	const [clicked, setClicked] = useState<{ value: string; at: string } | null>(null)
	return {
		value: urlValue ?? (clicked?.at === key ? clicked.value : null),
		/** onClick for the opening link: with JavaScript, open in place instead of navigating. */
		opener: (value: string) => (event: MouseEvent) => {
			if (!hydrated || urlValue !== null) return
			event.preventDefault()
			setClicked({ value, at: key })
		},
		/** The Dialog's `onClose`: set when a click opened it (close in place), unset when the URL did (navigate away). */
		onClose: urlValue === null ? () => setClicked(null) : undefined,
	}
}

/** A confirmation with the spec's buttons 'Yes, Continue' and 'No', posting `fields` to the timeline. */
export function ConfirmDialog(props: {
	title: string
	text: string
	capability: TimelineCapability
	fields: Record<string, string>
	search: string
	onClose: (() => void) | undefined
}) {
	const { title, text, capability, fields, search, onClose } = props
	const fetcher = useFetcher()
	const action = useTimelineAction(capability)
	const closeHref = withParams(search, { confirm: null })
	return (
		<Dialog
			title={title}
			closeTo={closeHref}
			onClose={onClose}
			size="small"
			className="confirm-dialog"
		>
			<p>{text}</p>
			<fetcher.Form method="post" action={action}>
				{Object.entries(fields).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				<DialogActions submit="Yes, Continue" cancel="No" busy={fetcher.state !== 'idle'} />
			</fetcher.Form>
		</Dialog>
	)
}
