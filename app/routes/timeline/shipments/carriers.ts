import type { Route } from './+types/carriers'
import { requireScm } from '~/services/auth/session.server'
import { rethrowUnlessRefusal } from '../action.server'

/**
 * /timeline/{shipSetId}/shipments/carriers: the carriers the Add Shipment form offers (002 §5),
 * for the form opened by a click. Opened by its URL (`add_shipment`, and without JavaScript) the
 * page reads them itself (loadShipmentCards); a page view that adds no shipment does not ask the
 * API for them (ADR 0039). `carriers` is null when they could not be read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { scm } = await requireScm(request, context)
	try {
		return { carriers: (await scm.shipments.carriers()).carriers }
	} catch (error) {
		rethrowUnlessRefusal(error)
		return { carriers: null }
	}
}
