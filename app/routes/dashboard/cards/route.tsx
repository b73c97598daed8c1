import { data, redirect, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { AnalyticsEvents } from '~/components/analytics-events'
import type { Route } from './+types/route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { enabledCards, loadCard, loadChoices, type CardScope } from './cards.server'
import { CarrierPerformanceCard } from './carrier-performance-card'
import { OrderExceptionsCard } from './order-exceptions-card'
import { OrderListsCard } from './order-lists-card'
import { OverviewCard } from './overview-card'
import { TaggedCommentsCard } from './tagged-comments-card'
import { greeting } from '../format'
import { cardDashboardShown, cardsRereads } from './cards'
import { showsIssuesLog } from '../widgets/widget-page'
import { pageTitle } from '~/lib/shell-texts'
import { requireScm } from '~/services/auth/session.server'
import { readForm } from '~/services/form.server'
import { addTaggedComment } from './tagged-comments.server'
import { loadToggles } from '~/services/toggles.server'
import { DashboardViews } from '../views-nav'
import { openVariants } from '../variants'
import chartStyles from '~/components/chart/chart.css?url'
import dashboardStyles from '../dashboard.css?url'
import cardStyles from './cards.css?url'

/**
 * /dashboard/new: the card dashboard (001 §1, §2 "Newer card dashboard widgets"), only when the
 * dashboard v3 toggle is on and the redirect toggle is off, else /dashboard (000 §2, ADR 0013).
 * Greeting; Overview, Order Exceptions, Carrier Performance and Tagged Comments, each behind its
 * own toggle; the Following and Recently Viewed list. Each card's filters and pages are URL
 * parameters of its own prefix: a document load reads every card; with JavaScript a change reads
 * only that card (`/dashboard/cards/{card}`, see `shouldRevalidate` and `useCard`). A Tagged
 * Comments card takes a comment (the page's action).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dashboard') }]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: chartStyles },
	{ rel: 'stylesheet', href: dashboardStyles },
	{ rel: 'stylesheet', href: cardStyles },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	const toggles = await loadToggles(context, user.profile.account)
	if (!cardDashboardShown(toggles)) throw redirect('/dashboard')
	const q = new URL(request.url).searchParams
	const scope: CardScope = { scm, user, toggles, context }
	const enabled = enabledCards(toggles)
	const [choices, overview, exceptions, carriers, tagged, lists] = await Promise.all([
		loadChoices(scope, enabled),
		enabled.overview ? loadCard(scope, 'overview', q) : undefined,
		enabled.exceptions ? loadCard(scope, 'exceptions', q) : undefined,
		enabled.carriers ? loadCard(scope, 'carriers', q) : undefined,
		enabled.tagged ? loadCard(scope, 'tagged', q) : undefined,
		loadCard(scope, 'lists', q),
	])
	return {
		greeting: greeting(user.profile),
		enabled,
		showIssuesLog: showsIssuesLog(toggles.issuesLog, user.profile.subscribed_services),
		analyticsEvents: toggles.analyticsEventsDashboard,
		variants: openVariants(toggles),
		choices,
		cards: { overview, exceptions, carriers, tagged, lists },
	}
}

/**
 * A comment from a Tagged Comments card (001 §8), the page's one post; while the page shows the card
 * only. Its redirect reads the page again (the auto-follow on comment may change Following).
 */
export async function action({ request, context }: Route.ActionArgs) {
	const { user, scm } = await requireScm(request, context)
	const toggles = await loadToggles(context, user.profile.account)
	if (!cardDashboardShown(toggles) || !enabledCards(toggles).tagged)
		throw data('Not found', { status: 404 })
	return addTaggedComment({
		request,
		context,
		scm,
		user,
		userMentions: toggles.userMentions,
		form: await readForm(request),
	})
}

/** A change of a card's own parameters (with JavaScript) reads that card alone, not the page. */
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	if ((!formMethod || formMethod.toUpperCase() === 'GET') && !cardsRereads(currentUrl, nextUrl))
		return false
	return defaultShouldRevalidate
}

export default function DashboardNew({ loaderData }: Route.ComponentProps) {
	const { enabled, cards, choices } = loaderData
	const { search } = useLocation()
	return (
		<div className="card-dashboard">
			<AnalyticsEvents surface="dashboard" enabled={loaderData.analyticsEvents} />
			<h1>{loaderData.greeting}</h1>
			<DashboardViews current="cards" open={loaderData.variants} />
			<div className="card-dashboard__grid">
				{enabled.overview ? (
					<OverviewCard read={cards.overview} search={search} orderTypes={choices.orderTypes} />
				) : null}
				{enabled.exceptions ? (
					<OrderExceptionsCard
						read={cards.exceptions}
						search={search}
						showIssuesLog={loaderData.showIssuesLog}
						choices={choices}
					/>
				) : null}
				{enabled.carriers ? (
					<CarrierPerformanceCard
						read={cards.carriers}
						search={search}
						carriers={choices.carriers}
					/>
				) : null}
				{enabled.tagged ? <TaggedCommentsCard read={cards.tagged} search={search} /> : null}
				<OrderListsCard read={cards.lists} search={search} />
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
