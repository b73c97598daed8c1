import { useEffect, useRef, useState } from 'react'
import { LngLatBounds, Map as MapLibre, Marker, setWorkerUrl, type MapOptions } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import mapStylesHref from 'maplibre-gl/dist/maplibre-gl.css?url'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import world from 'world-atlas/countries-110m.json'
import {
	mapCamera,
	offlineStyle,
	OUTLINE_TOKENS,
	tileStyle,
	type MapTiles,
	type OutlineColours,
} from '~/lib/map/style'
import { MAP_HEIGHT, type MapPin } from '~/lib/timeline/location'

/**
 * The keyless map (docs/architecture.md rule 7 "maps"): MapLibre GL, loaded only where a map is
 * shown, after hydration (this module is imported lazily by PinsMap). Offline by default: land
 * and borders of the world from world-atlas (Natural Earth 1:110m, shipped in npm, converted
 * from TopoJSON once per page), drawn from inline GeoJSON, so no request leaves the machine;
 * with MAP_TILE_URL or MAP_STYLE_URL the configured tiles instead, down to zoom 18 for one
 * place. Pins are DOM markers (no glyphs needed), hidden from screen readers: the addresses
 * are beside the map as text. When WebGL is missing the map reports it and PinsMap keeps its sketch.
 */

setWorkerUrl(workerUrl)

type Located = MapPin & { lat: number; lng: number }

let geometry: Parameters<typeof offlineStyle>[0] | null = null
/** The outline's GeoJSON (converted once per page), drawn in the design tokens' colours of the page (light or dark). */
function worldOutline(element: HTMLElement) {
	if (!geometry) {
		const topology = world as unknown as Topology<{
			countries: GeometryCollection
			land: GeometryCollection
		}>
		geometry = {
			land: feature(topology, topology.objects.land),
			borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
		}
	}
	const css = getComputedStyle(element)
	const colours = Object.fromEntries(
		Object.entries(OUTLINE_TOKENS).map(([key, [token, fallback]]) => [
			key,
			css.getPropertyValue(token).trim() || fallback,
		]),
	) as unknown as OutlineColours
	return offlineStyle(geometry, colours)
}

export default function MapLibreMap({
	pins,
	routeZoom,
	tiles,
	onFailure,
}: {
	pins: Located[]
	routeZoom?: number
	tiles: MapTiles | null
	onFailure: () => void
}) {
	const container = useRef<HTMLDivElement>(null)
	const [ready, setReady] = useState(false)
	const failed = useRef(onFailure)
	useEffect(() => {
		failed.current = onFailure
	})
	const key = JSON.stringify([pins.map((p) => [p.mark, p.lat, p.lng]), routeZoom, tiles])

	useEffect(() => {
		const element = container.current
		const camera = mapCamera(pins, { tiles: tiles !== null, routeZoom })
		if (!element || !camera) return
		const options: MapOptions = {
			container: element,
			style: tiles ? tileStyle(tiles) : worldOutline(element),
			cooperativeGestures: true,
			attributionControl: { compact: true },
			maxZoom: tiles ? 19 : 8,
			...('bounds' in camera
				? {
						bounds: new LngLatBounds(camera.bounds),
						fitBoundsOptions: { padding: 48, maxZoom: camera.maxZoom },
					}
				: camera),
		}
		let map: MapLibre
		try {
			map = new MapLibre(options)
		} catch {
			failed.current()
			return
		}
		map.on('load', () => setReady(true))
		for (const pin of pins) {
			const el = document.createElement('div')
			el.className = 'map-pin'
			el.textContent = pin.mark ?? ''
			el.title = pin.title
			el.setAttribute('aria-hidden', 'true')
			new Marker({ element: el, anchor: 'bottom' }).setLngLat([pin.lng, pin.lat]).addTo(map)
		}
		return () => map.remove()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the pins, zoom and tiles
	}, [key])

	return (
		<>
			<link rel="stylesheet" href={mapStylesHref} precedence="default" />
			<div
				ref={container}
				className="maplibre-map"
				data-ready={ready ? 'true' : 'false'}
				data-source={tiles ? 'tiles' : 'offline'}
				style={{ height: MAP_HEIGHT }}
			/>
		</>
	)
}
