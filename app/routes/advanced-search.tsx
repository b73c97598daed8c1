import type { Route } from './+types/advanced-search'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { pageTitle } from '~/lib/shell-texts'
import { redirect } from 'react-router'
import { headerSearchTarget } from '~/lib/access'
import { requireShellUser } from '~/services/auth.server'


/**
 * /advanced_search (optional query qs_query_string): the filter form and the paged
 * results table (000 section 2, Advanced Search). Placeholder until the search issue.
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle('Advanced Search') }]

export async function loader({ request, context }: Route.LoaderArgs) {
	await requireShellUser(request, context)
	// The header search without JavaScript: "Submitting trims the text ... Empty input is ignored."
	const url = new URL(request.url)
	const query = url.searchParams.get('qs_query_string')
	if (query !== null && query !== query.trim()) {
		const target = headerSearchTarget(query)
		throw redirect(target ?? '/advanced_search')
	}
	return null
}

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
