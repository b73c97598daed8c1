import type { ReactNode } from 'react'

/** What a list or panel says when it has nothing to show (the spec's empty text), with an optional next step. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
	return (
		<div className="empty">
			<p>{children}</p>
			{action}
		</div>
	)
}
