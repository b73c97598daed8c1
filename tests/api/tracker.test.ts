import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TimelineResponse } from '../../server/timeline/timeline.contract'
import {
	MeasurementsResponse,
	MeasurementTypesResponse,
	ThresholdSettingsResponse,
	TrackingGroupDriversResponse,
	TrackingGroupItemsResponse,
} from '../../server/sensors/tracker.contract'
import { createHarness, type Harness } from './harness'

/** The tracking API {api2} (002 §7) and its permission TRACKER.DEFAULT (002 §5, §6). */

let h: Harness
let olivia: string
let victor: string
let gary: string
let group: string
let pallet: string
const BASE = '/api/tracker/1.0'
const groupPaths = () => [
	`${BASE}/tracking_groups/${group}/tracking_group_drivers`,
	`${BASE}/tracking_groups/${group}/tracking_group_items`,
	`${BASE}/tracking_groups/${group}/tracking_group_threshold_settings`,
	`${BASE}/tracking_groups/${group}/measurements?measurable_id=${pallet}&type=temperature&last=4`,
]

beforeAll(async () => {
	h = await createHarness()
	olivia = await h.tokenFor('olivia@acme.test')
	victor = await h.tokenFor('victor@acme.test')
	gary = await h.tokenFor('gary@globex.test')
	const res = await h.call(`/api/web/ship_sets/${await h.orderId('acme', 'SO-1001')}/timeline`, {
		token: olivia,
		supplyChain: 'acme',
	})
	const nodes = TimelineResponse.parse(res.body).ship_set.nodes
	// demo-data.md: SO-1001 has "a tracking group with a temperature breach", on its UPS Transit node.
	const tracked = nodes.filter((n) => n.tracking_group_id)
	expect(tracked.map((n) => [n.building_type, n.final_mile])).toEqual([['Transit', false]])
	group = tracked[0]!.tracking_group_id!
	const items = TrackingGroupItemsResponse.parse(
		(
			await h.call(`${BASE}/tracking_groups/${group}/tracking_group_items`, {
				token: olivia,
				supplyChain: 'acme',
			})
		).body,
	)
	pallet = items.tracking_group_items[0]!.measurable_id
})
afterAll(async () => {
	await h?.close()
})

const asOlivia = (path: string) => h.call(path, { token: olivia, supplyChain: 'acme' })
const measurements = (query: string) =>
	asOlivia(`${BASE}/tracking_groups/${group}/measurements?measurable_id=${pallet}&${query}`)

describe('GET /api/tracker/1.0/measurement_types', () => {
	it('lists every type with its unit', async () => {
		const res = await asOlivia(`${BASE}/measurement_types`)
		expect(res.status).toBe(200)
		const { measurement_types } = MeasurementTypesResponse.parse(res.body)
		const temperature = measurement_types.find((t) => t.code === 'temperature')
		expect(temperature).toMatchObject({
			name: 'Temperature',
			measurement_type_uoms: [{ code: 'degrees_celsius', display_name: '°C' }],
		})
		expect(measurement_types.map((t) => t.code)).toEqual(
			expect.arrayContaining(['humidity', 'light', 'pressure', 'shock', 'tilt']),
		)
	})
})

describe('a tracking group of SO-1001', () => {
	it('answers its driver, its pallet with references, and min and max per measurement type', async () => {
		const drivers = TrackingGroupDriversResponse.parse(
			(await asOlivia(`${BASE}/tracking_groups/${group}/tracking_group_drivers`)).body,
		)
		expect(drivers.tracking_group_drivers).toEqual([
			expect.objectContaining({ name: 'Luis Ortega', license_plate: 'KY-4417' }),
		])
		const items = TrackingGroupItemsResponse.parse(
			(await asOlivia(`${BASE}/tracking_groups/${group}/tracking_group_items`)).body,
		)
		expect(items.tracking_group_items).toEqual([
			expect.objectContaining({
				item_type: 'pallet',
				measurable_id: pallet,
				tracking_group_item_references: [
					expect.objectContaining({ reference_type: 'DeliveryID', value: 'DLV-1001-1' }),
				],
			}),
		])
		const thresholds = ThresholdSettingsResponse.parse(
			(await asOlivia(`${BASE}/tracking_groups/${group}/tracking_group_threshold_settings`)).body,
		)
		expect(
			thresholds.tracking_group_threshold_settings.map((t) => [
				t.measurement_type_code,
				t.min,
				t.max,
			]),
		).toEqual([
			['humidity', 20, 70],
			['temperature', 2, 8],
		])
	})

	it('answers the newest `last` readings, oldest first', async () => {
		const res = await measurements('type=temperature&last=4')
		expect(res.status).toBe(200)
		const { measurements: m } = MeasurementsResponse.parse(res.body)
		expect(m).toHaveLength(4)
		const times = m.map((r) => Date.parse(r.measure_at))
		expect([...times].sort((a, b) => a - b)).toEqual(times)
		// Hourly from 2026-10-19T22:00Z for 192 hours: the newest is 191 hours later.
		expect(m.at(-1)!.measure_at).toBe('2026-10-27T21:00:00.000Z')
	})

	it('answers every reading of a date range, inclusive: the temperature breach above 8 °C', async () => {
		const res = await measurements(
			'type=temperature&measure_date_from=2026-10-23T13:00:00Z&measure_date_to=2026-10-23T19:00:00Z',
		)
		expect(res.status).toBe(200)
		const values = MeasurementsResponse.parse(res.body).measurements.map((r) => r.value)
		expect(values).toHaveLength(7)
		expect(values.slice(1, 6)).toEqual([8.9, 10.4, 11.2, 10.1, 8.6])
		const all = MeasurementsResponse.parse(
			(await measurements('type=humidity&measure_date_from=2026-01-01&measure_date_to=2027-01-01'))
				.body,
		)
		expect(all.measurements).toHaveLength(192)
	})

	it('answers an empty list for a type or an item without readings', async () => {
		expect(
			MeasurementsResponse.parse((await measurements('type=shock&last=4')).body).measurements,
		).toEqual([])
		const other = await asOlivia(
			`${BASE}/tracking_groups/${group}/measurements?measurable_id=PLT-NONE&type=temperature&last=4`,
		)
		expect(MeasurementsResponse.parse(other.body).measurements).toEqual([])
	})

	it.each([
		['type=temperature', 'last: give last, or measure_date_from and measure_date_to'],
		[
			'type=temperature&last=4&measure_date_from=2026-10-23&measure_date_to=2026-10-24',
			'last: give last or a date range, not both',
		],
		[
			'type=temperature&measure_date_from=2026-10-23',
			'measure_date_from: measure_date_from and measure_date_to go together',
		],
		[
			'type=temperature&measure_date_from=2026-10-24&measure_date_to=2026-10-23',
			'measure_date_from: must not be after measure_date_to',
		],
		[
			'type=temperature&measure_date_from=yesterday&measure_date_to=2026-10-23',
			'measure_date_from: Invalid date',
		],
		['type=temperature&last=0', 'last:'],
		['type=kelvin&last=4', 'type: unknown measurement type'],
	])('refuses %s with 400', async (query, message) => {
		const res = await measurements(query)
		expect(res.status).toBe(400)
		expect(String(res.body?.error)).toContain(message)
	})

	it('refuses a malformed tracking group id with 400 and an unknown one with 404', async () => {
		expect((await asOlivia(`${BASE}/tracking_groups/nope/tracking_group_items`)).status).toBe(400)
		const res = await asOlivia(
			`${BASE}/tracking_groups/00000000-0000-4000-8000-000000000000/tracking_group_items`,
		)
		expect(res).toMatchObject({ status: 404, body: { error: 'Tracking group not found' } })
	})
})

describe('who may read sensor data', () => {
	it('refuses Victor, who lacks TRACKER.DEFAULT, on every call with 403', async () => {
		for (const path of [`${BASE}/measurement_types`, ...groupPaths()]) {
			const res = await h.call(path, { token: victor, supplyChain: 'acme' })
			expect(res, path).toMatchObject({
				status: 403,
				body: { error: 'Forbidden: TRACKER.DEFAULT is required' },
			})
		}
	})

	it('answers 404 to Gary of globex for an acme tracking group, although he has TRACKER.DEFAULT', async () => {
		expect(
			(await h.call(`${BASE}/measurement_types`, { token: gary, supplyChain: 'globex' })).status,
		).toBe(200)
		for (const path of groupPaths()) {
			expect((await h.call(path, { token: gary, supplyChain: 'globex' })).status, path).toBe(404)
			expect((await h.call(path, { token: gary, supplyChain: 'acme' })).status, path).toBe(403)
		}
	})

	it('refuses no token, and a guest token, with 401', async () => {
		const guest = await h.tokenFor('olivia@acme.test', { claims: { typ: 'guest' } })
		for (const path of [`${BASE}/measurement_types`, ...groupPaths()]) {
			expect((await h.call(path, { supplyChain: 'acme' })).status, path).toBe(401)
			expect((await h.call(path, { token: guest, supplyChain: 'acme' })).status, path).toBe(401)
		}
	})
})
