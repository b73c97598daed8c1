import type { Camelize } from '~/lib/camelize'
import { formatEventTime } from '~/lib/dates'
import { formatAttribute } from './attributes'
import type { ShipmentDetailsResponse } from '#contracts/timeline/timeline'
import { shipmentStatusLabel } from '#contracts/shipments/rules'

export type ShipmentDetails = Camelize<ShipmentDetailsResponse['shipment']>

/**
 * The rows of the modal 'Shipment Details' (002 §3 "Shipment details: carrier, deliveredAt,
 * estimatedDeliveryDate and its timezone, finalMile, weight, weightUnit, shippedAt, shippedAtTz,
 * serviceLevel, serviceType (shown only under a feature flag), …"): 'Service Type' is a row only
 * when the service type toggle is on.
 */
export function shipmentFactRows(
	shipment: ShipmentDetails,
	showServiceType: boolean,
): [string, string][] {
	const when = (at: string | null, zone?: string | null) => (at ? formatEventTime(at, zone) : 'N/A')
	return [
		['Tracking Number', shipment.trackingNumber ?? 'N/A'],
		['Carrier', shipment.carrier?.name ?? 'N/A'],
		['Status', shipmentStatusLabel(shipment.status)],
		['Final Mile', shipment.finalMile ? 'Yes' : 'No'],
		['Shipped', when(shipment.shippedAt, shipment.shippedAtTz)],
		[
			'Estimated Delivery',
			when(shipment.estimatedDeliveryDate, shipment.estimatedDeliveryDateTimezone),
		],
		['ETA', when(shipment.eta, shipment.etaTimezone)],
		['Delivered', when(shipment.deliveredAt)],
		[
			'Weight',
			shipment.weight === null ? 'N/A' : `${shipment.weight} ${shipment.weightUnit ?? ''}`.trim(),
		],
		['Service Level', shipment.serviceLevel ?? 'N/A'],
		...(showServiceType
			? [['Service Type', shipment.serviceType ?? 'N/A'] as [string, string]]
			: []),
		['Origin Port', shipment.originPort ?? 'N/A'],
		['Destination Port', shipment.destinationPort ?? 'N/A'],
		...shipment.customAttributes.map((a): [string, string] => [
			a.name,
			formatAttribute(a.value, a.dataType),
		]),
	]
}
