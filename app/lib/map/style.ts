import type { StyleSpecification } from 'maplibre-gl'

/**
 * The keyless map's style and camera (docs/architecture.md rule 7 "maps": MapLibre GL over a world
 * outline shipped in npm, no request leaving the machine; a tile server URL when configured).
 * 002 §2/§9 and 000 §2: "325 px high; zoom 18 for one location, 4 for a route". Pure: the
 * client's map component builds its style and camera here; the unit test reads them.
 */

/** The tiles configured for the map (MAP_TILE_URL, MAP_STYLE_URL, MAP_TILE_ATTRIBUTION); null: offline. */
export interface MapTiles {
	/** A raster tile template, {z}/{x}/{y} (a self-hosted or OpenStreetMap-compatible server). */
	tileUrl: string | null
	/** A MapLibre style document (vector tiles with their layers), used instead of tileUrl. */
	styleUrl: string | null
	attribution: string | null
}

/** 002 §9 "zoom 18 for a single location" — with tiles; 000 §2 "4 for a route". */
export const SINGLE_ZOOM_WITH_TILES = 18
export const ROUTE_ZOOM = 4
/**
 * Without tiles the world outline (Natural Earth 1:110m) has nothing to show past this zoom:
 * a single place is shown here, its address beside the map.
 */
export const SINGLE_ZOOM_OFFLINE = 5
/** The deepest zoom a tile server is asked for. */
export const MAX_TILE_ZOOM = 18

const OFFLINE_ATTRIBUTION = 'Natural Earth'

/** The outline's colours: the design tokens' values, read from the page by the map (a WebGL style needs values). */
export interface OutlineColours {
	water: string
	land: string
	border: string
	coast: string
}

/** The design tokens the outline is drawn with (app/styles/app.css), and their light-theme values when a token is missing. */
export const OUTLINE_TOKENS: Record<keyof OutlineColours, [token: string, fallback: string]> = {
	water: ['--color-info-soft', '#e8f1fb'],
	land: ['--color-surface', '#ffffff'],
	border: ['--color-border', '#d0d7de'],
	coast: ['--color-border-strong', '#7a848f'],
}

const FALLBACK = Object.fromEntries(
	Object.entries(OUTLINE_TOKENS).map(([k, [, v]]) => [k, v]),
) as unknown as OutlineColours

type Geo = GeoJSON.FeatureCollection | GeoJSON.Feature | GeoJSON.Geometry

/** The world outline (land and borders) as a style with no request: both layers are inline GeoJSON. */
export function offlineStyle(
	world: { land: Geo; borders: Geo },
	colours: OutlineColours = FALLBACK,
): StyleSpecification {
	const OUTLINE = colours
	return {
		version: 8,
		sources: {
			land: { type: 'geojson', data: world.land, attribution: OFFLINE_ATTRIBUTION },
			borders: { type: 'geojson', data: world.borders },
		},
		layers: [
			{ id: 'water', type: 'background', paint: { 'background-color': OUTLINE.water } },
			{
				id: 'land',
				type: 'fill',
				source: 'land',
				paint: { 'fill-color': OUTLINE.land, 'fill-outline-color': OUTLINE.coast },
			},
			{
				id: 'borders',
				type: 'line',
				source: 'borders',
				paint: { 'line-color': OUTLINE.border, 'line-width': 0.8 },
			},
		],
	}
}

/** The configured tiles as a style: the style document as it is, or the raster template as one layer to zoom 18. */
export function tileStyle(tiles: MapTiles): StyleSpecification | string {
	if (tiles.styleUrl) return tiles.styleUrl
	return {
		version: 8,
		sources: {
			tiles: {
				type: 'raster',
				tiles: [tiles.tileUrl!],
				tileSize: 256,
				maxzoom: MAX_TILE_ZOOM,
				attribution: tiles.attribution ?? undefined,
			},
		},
		layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
	}
}

interface LngLat {
	lng: number
	lat: number
}

type MapCamera =
	| { center: [number, number]; zoom: number }
	| { bounds: [[number, number], [number, number]]; maxZoom: number }

/**
 * Where the map looks: one place at zoom 18 (5 offline); a route (shipper, consignee, node)
 * fitted around its pins, so every pin drawn is inside the map, zoomed in at most to
 * `routeZoom` when asked (the guest map: 000 §9 "zoom … 4 route"), else to the single zoom.
 */
export function mapCamera(
	points: readonly LngLat[],
	opts: { tiles: boolean; routeZoom?: number },
): MapCamera | null {
	const [first] = points
	if (!first) return null
	const single = opts.tiles ? SINGLE_ZOOM_WITH_TILES : SINGLE_ZOOM_OFFLINE
	if (points.length === 1) return { center: [first.lng, first.lat], zoom: single }
	const lngs = points.map((p) => p.lng)
	const lats = points.map((p) => p.lat)
	return {
		bounds: [
			[Math.min(...lngs), Math.min(...lats)],
			[Math.max(...lngs), Math.max(...lats)],
		],
		maxZoom: Math.min(opts.routeZoom ?? single, single),
	}
}
