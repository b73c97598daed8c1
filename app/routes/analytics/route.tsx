import { redirect } from 'react-router'
import type { Route } from './+types/route'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DEFAULT_ANALYTICS_CATEGORY } from './categories'
import { hasAnalyticsAccess } from '~/services/auth/access'
import { pageTitle } from '~/lib/shell-texts'
import { requireShellUser } from '~/services/auth/session.server'
import { loadToggles } from '~/services/toggles.server'
import { loadAnalyticsPage } from './page.server'
import { AnalyticsScreen } from './page'
import chartStylesHref from '~/components/chart/chart.css?url'
import analyticsStylesHref from './analytics.css?url'

/**
 * /analytics: "Redirects to /analytics/freight-cost when the analytics v2 toggle is on" (000 §2),
 * keeping the filters. With the toggle off, the analytics page itself, without the v2 tab strip.
 * "Analytics requires CORE.ANALYTICS; without it the user goes to /404." (000 §6)
 */
export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: chartStylesHref },
	{ rel: 'stylesheet', href: analyticsStylesHref },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const user = await requireShellUser(request, context)
	if (!hasAnalyticsAccess(user.profile.permissions)) throw redirect('/404')
	if ((await loadToggles(context, user.profile.account)).analyticsV2) {
		throw redirect(`/analytics/${DEFAULT_ANALYTICS_CATEGORY}${new URL(request.url).search}`)
	}
	const page = await loadAnalyticsPage(request, context)
	return { page, toast: page.toast }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Analytics') }]

export default function Analytics({ loaderData }: Route.ComponentProps) {
	return <AnalyticsScreen data={loaderData.page} path="/analytics" category={null} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
