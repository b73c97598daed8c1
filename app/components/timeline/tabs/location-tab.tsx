import { lazy, Suspense, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import {
	locatedPins,
	locationPins,
	NO_LOCATION,
	sketchPoints,
	type MapPin,
	type PinPlace,
} from '~/lib/timeline/location'
import locationStylesHref from '~/styles/location-map.css?url'
import type { MapTiles } from '~/lib/map/style'
import { addressLines, type ShipSet, type TimelineNode } from '~/lib/timeline/types'

const LocationMap = lazy(() => import('../location-map.client'))
const MapLibreMap = lazy(() => import('../maplibre-map.client'))

/**
 * 002 §2 "Location (map): a single location pin, or consignee (C) and shipper (S) pins;
 * otherwise 'No location available.'" (docs/architecture.md rule 7, "maps"). Rendered on the server
 * (and without JavaScript) as an inline SVG sketch of the pins with their addresses as text;
 * once hydrated the map loads over the sketch (002 §9: 325 px high, zoom 18), the addresses
 * staying beside it: Google's with GOOGLE_MAPS_API_KEY, else MapLibre GL — offline over the
 * world outline, or over the tiles of MAP_TILE_URL / MAP_STYLE_URL.
 */
export function LocationTab({
	node,
	shipSet,
	mapsApiKey,
	mapTiles,
	routeZoom,
}: {
	node: TimelineNode | null
	shipSet: Pick<ShipSet, 'shipments'>
	mapsApiKey: string | null
	mapTiles: MapTiles | null
	/** The guest link's map: a route drawn at most at this zoom (000 §9 "zoom … 4 route"). */
	routeZoom?: number
}) {
	return (
		<PinsMap
			pins={locationPins(node, shipSet.shipments)}
			mapsApiKey={mapsApiKey}
			mapTiles={mapTiles}
			routeZoom={routeZoom}
		/>
	)
}

/** What a pin's place needs: its address lines and its coordinates. */
type AddressPlace = NonNullable<Parameters<typeof addressLines>[0]> & PinPlace

/**
 * The pins on a map once the page is hydrated (Google's with a key, else MapLibre's), else the
 * sketch; the addresses as text beside either; 'No location available.' without pins. Shared
 * with the guest view (000 §2 "Guest timeline", whose route MapLibre fits at most at `routeZoom` 4). When
 * MapLibre cannot draw (no WebGL) the sketch stays.
 */
export function PinsMap({
	pins,
	mapsApiKey,
	mapTiles,
	routeZoom,
}: {
	pins: MapPin<AddressPlace>[]
	mapsApiKey: string | null
	mapTiles: MapTiles | null
	routeZoom?: number
}) {
	const hydrated = useHydrated()
	const [mapFailed, setMapFailed] = useState(false)
	if (pins.length === 0) return <p>{NO_LOCATION}</p>
	const located = locatedPins(pins)
	const styles = <link rel="stylesheet" href={locationStylesHref} precedence="default" />
	if (!mapsApiKey && hydrated && located.length > 0 && !mapFailed) {
		return (
			<>
				{styles}
				<div className="location-map" role="region" aria-label="Map">
					<Suspense fallback={<PinSketch pins={located} />}>
						<MapLibreMap
							pins={located}
							routeZoom={routeZoom}
							tiles={mapTiles}
							onFailure={() => setMapFailed(true)}
						/>
					</Suspense>
				</div>
				<PinAddresses pins={pins} />
			</>
		)
	}
	if (!mapsApiKey || !hydrated || located.length === 0) {
		return (
			<>
				{styles}
				<KeylessMap pins={pins} />
			</>
		)
	}
	return (
		<>
			{styles}
			<Suspense fallback={<PinSketch pins={located} />}>
				<div className="location-map" role="region" aria-label="Map">
					<LocationMap apiKey={mapsApiKey} pins={located} />
				</div>
			</Suspense>
			<PinAddresses pins={pins} />
		</>
	)
}

function KeylessMap({ pins }: { pins: MapPin<AddressPlace>[] }) {
	const located = locatedPins(pins)
	return (
		<div className="keyless-map">
			{located.length ? <PinSketch pins={located} /> : null}
			<PinAddresses pins={pins} />
		</div>
	)
}

const SKETCH = { width: 300, height: 160, pad: 28 }

/** The pins drawn where they lie relative to each other, a dashed line for the route. */
function PinSketch({ pins }: { pins: (MapPin & { lat: number; lng: number })[] }) {
	const points = sketchPoints(pins, SKETCH.width, SKETCH.height, SKETCH.pad)
	const label = pins.map((p) => p.title).join('; ')
	return (
		<svg
			className="pin-sketch"
			viewBox={`0 0 ${SKETCH.width} ${SKETCH.height}`}
			role="img"
			aria-label={`Location sketch: ${label}`}
		>
			<rect width={SKETCH.width} height={SKETCH.height} rx="6" className="pin-sketch-ground" />
			{points.length === 2 ? (
				<line
					x1={points[0]!.x}
					y1={points[0]!.y}
					x2={points[1]!.x}
					y2={points[1]!.y}
					className="pin-sketch-route"
				/>
			) : null}
			{pins.map((p, i) => {
				const { x, y } = points[i]!
				return (
					<g key={p.mark ?? 'pin'} transform={`translate(${x} ${y})`}>
						<path
							d="M0 0 C-4 -8 -10 -12 -10 -19 A10 10 0 1 1 10 -19 C10 -12 4 -8 0 0 Z"
							className="pin-sketch-pin"
						/>
						<text y="-15" textAnchor="middle" className="pin-sketch-mark">
							{p.mark ?? '•'}
						</text>
					</g>
				)
			})}
		</svg>
	)
}

function PinAddresses({ pins }: { pins: MapPin<AddressPlace>[] }) {
	return (
		<ul className="location-pins">
			{pins.map((p) => (
				<li key={p.mark ?? 'pin'}>
					{p.mark ? (
						<strong aria-label={p.mark === 'C' ? 'Consignee' : 'Shipper'}>{p.mark} </strong>
					) : null}
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
