import { GUEST_MAP_HEIGHT, guestTexts, type MapView } from '~/lib/guest/restricted'
import type { MapPlace } from '~/lib/guest/view'

/**
 * The guest map (000 §2 "a map (325 px high; zoom 18 for one location, 4 for a route).
 * 'No location available.' when the location is missing"). Keyless, like the signed-in
 * Location tab: the places as addresses, shipper (S) and consignee (C) for a route, in the
 * map's 325 px box; the zoom the keyed map would use rides on data-zoom.
 */
export function GuestMap({ map }: { map: MapView<MapPlace> | null }) {
	if (!map) return <p className="empty">{guestTexts.noLocation}</p>
	return (
		<figure className="guest-map" style={{ minHeight: GUEST_MAP_HEIGHT }} data-zoom={map.zoom} aria-label="Map">
			<ul className="guest-map__pins">
				{map.points.map((p) => (
					<li key={p.mark ?? 'pin'}>
						{p.mark ? <strong aria-label={p.mark === 'C' ? 'Consignee' : 'Shipper'}>{p.mark} </strong> : null}
						<address>
							{p.place.lines.map((line) => (
								<div key={line}>{line}</div>
							))}
						</address>
					</li>
				))}
			</ul>
		</figure>
	)
}
