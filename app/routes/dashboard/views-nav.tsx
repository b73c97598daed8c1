import { Link } from 'react-router'

type DashboardView = 'tabbed' | 'widgets' | 'cards'

const VIEWS: { id: DashboardView; to: string; label: string }[] = [
	{ id: 'tabbed', to: '/dashboard', label: 'Lists' },
	{ id: 'widgets', to: '/dashboard/old', label: 'Widgets' },
	{ id: 'cards', to: '/dashboard/new', label: 'Cards' },
]

/**
 * The dashboard variants as links (ADR 0013: every variant has its URL), under each variant's
 * greeting, so that the landing page leads to the widgets and charts. The card dashboard is
 * offered only where its toggles let it show.
 */
export function DashboardViews({ current, cards }: { current: DashboardView; cards: boolean }) {
	return (
		<nav aria-label="Dashboard views" className="dash-views">
			{VIEWS.filter((v) => v.id !== 'cards' || cards).map((v) => (
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
