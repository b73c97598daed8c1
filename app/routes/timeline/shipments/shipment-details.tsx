import { withParams } from '~/lib/timeline/url'
import { shipmentFactRows, type ShipmentDetails } from '~/lib/timeline/shipment-facts'
import { Dialog } from '~/components/ui/dialog'
import { Skeleton } from '~/components/ui/skeleton'
import { useTimelinePart, type PartRead } from '~/lib/timeline/parts'
import { addressLines } from '~/lib/timeline/types'

export type { ShipmentDetails }

/**
 * The modal 'Shipment Details' (002 §2 "Side widgets", §3 "Shipment details"), opened by `?shipment=`
 * (Close link, Escape with JavaScript); 'Service Type' shows when its toggle is on (see shipmentFactRows).
 */
export function ShipmentDetailsPanel({
	fromPage,
	search,
	serviceType,
}: {
	fromPage: PartRead<ShipmentDetails | null> | undefined
	search: string
	serviceType: boolean
}) {
	const shipment = useTimelinePart('shipments', fromPage, search)
	if (shipment === null) return null
	return (
		<Dialog
			title="Shipment Details"
			closeTo={withParams(search, { shipment: null })}
			className="shipment-details"
		>
			{shipment === undefined ? (
				<Skeleton label="Loading the shipment…" />
			) : (
				<ShipmentFacts shipment={shipment} serviceType={serviceType} />
			)}
		</Dialog>
	)
}

function ShipmentFacts({
	shipment,
	serviceType,
}: {
	shipment: ShipmentDetails
	serviceType: boolean
}) {
	const rows = shipmentFactRows(shipment, serviceType)
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
