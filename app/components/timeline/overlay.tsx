import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'


/**
 * For a modal opened by URL state: when it closes (Close, Escape or the redirect after a post),
 * the keyboard focus goes back to the link that opened it, which is still the active element when
 * the modal mounts. Opened by a bookmarked URL or without JavaScript, there is no opener to return to.
 */
export function useReturnFocus() {
	useEffect(() => {
		const opener = document.activeElement
		return () => {
			if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true })
		}
	}, [])
}

/**
 * A modal opened by URL state (`?document=`, `?photo=`, `?upload=` …): it reads without
 * JavaScript, its Close is a plain link, and with JavaScript Escape closes it too. Opening it
 * moves the keyboard focus into it (unless a field inside already took it).
 */
export function Overlay({ title, closeTo, children, className }: { title: string; closeTo: string; children: ReactNode; className?: string }) {
	const navigate = useNavigate()
	const titleId = useId()
	const panel = useRef<HTMLElement>(null)
	useReturnFocus()
	useEffect(() => {
		if (panel.current && !panel.current.contains(document.activeElement)) panel.current.focus()
	}, [])
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape') void navigate(closeTo, { preventScrollReset: true })
		}
		window.addEventListener('keydown', onKey)
		return () => window.removeEventListener('keydown', onKey)
	}, [closeTo, navigate])
	return (
		<div className="overlay">
			<section ref={panel} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId} className={`overlay-panel ${className ?? ''}`}>
				<header className="overlay-header">
					<h2 id={titleId}>{title}</h2>
					<Link to={closeTo} preventScrollReset aria-label={`Close ${title}`}>
						Close
					</Link>
				</header>
				{children}
			</section>
		</div>
	)
}
