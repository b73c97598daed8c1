import { addressLines, type ShipSet, type TimelineNode } from '../types'

/**
 * 002 §2 "Location (map): a single location pin, or consignee (C) and shipper (S) pins;
 * otherwise 'No location available.'" Keyless: the addresses as text.
 */
export function LocationTab({ node, shipSet }: { node: TimelineNode | null; shipSet: ShipSet }) {
	const shipment = node?.connectableId ? shipSet.shipments.find((s) => s.id === node.connectableId) : undefined
	const pins = node?.location
		? [{ mark: null, place: node.location }]
		: [
				{ mark: 'C', place: shipment?.consignee ?? null },
				{ mark: 'S', place: shipment?.shipper ?? null },
			].filter((p) => p.place)
	if (pins.length === 0) return <p>No location available.</p>
	return (
		<ul className="location-pins">
			{pins.map((p) => (
				<li key={p.mark ?? 'pin'}>
					{p.mark ? <strong aria-label={p.mark === 'C' ? 'Consignee' : 'Shipper'}>{p.mark} </strong> : null}
					<address>
						{addressLines(p.place).map((l) => (
							<div key={l}>{l}</div>
						))}
					</address>
				</li>
			))}
		</ul>
	)
}
