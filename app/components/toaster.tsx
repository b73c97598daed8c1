import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Icon } from '~/components/ui/icon'

export interface ToastView {
	type: 'error' | 'info' | 'success' | 'warning'
	message: string
	description?: string
	duration?: number
}

/**
 * Toasts, bottom-right (000 §8): each closes after its duration with
 * JavaScript, or by its close button; without JavaScript it stays until the
 * next page, and has no close button (one that would do nothing). The same title and text twice show once ("no duplicates").
 */
export function Toaster({ toasts }: { toasts: (ToastView | null | undefined)[] }) {
	const unique = dedupe(toasts.filter((t): t is ToastView => !!t))
	if (unique.length === 0) return null
	return (
		<div className="toaster" role="region" aria-label="Notifications">
			{unique.map((t) => (
				<Toast key={`${t.type}:${t.message}:${t.description ?? ''}`} toast={t} />
			))}
		</div>
	)
}

function dedupe(toasts: ToastView[]): ToastView[] {
	const seen = new Set<string>()
	return toasts.filter((t) => {
		const key = `${t.message}\u0000${t.description ?? ''}`
		if (seen.has(key)) return false
		seen.add(key)
		return true
	})
}

function Toast({ toast }: { toast: ToastView }) {
	const [open, setOpen] = useState(true)
	// The same text sent again (a second Unfollow) is a new toast: it opens again.
	const [shown, setShown] = useState(toast)
	if (shown !== toast) {
		setShown(toast)
		setOpen(true)
	}
	const hydrated = useHydrated()
	useEffect(() => {
		const timer = setTimeout(() => setOpen(false), toast.duration ?? 4000)
		return () => clearTimeout(timer)
	}, [toast])
	if (!open) return null
	return (
		<div
			className={`toast toast--${toast.type}`}
			role={toast.type === 'error' ? 'alert' : 'status'}
		>
			<div>
				<strong className="toast__title">{toast.message}</strong>
				{toast.description ? <p className="toast__text">{toast.description}</p> : null}
			</div>
			{hydrated ? (
				<button
					type="button"
					className="toast__close"
					aria-label="Close notification"
					onClick={() => setOpen(false)}
				>
					<Icon name="close" />
				</button>
			) : null}
		</div>
	)
}
