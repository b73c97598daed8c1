import type { ComponentProps, ReactNode } from 'react'

/**
 * A data table that never widens the page: it scrolls inside its own box (which keyboard users
 * can focus and scroll, so it carries a label), the header row staying in view.
 */
export function Table({
	label,
	children,
	className,
	...props
}: ComponentProps<'table'> & { label: string; children: ReactNode }) {
	return (
		<div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
			<table className={['ui-table', className].filter(Boolean).join(' ')} {...props}>
				{children}
			</table>
		</div>
	)
}
