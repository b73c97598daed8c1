import { APIProvider, Map, Marker } from '@vis.gl/react-google-maps'
import { MAP_HEIGHT, SINGLE_ZOOM, type MapPin } from '~/lib/timeline/location'

/**
 * The Location tab's Google map (@vis.gl/react-google-maps), only when GOOGLE_MAPS_API_KEY
 * is configured: "a single location pin, or consignee (C) and shipper (S) pins ... 325 px
 * high with zoom 18 for a single location" (002 §2, §9); two pins are fitted into view
 * (the guest map's route too: every pin it draws is inside it).
 * Client-only: loaded on demand after hydration by LocationTab, which renders the keyless
 * view until then and whenever no key is configured.
 */
export default function LocationMap({
	apiKey,
	pins,
}: {
	apiKey: string
	pins: (MapPin & { lat: number; lng: number })[]
}) {
	const [first] = pins
	if (!first) return null
	const camera =
		pins.length === 1
			? { defaultCenter: { lat: first.lat, lng: first.lng }, defaultZoom: SINGLE_ZOOM }
			: {
					defaultBounds: {
						north: Math.max(...pins.map((p) => p.lat)),
						south: Math.min(...pins.map((p) => p.lat)),
						east: Math.max(...pins.map((p) => p.lng)),
						west: Math.min(...pins.map((p) => p.lng)),
						padding: 40,
					},
				}
	return (
		<APIProvider apiKey={apiKey}>
			<Map
				{...camera}
				style={{ height: MAP_HEIGHT, width: '100%' }}
				gestureHandling="cooperative"
				clickableIcons={false}
			>
				{pins.map((p) => (
					<Marker
						key={p.mark ?? 'pin'}
						position={{ lat: p.lat, lng: p.lng }}
						label={p.mark ?? undefined}
						title={p.title}
					/>
				))}
			</Map>
		</APIProvider>
	)
}
