import { Link } from 'react-router'

type Crumb = { label: string; to?: string }

/** A breadcrumb trail; the last crumb is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
	return (
		<nav aria-label="Breadcrumb" className="breadcrumbs">
			<ol>
				{items.map((item, index) =>
					item.to && index < items.length - 1 ? (
						<li key={item.label}>
							<Link to={item.to} data-analytics="navigate_via_breadcrumbs">
								{item.label}
							</Link>
						</li>
					) : (
						<li key={item.label} aria-current={index === items.length - 1 ? 'page' : undefined}>
							{item.label}
						</li>
					),
				)}
			</ol>
		</nav>
	)
}
