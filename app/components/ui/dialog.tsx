import {
	createContext,
	useContext,
	useEffect,
	useId,
	useLayoutEffect,
	useRef,
	type MouseEvent,
	type ReactNode,
} from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from './button'
import { Icon } from './icon'

/**
 * The one modal of the product: a native `<dialog>`.
 *
 * - **Without JavaScript** it is rendered `open` in the page (the server put it there because the
 *   URL asked for it, e.g. `?share=1`), its Close is a plain link to `closeTo`, its forms post.
 * - **With JavaScript** it becomes modal before the first paint (`showModal()`): the rest of the
 *   page is inert, so the keyboard focus stays inside; the focus starts on the control marked
 *   `data-autofocus`, else on the heading; Escape closes; on close the focus goes back to the control
 *   that opened it (the link or button that was focused when it mounted).
 *
 * Closing is the parent's business, because the parent decides whether it is open: a dialog
 * opened by the URL closes by navigating to `closeTo`; one opened in place by a click passes
 * `onClose` (which unmounts it), and `closeTo` stays the no-JavaScript fallback.
 */
export function Dialog(props: {
	title: ReactNode
	/** The URL without the parameter that opened the dialog. Without it (and `onClose`) the dialog is a step that must be completed (the tracker's captcha): no Close, Escape ignored. */
	closeTo?: string
	/** Close in place instead of navigating (a dialog a click opened). */
	onClose?: () => void
	/** A dialog of steps: when this changes (the next step), the focus starts again as on opening. */
	step?: string | number
	size?: 'small' | 'medium' | 'large'
	className?: string
	children: ReactNode
}) {
	const { title, closeTo, onClose, step, size = 'medium', className, children } = props
	const ref = useRef<HTMLDialogElement>(null)
	const heading = useRef<HTMLHeadingElement>(null)
	const titleId = useId()
	const navigate = useNavigate()
	const dismissible = closeTo !== undefined || onClose !== undefined
	const dismiss = () =>
		onClose
			? onClose()
			: closeTo !== undefined
				? void navigate(closeTo, { preventScrollReset: true })
				: undefined

	useLayoutEffect(() => {
		const dialog = ref.current
		if (!dialog) return
		const opener = document.activeElement
		if (!dialog.matches(':modal')) {
			// Rendered open (server markup, or the first client render): reopen it as a modal.
			if (dialog.open) dialog.close()
			dialog.showModal()
		}
		focusStart(dialog, heading.current)
		return () => {
			// Still modal here (React runs this before it removes the element), so the page is still
			// inert: close first, or the opener cannot take the focus.
			if (dialog.open) dialog.close()
			if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected)
				opener.focus({ preventScroll: true })
		}
	}, [])
	const shownStep = useRef(step)
	useEffect(() => {
		if (shownStep.current === step || !ref.current) return
		shownStep.current = step
		focusStart(ref.current, heading.current)
	}, [step])

	return (
		<dialog
			ref={ref}
			open
			aria-labelledby={titleId}
			className={['ui-dialog', `ui-dialog--${size}`, className].filter(Boolean).join(' ')}
			onCancel={(event) => {
				// Escape: the parent closes (navigation or state), so the dialog leaves with its page state.
				event.preventDefault()
				if (dismissible) dismiss()
			}}
			onClose={(event) => {
				// Closed without a cancel event (the browser may skip it) or by a `method="dialog"` form;
				// a close queued by the reopening above arrives while it is open again, and is ignored.
				const dialog = event.currentTarget
				if (dialog.open) return
				if (dismissible) dismiss()
				else dialog.showModal()
			}}
		>
			<header className="ui-dialog__header">
				<h2 id={titleId} ref={heading} tabIndex={-1} className="ui-dialog__title">
					{title}
				</h2>
				{closeTo !== undefined ? (
					<DialogContext.Provider value={{ closeTo, onClose }}>
						<DialogClose
							className="ui-dialog__close"
							aria-label={typeof title === 'string' ? `Close ${title}` : 'Close'}
						>
							<Icon name="close" />
						</DialogClose>
					</DialogContext.Provider>
				) : null}
			</header>
			{closeTo !== undefined ? (
				<DialogContext.Provider value={{ closeTo, onClose }}>{children}</DialogContext.Provider>
			) : (
				children
			)}
		</dialog>
	)
}

/** Where the focus starts: the control marked `data-autofocus`, else the heading. */
function focusStart(dialog: HTMLDialogElement, heading: HTMLElement | null) {
	const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? heading
	first?.focus()
}

const DialogContext = createContext<{ closeTo: string; onClose?: () => void } | null>(null)

/**
 * A link that closes the dialog around it ('Cancel', 'No', 'Close'): without JavaScript it goes
 * to the dialog's `closeTo`; with an in-place dialog it closes without navigating.
 */
export function DialogClose(props: {
	children: ReactNode
	className?: string
	'aria-label'?: string
}) {
	const context = useContext(DialogContext)
	if (!context) throw new Error('DialogClose is used outside a Dialog')
	const { closeTo, onClose } = context
	return (
		<Link
			to={closeTo}
			preventScrollReset
			className={props.className ?? 'ui-button ui-button--secondary'}
			aria-label={props['aria-label']}
			onClick={(event: MouseEvent) => {
				if (!onClose) return
				event.preventDefault()
				onClose()
			}}
		>
			{props.children}
		</Link>
	)
}

/** A dialog form's buttons: its submit (disabled while the post runs) and the link that closes the dialog. */
export function DialogActions({
	submit,
	cancel,
	busy,
}: {
	submit: string
	cancel: string
	busy: boolean
}) {
	return (
		<div className="dialog-actions">
			<Button type="submit" variant="primary" disabled={busy}>
				{submit}
			</Button>
			<DialogClose>{cancel}</DialogClose>
		</div>
	)
}
