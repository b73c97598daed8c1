import type { Route } from './+types/advanced-search'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { pageTitle } from '~/lib/shell-texts'

/**
 * /advanced_search (optional query qs_query_string): the filter form and the paged
 * results table (000 section 2, Advanced Search). Placeholder until the search issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Advanced Search') }]

export default function AdvancedSearch() {
	return (
		<>
			<Breadcrumbs
				items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Advanced Search' }]}
			/>
			<h1>Advanced Search</h1>
			<section aria-labelledby="filters-heading">
				<h2 id="filters-heading">Filter Results By:</h2>
			</section>
		</>
	)
}
