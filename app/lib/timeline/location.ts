/**
 * The Location tab's rules (002 §2 "Right-hand tabs": "Location (map): a single location
 * pin, or consignee (C) and shipper (S) pins; otherwise 'No location available.' The map
 * is 325 px high with zoom 18 for a single location"; §9 "Map height 325 px; zoom 18 for
 * a single location").
 */

export const MAP_HEIGHT = 325
export const SINGLE_ZOOM = 18
export const NO_LOCATION = 'No location available.'

export interface PinPlace {
	name: string
	latitude: number | null
	longitude: number | null
}

export interface MapPin<P extends PinPlace = PinPlace> {
	/** 'C' consignee, 'S' shipper, null for a node's own single location. */
	mark: 'C' | 'S' | null
	title: string
	place: P
}

/**
 * The node's own location as one pin; otherwise, for a Transit node, its shipment's
 * consignee (C) and shipper (S); none means 'No location available.'.
 */
export function locationPins<P extends PinPlace>(
	node: { location: P | null; connectableId: string | null } | null,
	shipments: readonly { id: string; consignee: P | null; shipper: P | null }[],
): MapPin<P>[] {
	if (!node) return []
	if (node.location) return [{ mark: null, title: node.location.name, place: node.location }]
	const shipment = node.connectableId
		? shipments.find((s) => s.id === node.connectableId)
		: undefined
	const pins: MapPin<P>[] = []
	if (shipment?.consignee)
		pins.push({
			mark: 'C',
			title: `Consignee: ${shipment.consignee.name}`,
			place: shipment.consignee,
		})
	if (shipment?.shipper)
		pins.push({ mark: 'S', title: `Shipper: ${shipment.shipper.name}`, place: shipment.shipper })
	return pins
}

/** The pins that have coordinates, with them as lat/lng (what a map can draw). */
export function locatedPins<P extends PinPlace>(
	pins: readonly MapPin<P>[],
): (MapPin<P> & { lat: number; lng: number })[] {
	return pins.flatMap((p) =>
		p.place.latitude === null || p.place.longitude === null
			? []
			: [{ ...p, lat: p.place.latitude, lng: p.place.longitude }],
	)
}

/**
 * Where each located pin sits in a keyless width × height sketch (an equirectangular
 * projection of the pins' bounding box, north up, `pad` from the edges); a lone pin
 * sits in the middle.
 */
export function sketchPoints(
	pins: readonly { lat: number; lng: number }[],
	width: number,
	height: number,
	pad: number,
): { x: number; y: number }[] {
	if (pins.length <= 1) return pins.map(() => ({ x: width / 2, y: height / 2 }))
	const lats = pins.map((p) => p.lat)
	const lngs = pins.map((p) => p.lng)
	const [south, north, west, east] = [
		Math.min(...lats),
		Math.max(...lats),
		Math.min(...lngs),
		Math.max(...lngs),
	]
	const span = Math.max(north - south, east - west, 1e-6)
	const scale = Math.min((width - 2 * pad) / span, (height - 2 * pad) / span)
	const cx = width / 2
	const cy = height / 2
	const round = (v: number) => Math.round(v * 10) / 10
	return pins.map((p) => ({
		x: round(cx + (p.lng - (west + east) / 2) * scale),
		y: round(cy - (p.lat - (south + north) / 2) * scale),
	}))
}
