import { data, redirect } from 'react-router'
import type { Route } from './+types/analytics-category'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Tabs } from '~/components/ui/tabs'
import { analyticsCategories, findAnalyticsCategory } from '~/lib/analytics-categories'
import { pageTitle } from '~/lib/shell-texts'
import { hasAnalyticsAccess } from '~/lib/access'
import { requireShellUser } from '~/services/auth.server'

/**
 * /analytics/{category}: the analytics report (v2). A category outside the tab strip is
 * a 404. The report embed, the toggle and the CORE.ANALYTICS guard arrive with later issues.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const user = await requireShellUser(request, context)
	if (!hasAnalyticsAccess(user.profile.permissions)) throw redirect('/404')
	const category = findAnalyticsCategory(params.category)
	if (!category) throw data(null, { status: 404 })
	return { category }
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: pageTitle(data ? `${data.category.label} Analytics` : 'Analytics') },
]

export default function AnalyticsCategory({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<h1>Analytics</h1>
			<Tabs
				label="Analytics reports"
				items={analyticsCategories.map((category) => ({
					to: `/analytics/${category.slug}`,
					label: category.label,
					current: category.slug === loaderData.category.slug,
				}))}
			/>
			<section aria-label={loaderData.category.label} className="report" />
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
