import { data } from 'react-router'
import type { Route } from './+types/route'
import { UUID } from '#shared/ids'
import { partKey } from '~/lib/timeline/parts'
import { requireScm } from '~/services/auth/session.server'
import { timelineAction } from '../action.server'
import { shipmentActions } from './shipments.server'
import { loadShipmentPanel } from './shipment-panel.server'

/**
 * /timeline/{shipSetId}/shipments?…: the Shipment Details modal's own read (opened with JavaScript,
 * it reads alone, see useTimelinePart) and the shipments forms' action (../action.server.ts); the
 * page renders a refusal.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	if (!UUID.test(params.shipSetId)) throw data(null, { status: 404 })
	const q = new URL(request.url).searchParams
	return {
		key: partKey('shipments', q),
		data: await loadShipmentPanel(scm, params.shipSetId, q.get('shipment')),
	}
}

export const action = timelineAction(shipmentActions)

export { default } from '../page'
