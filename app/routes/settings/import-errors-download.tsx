import { data } from 'react-router'
import type { Route } from './+types/import-errors-download'
import { UUID } from '#shared/ids'
import { ScmError } from '~/services/scm.server'
import { requireSettings } from './settings.server'

/** /settings/imports/{id}/errors.csv: the import's errors file (row, reason, the row's cells), from the API. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const { scm } = await requireSettings(request, context)
	if (!UUID.test(params.id)) throw data(null, { status: 404 })
	try {
		const upstream = await scm.settings.importErrors(params.id)
		const headers = new Headers({
			'Content-Type': 'text/csv; charset=utf-8',
			'Cache-Control': 'private, no-store',
		})
		headers.set(
			'Content-Disposition',
			upstream.headers.get('Content-Disposition') ?? 'attachment; filename="import-errors.csv"',
		)
		return new Response(upstream.body, { status: 200, headers })
	} catch (error) {
		if (error instanceof ScmError && error.status === 404) throw data(null, { status: 404 })
		throw error
	}
}
