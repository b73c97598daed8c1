import type { ReactNode } from 'react'
import { Link } from 'react-router'

interface TabItem {
	to: string
	label: ReactNode
	current: boolean
	key?: string
}

/**
 * Tabs that are links (URL state: a tab can be bookmarked, opened without JavaScript and
 * navigated with the browser's Back): a labelled `nav` whose current tab has `aria-current="page"`.
 */
export function Tabs({
	label,
	items,
	className,
}: {
	label: string
	items: TabItem[]
	className?: string
}) {
	return (
		<nav aria-label={label} className={['ui-tabs', className].filter(Boolean).join(' ')}>
			<ul className="tab-list">
				{items.map((item) => (
					<li key={item.key ?? item.to}>
						<Link to={item.to} aria-current={item.current ? 'page' : undefined} preventScrollReset>
							{item.label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}
