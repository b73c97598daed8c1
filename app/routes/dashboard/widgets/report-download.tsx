import { data } from 'react-router'
import type { Route } from './+types/report-download'
import { UUID } from '#shared/ids'
import { requireScm } from '~/services/auth/session.server'
import { withCatalogue } from '~/services/errors.server'
import { widgetAccess } from './widgets.server'
import { passThroughAttachment } from '~/services/file-stream.server'

/**
 * /dashboard/old/issues-log/reports/{id}: the Issues Log report the user made (001 §4 "Issues log
 * report"), the API's CSV streamed through as a download. Another user's or an unknown report is
 * the API's 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	if (!UUID.test(params.id)) throw data('Not found', { status: 404 })
	const { user, scm } = await requireScm(request, context)
	if (!(await widgetAccess(context, user))['issues-log']) throw data('Not found', { status: 404 })
	const { data: response } = await withCatalogue(
		request,
		context,
		() => scm.widgets.issuesLogReportDownload(params.id),
		null,
	)
	if (!response) throw data('Not found', { status: 404 })
	return passThroughAttachment(response, 'issues_log_report.csv', 'text/csv; charset=utf-8')
}
