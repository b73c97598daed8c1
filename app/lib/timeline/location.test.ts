import { describe, expect, it } from 'vitest'
import { locatedPins, locationPins, MAP_HEIGHT, SINGLE_ZOOM, sketchPoints } from './location'

const place = (name: string, latitude: number | null, longitude: number | null) => ({
	name,
	latitude,
	longitude,
})
const shipments = [
	{
		id: 's1',
		consignee: place('Memphis DC', 35.1, -90),
		shipper: place('Fremont Factory', 37.5, -122),
	},
]

describe("the Location tab (002 §2 'a single location pin, or consignee (C) and shipper (S) pins; otherwise No location available.')", () => {
	it('a node with a location gets a single pin', () => {
		const pins = locationPins(
			{ location: place('Chicago', 41.9, -87.6), connectableId: 's1' },
			shipments,
		)
		expect(pins.map((p) => p.mark)).toEqual([null])
	})
	it("a Transit node without one gets its shipment's consignee (C) and shipper (S)", () => {
		const pins = locationPins({ location: null, connectableId: 's1' }, shipments)
		expect(pins.map((p) => [p.mark, p.title])).toEqual([
			['C', 'Consignee: Memphis DC'],
			['S', 'Shipper: Fremont Factory'],
		])
	})
	it('otherwise no pin at all', () => {
		expect(locationPins({ location: null, connectableId: null }, shipments)).toEqual([])
		expect(locationPins(null, shipments)).toEqual([])
	})
	it('only pins with coordinates go on a map', () => {
		const pins = locationPins({ location: null, connectableId: 's1' }, [
			{ ...shipments[0]!, shipper: place('Somewhere', null, 3) },
		])
		expect(locatedPins(pins).map((p) => [p.mark, p.lat, p.lng])).toEqual([['C', 35.1, -90]])
	})
	it('"The map is 325 px high with zoom 18 for a single location" (§9)', () => {
		expect([MAP_HEIGHT, SINGLE_ZOOM]).toEqual([325, 18])
	})
})

describe('the keyless sketch', () => {
	it('puts a lone pin in the middle', () => {
		expect(sketchPoints([{ lat: 1, lng: 2 }], 300, 160, 20)).toEqual([{ x: 150, y: 80 }])
	})
	it('puts two pins north up, west left, inside the padding', () => {
		const [east, west] = sketchPoints(
			[
				{ lat: 35, lng: -90 },
				{ lat: 37, lng: -122 },
			],
			300,
			160,
			20,
		)
		expect(west!.x).toBeLessThan(east!.x)
		expect(west!.y).toBeLessThan(east!.y)
		for (const p of [east!, west!]) {
			expect(p.x).toBeGreaterThanOrEqual(20)
			expect(p.x).toBeLessThanOrEqual(280)
			expect(p.y).toBeGreaterThanOrEqual(20)
			expect(p.y).toBeLessThanOrEqual(140)
		}
	})
})
