import { data, redirect } from 'react-router'
import type { Route } from './+types/category-route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { findAnalyticsCategory } from './categories'
import { pageTitle } from '~/lib/shell-texts'
import { hasAnalyticsAccess } from '~/services/auth/access'
import { requireShellUser } from '~/services/auth/session.server'
import { loadToggles } from '~/services/toggles.server'
import { loadAnalyticsPage } from './page.server'
import { AnalyticsScreen } from './page'
import chartStylesHref from '~/components/chart/chart.css?url'
import analyticsStylesHref from './analytics.css?url'

/**
 * /analytics/{category}: "Analytics (v2); otherwise /analytics" (000 §2) — with the analytics v2
 * toggle off this goes to /analytics (keeping the filters). A category outside the tab strip is a
 * 404; so is the page without CORE.ANALYTICS (000 §6, checked first, whatever the toggle).
 */
export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: chartStylesHref },
	{ rel: 'stylesheet', href: analyticsStylesHref },
]

export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = await requireShellUser(request, context)
	if (!hasAnalyticsAccess(user.profile.permissions)) throw redirect('/404')
	if (!(await loadToggles(context, user.profile.account)).analyticsV2)
		throw redirect(`/analytics${new URL(request.url).search}`)
	const category = findAnalyticsCategory(params.category)
	if (!category) throw data(null, { status: 404 })
	const page = await loadAnalyticsPage(request, context)
	return { category, page, toast: page.toast }
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: pageTitle(data ? `${data.category.label} Analytics` : 'Analytics') },
]

export default function AnalyticsCategory({ loaderData }: Route.ComponentProps) {
	return (
		<AnalyticsScreen
			data={loaderData.page}
			path={`/analytics/${loaderData.category.slug}`}
			category={loaderData.category.slug}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
