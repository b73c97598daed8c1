import { ReferenceApi } from '#api/reference/reference'
import type { ScmCaller } from './client.server'

/** The supply chain's reference lists (000 §7), each sorted by name. */
export function referenceCalls({ call }: ScmCaller) {
	return {
		carrierNames: () => call(ReferenceApi.carrierNames, {}),
		conveyanceTypes: () => call(ReferenceApi.conveyanceTypes, {}),
		tags: () => call(ReferenceApi.tags, {}),
		orderTypes: () => call(ReferenceApi.orderTypes, {}),
		/** Country → state → city tree of order destinations or shipment origins. */
		locations: (level: 'order' | 'shipment') => call(ReferenceApi.locations, { query: { level } }),
	}
}
