import { Link } from 'react-router'
import type { DashboardVariant } from './variants'

const VIEWS: { id: DashboardVariant; to: string; label: string }[] = [
	{ id: 'tabbed', to: '/dashboard', label: 'Lists' },
	{ id: 'widgets', to: '/dashboard/old', label: 'Widgets' },
	{ id: 'cards', to: '/dashboard/new', label: 'Cards' },
]

/**
 * The dashboard variants as links (ADR 0013: every variant has its URL), under each variant's
 * greeting, so that the landing page leads to the widgets and charts. Only the variants the
 * toggles let open are offered (openVariants).
 */
export function DashboardViews({
	current,
	open,
}: {
	current: DashboardVariant
	open: readonly DashboardVariant[]
}) {
	return (
		<nav aria-label="Dashboard views" className="dash-views">
			{VIEWS.filter((v) => open.includes(v.id)).map((v) => (
				<Link
					key={v.id}
					to={v.to}
					className="dash-toggle__item"
					aria-current={v.id === current ? 'page' : undefined}
				>
					{v.label}
				</Link>
			))}
		</nav>
	)
}
