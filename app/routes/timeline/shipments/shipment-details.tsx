import type { Camelize } from '~/lib/camelize'
import { formatEventTime } from '~/lib/dates'
import { formatAttribute } from '~/lib/timeline/attributes'
import { withParams } from '~/lib/timeline/url'
import type { ShipmentDetailsResponse } from '#contracts/timeline'
import { shipmentStatusLabel } from '#contracts/shipment-rules'
import { Dialog } from '~/components/ui/dialog'
import { Skeleton } from '~/components/ui/skeleton'
import { useTimelinePart, type PartRead } from '~/lib/timeline/parts'
import { addressLines } from '~/components/timeline/types'

export type ShipmentDetails = Camelize<ShipmentDetailsResponse['shipment']>

/**
 * The modal 'Shipment Details' (002 §2 "Side widgets", §3 "Shipment details"), opened by `?shipment=`
 * (Close link, Escape with JavaScript); service type needs a flag that does not exist yet, so it stays hidden.
 */
export function ShipmentDetailsPanel({ fromPage, search }: { fromPage: PartRead<ShipmentDetails | null> | undefined; search: string }) {
	const shipment = useTimelinePart('shipments', fromPage, search)
	if (shipment === null) return null
	return (
		<Dialog title="Shipment Details" closeTo={withParams(search, { shipment: null })} className="shipment-details">
			{shipment === undefined ? <Skeleton label="Loading the shipment…" /> : <ShipmentFacts shipment={shipment} />}
		</Dialog>
	)
}

function ShipmentFacts({ shipment }: { shipment: ShipmentDetails }) {
	const when = (at: string | null, zone?: string | null) => (at ? formatEventTime(at, zone) : 'N/A')
	const rows: [string, string][] = [
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
		['Origin Port', shipment.originPort ?? 'N/A'],
		['Destination Port', shipment.destinationPort ?? 'N/A'],
		...shipment.customAttributes.map((a): [string, string] => [
			a.name,
			formatAttribute(a.value, a.dataType),
		]),
	]
	return (
		<>
			<dl>
				{rows.map(([k, v]) => (
					<div key={k}>
						<dt>{k}</dt>
						<dd>{v}</dd>
					</div>
				))}
			</dl>
			<div className="shipment-parties">
				{(['shipper', 'consignee'] as const).map((who) => (
					<address key={who}>
						<strong>{who === 'shipper' ? 'Shipper' : 'Consignee'}</strong>
						{addressLines(shipment[who]).map((l) => (
							<div key={l}>{l}</div>
						))}
					</address>
				))}
			</div>
		</>
	)
}
