import { UUID } from '#shared/ids'
import type { ScmClient } from '~/services/scm.server'

/** The Shipment Details modal (`?shipment={id}`); an unknown or foreign id shows no modal. */
export async function loadShipmentPanel(
	scm: ScmClient,
	shipSetId: string,
	shipmentId: string | null,
) {
	if (!shipmentId || !UUID.test(shipmentId)) return null
	return scm.shipSets.shipment(shipSetId, shipmentId).then(
		(r) => r.shipment,
		() => null,
	)
}
