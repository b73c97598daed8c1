import type { Route } from './+types/tracking-results'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /tracking/{organization}/{orderNo}: public search results (query sortBy default
 * order_number, orderBy default asc, page default 1). Placeholder until the public
 * tracker issue. React Router hands the params already decoded.
 */
export const meta: Route.MetaFunction = ({ params }) => [
	{ title: pageTitle(`Search Results for ${params.orderNo}`) },
]

export default function TrackingResults({ params }: Route.ComponentProps) {
	return (
		<>
			<Breadcrumbs
				items={[{ label: 'Order Tracker', to: '/tracking' }, { label: 'Search Results' }]}
			/>
			<h1>Search Results for {params.orderNo}</h1>
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
