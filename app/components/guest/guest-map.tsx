import { PinsMap } from '~/components/timeline/tabs/location-tab'
import type { SectionView } from '~/lib/guest/view'
import type { MapTiles } from '~/lib/map/style'

/**
 * The guest map (000 §2 "a map (325 px high; zoom 18 for one location, 4 for a route).
 * 'No location available.' when the location is missing"; §7 "A maps service is embedded
 * for guest maps"): the signed-in Location tab's map — Google's with GOOGLE_MAPS_API_KEY,
 * else MapLibre GL (offline world outline, or the configured tiles), addresses beside it — with a route (shipper S, consignee C) centred at
 * zoom 4 and one place at zoom 18.
 */
export function GuestMap({
	map,
	mapsApiKey,
	mapTiles,
}: {
	map: SectionView['map']
	mapsApiKey: string | null
	mapTiles: MapTiles | null
}) {
	return (
		<div className="guest-map" data-zoom={map?.zoom}>
			<PinsMap
				pins={map?.pins ?? []}
				mapsApiKey={mapsApiKey}
				mapTiles={mapTiles}
				routeZoom={map?.zoom}
			/>
		</div>
	)
}
