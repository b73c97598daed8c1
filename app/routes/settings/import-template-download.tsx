import { data } from 'react-router'
import type { Route } from './+types/import-template-download'
import { TEMPLATES } from '#contracts/ingest/import-columns'
import { requireSettings } from './settings.server'

/** /settings/imports/templates/{orders|events}.csv: the header and one example row of each kind of file. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	await requireSettings(request, context)
	const kind =
		params.kind === 'orders.csv' ? 'orders' : params.kind === 'events.csv' ? 'events' : null
	if (!kind) throw data(null, { status: 404 })
	return new Response(`${TEMPLATES[kind]}\r\n`, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="waymark-${kind}-template.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
