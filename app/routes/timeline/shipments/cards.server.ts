import type { ShipSet } from '~/lib/timeline/types'
import { CARD_PAGE_SIZE, clampPage, pageCount } from '~/lib/timeline/paging'
import type { ScmClient } from '~/services/scm.server'

/**
 * The Shipments and Related Orders cards' pages (002 §9: 5 a page; `?shipments=`, `?related=`) and
 * the carriers for 'Add Shipment'. Page 1 comes from the timeline payload (it carries every
 * shipment and the first 5 related orders); later pages from the paged API calls of 002 §7.
 */
export async function loadShipmentCards(scm: ScmClient, shipSet: ShipSet, params: URLSearchParams) {
	const shipmentsPage = clampPage(params.get('shipments'), pageCount(shipSet.shipments.length))
	const relatedPage = clampPage(
		params.get('related'),
		pageCount(shipSet.relatedShipSets.totalCount),
	)
	const offset = (page: number) => (page - 1) * CARD_PAGE_SIZE
	const [shipments, related, carriers] = await Promise.all([
		shipmentsPage === 1
			? { items: shipSet.shipments.slice(0, CARD_PAGE_SIZE), total: shipSet.shipments.length }
			: scm.shipments
					.list(shipSet.id, offset(shipmentsPage))
					.then((r) => ({ items: r.shipments, total: r.totalCount })),
		relatedPage === 1
			? { items: shipSet.relatedShipSets.items, total: shipSet.relatedShipSets.totalCount }
			: scm.related
					.list(shipSet.id, offset(relatedPage))
					.then((r) => ({ items: r.relatedShipSets, total: r.totalCount })),
		// The Add Shipment form's carriers when its URL opens it (a click reads them: ./carriers.ts).
		// Without carriers the form still opens and says so; the timeline is not lost for them.
		params.has('add_shipment')
			? scm.shipments.carriers().then(
					(r) => r.carriers,
					() => null,
				)
			: undefined,
	])
	return {
		shipments: { ...shipments, page: shipmentsPage },
		related: { ...related, page: relatedPage },
		carriers,
	}
}
