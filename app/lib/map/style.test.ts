import { describe, expect, it } from 'vitest'
import {
	mapCamera,
	offlineStyle,
	tileStyle,
	MAX_TILE_ZOOM,
	ROUTE_ZOOM,
	SINGLE_ZOOM_OFFLINE,
	SINGLE_ZOOM_WITH_TILES,
} from './style'

// 000 §2 "a map (325 px high; zoom 18 for one location, 4 for a route)"; 002 §9 "Map height 325 px;
// zoom 18 for a single location"; offline by default (a world outline from npm), streets
// to zoom 18 with a configured tile server.

const shipper = { lng: -84.39, lat: 33.75 }
const consignee = { lng: -87.63, lat: 41.88 }
const tiles = {
	tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
	styleUrl: null,
	attribution: '© OpenStreetMap contributors',
}

describe('the map', () => {
	it('offline: land and borders drawn from inline GeoJSON, nothing fetched', () => {
		const style = offlineStyle({
			land: { type: 'FeatureCollection', features: [] },
			borders: { type: 'MultiLineString', coordinates: [] },
		})
		expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'borders'])
		expect(JSON.stringify(style)).not.toMatch(/https?:/)
		expect(style.glyphs).toBeUndefined()
		expect(style.sprite).toBeUndefined()
		// Drawn in the design tokens' colours the page hands it (light or dark theme).
		const dark = offlineStyle(
			{
				land: { type: 'FeatureCollection', features: [] },
				borders: { type: 'MultiLineString', coordinates: [] },
			},
			{ water: '#0b2740', land: '#171f28', border: '#30363d', coast: '#8b949e' },
		)
		expect(dark.layers.find((l) => l.id === 'land')).toMatchObject({
			paint: { 'fill-color': '#171f28', 'fill-outline-color': '#8b949e' },
		})
	})

	it('with a tile URL: one raster layer down to zoom 18, its attribution', () => {
		const style = tileStyle(tiles)
		expect(typeof style).toBe('object')
		const source = (style as Exclude<typeof style, string>).sources.tiles
		expect(source).toMatchObject({
			type: 'raster',
			tiles: [tiles.tileUrl],
			maxzoom: MAX_TILE_ZOOM,
			attribution: tiles.attribution,
		})
		expect(MAX_TILE_ZOOM).toBe(18)
		expect(tileStyle({ ...tiles, styleUrl: 'https://tiles.example.org/style.json' })).toBe(
			'https://tiles.example.org/style.json',
		)
	})

	it('one location: zoom 18 with tiles, the outline’s deepest useful zoom without', () => {
		expect(mapCamera([shipper], { tiles: true })).toEqual({
			center: [shipper.lng, shipper.lat],
			zoom: 18,
		})
		expect(SINGLE_ZOOM_WITH_TILES).toBe(18)
		expect(mapCamera([shipper], { tiles: false })).toEqual({
			center: [shipper.lng, shipper.lat],
			zoom: SINGLE_ZOOM_OFFLINE,
		})
		expect(mapCamera([], { tiles: true })).toBeNull()
	})

	it('a route: fitted around its pins (every pin inside the map), at most zoom 4 when asked', () => {
		// Centred at zoom 4, a shipper and a consignee a continent apart fell outside a 425 px map.
		expect(mapCamera([shipper, consignee], { tiles: false, routeZoom: ROUTE_ZOOM })).toEqual({
			bounds: [
				[consignee.lng, shipper.lat],
				[shipper.lng, consignee.lat],
			],
			maxZoom: 4,
		})
		expect(mapCamera([shipper, consignee], { tiles: true })).toEqual({
			bounds: [
				[consignee.lng, shipper.lat],
				[shipper.lng, consignee.lat],
			],
			maxZoom: 18,
		})
	})
})
