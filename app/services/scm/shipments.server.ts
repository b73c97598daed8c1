import { RelatedApi } from '#api/shipments/related'
import { ShipmentsApi } from '#api/shipments/shipments'
import { SIDE_PAGE_SIZE, type AddShipmentBody } from '#contracts/shipments/shipments'
import type { ScmCaller } from './client.server'

/** An order's shipments and related orders, and the carriers to pick from (002 §7). */
export function shipmentCalls({ call }: ScmCaller) {
	return {
		/** One page (5) of an order's shipments. */
		list: (id: string, offset: number) =>
			call(ShipmentsApi.list, { params: { id }, query: { offset, limit: SIDE_PAGE_SIZE } }),
		/** Carriers grouped into air, ground and ocean. */
		carriers: () => call(ShipmentsApi.carriers, {}),
		add: (id: string, body: AddShipmentBody) => call(ShipmentsApi.add, { params: { id }, body }),
		/** Close or cancel: a refusal throws ScmError with the API's errorMessage. */
		act: (id: string, shipmentId: string, action: 'close' | 'cancel') =>
			call(ShipmentsApi.act, { params: { id, shipmentId, action } }),
		remove: (id: string, shipmentId: string) =>
			call(ShipmentsApi.remove, { params: { id, shipmentId } }),
	}
}

export function relatedCalls({ call }: ScmCaller) {
	return {
		/** One page (5) of an order's related orders. */
		list: (id: string, offset: number) =>
			call(RelatedApi.list, { params: { id }, query: { offset, limit: SIDE_PAGE_SIZE } }),
		add: (id: string, orderNumber: string) =>
			call(RelatedApi.add, {
				params: { id },
				body: { related_ship_set: { ship_set_name: orderNumber } },
			}),
		remove: (id: string, relatedShipSetId: string) =>
			call(RelatedApi.remove, { params: { id, relatedShipSetId } }),
	}
}
