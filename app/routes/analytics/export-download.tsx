import { data } from 'react-router'
import type { Route } from './+types/export-download'
import { FreightCostExportQuery } from '#contracts/analytics/analytics'
import { findAnalyticsCategory } from './categories'
import { hasAnalyticsAccess } from '~/services/auth/access'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { readFilters } from './page.server'
import { passThroughAttachment } from '~/services/file-stream.server'

/**
 * /analytics/freight-cost/export?table=month|carrier|lane|conveyance&{the report's filters}: one
 * table of the built-in report as CSV, streamed from the API (cells escaped as the search export's).
 * CORE.ANALYTICS only (000 §6), as the page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const { user, scm } = await requireScm(request, context)
	if (!hasAnalyticsAccess(user.profile.permissions) || !findAnalyticsCategory(params.category))
		throw data('Not found', { status: 404 })
	const url = new URL(request.url)
	const parsed = FreightCostExportQuery.safeParse({
		...readFilters(url),
		table: url.searchParams.get('table') ?? '',
	})
	if (!parsed.success)
		throw data(parsed.error.issues.map((i) => i.message).join(' '), { status: 400 })
	const { data: response } = await withCatalogue(
		request,
		context,
		() => scm.analytics.freightCostExport(parsed.data),
		null,
	)
	if (!response) throw data('Unable to display Analytics, please contact support.', { status: 502 })
	return passThroughAttachment(response, 'freight_cost.csv', 'text/csv; charset=utf-8')
}
