import { driverName, licensePlate, phoneNumber } from './identifiers'
import type { BuiltOrder } from './order-builder'
import type { Reading } from '../../sensors/detection'
import { pushDetectedBreaches } from './breaches'
import { chance, HOUR, int, pick, type Rng } from './random'
import { globalIds } from './reference'
import type { SeedRows } from './rows'

/**
 * Sensor tracking of generated orders: a tracking group on the line-haul
 * shipment with thresholds, readings every two hours and, usually, an excursion
 * outside them (lasting to the latest reading while the shipment is in transit,
 * a few hours otherwise), from which detection makes an ongoing or a
 * historical breach (./breaches.ts).
 */

type SensorCode = 'temperature' | 'humidity' | 'shock' | 'tilt' | 'light' | 'pressure'

/**
 * Each sensor's thresholds (null: none on that side), its usual reading and noise, and a reading
 * during an excursion from one random number r in [0, 1): above the maximum, except pressure,
 * which drops below its minimum (a hold losing pressure in the air).
 */
const SENSORS: Record<
	SensorCode,
	{
		min: number | null
		max: number | null
		base: number
		noise: number
		excursion: (r: number) => number
	}
> = {
	temperature: { min: 2, max: 8, base: 5, noise: 1.2, excursion: (r) => 8.5 + r * 3 },
	humidity: { min: 20, max: 70, base: 45, noise: 6, excursion: (r) => 70.5 + r * 3 },
	shock: { min: 0, max: 2500, base: 300, noise: 200, excursion: (r) => 2900 + r * 900 },
	tilt: { min: null, max: 30, base: 4, noise: 3, excursion: (r) => 35 + r * 40 },
	light: { min: null, max: 500, base: 20, noise: 15, excursion: (r) => 800 + r * 4000 },
	pressure: {
		min: 70_000,
		max: 110_000,
		base: 101_325,
		noise: 800,
		excursion: (r) => 62_000 - r * 6000,
	},
}

/** The second sensor beside temperature. */
const SECOND_SENSORS = ['humidity', 'shock', 'tilt', 'light', 'pressure'] as const

/** A tracking group on the line-haul shipment, readings every 2 hours, and usually a breach. */
export function addSensorTracking(rows: SeedRows, order: BuiltOrder, rng: Rng, now: Date): void {
	const lh = order.lineHaul
	if (!lh) return
	const { draft } = order
	const organizationId = draft.organizationId
	const groupId = draft.childId('tracking_group')
	const end = Math.min(+now, +lh.arrivedAt)
	const ongoing = +now < +lh.arrivedAt
	rows.trackingGroups.push({
		id: groupId,
		organizationId,
		name: `TG-${draft.shipSet.name}`,
		deviceTypeName: pick(rng, ['Sensitech TempTale GEO', 'Roambee BeeBeacon', 'Tive Solo 5G']),
		shipmentId: lh.shipmentId,
		startedAt: lh.shippedAt,
		endedAt: ongoing ? null : lh.arrivedAt,
		createdAt: lh.shippedAt,
	})
	const node = draft.nodes.find((n) => n.id === lh.nodeId)
	if (node) {
		node.trackingGroupId = groupId
		node.source = 'tracker'
	}
	const itemType = pick(rng, ['pallet', 'carton', 'shipset'] as const)
	const shipment = draft.shipments.find((s) => s.id === lh.shipmentId)
	const itemName =
		itemType === 'shipset'
			? draft.shipSet.name
			: itemType === 'pallet'
				? (shipment?.palletNumber ?? 'PLT')
				: (shipment?.cartonNumber ?? 'CTN-1')
	const measurableId = itemType === 'shipset' ? draft.id : itemName
	const itemId = draft.childId('tracking_group_item')
	rows.trackingGroupItems.push({
		id: itemId,
		organizationId,
		trackingGroupId: groupId,
		itemType,
		name: itemName,
		measurableId,
	})
	rows.trackingGroupDrivers.push({
		id: draft.childId('driver'),
		organizationId,
		trackingGroupId: groupId,
		name: driverName(rng),
		phoneNumber: phoneNumber(rng),
		licensePlate: licensePlate(rng),
	})
	// The second sensor takes turns over an organization's tracked orders (in transit and delivered
	// apart), so the ongoing and the historical lists both show every kind (docs/demo-data.md). The
	// draw stays, so the random stream of the orders generated after this one does not move.
	rng()
	const turn =
		rows.trackingGroups.filter(
			(g) => g.organizationId === organizationId && (g.endedAt == null) === ongoing,
		).length - 1
	const sensors: SensorCode[] = ['temperature', SECOND_SENSORS[turn % SECOND_SENSORS.length]!]
	// In transit, the second sensor is out of range more often, so the ongoing list shows every kind.
	const breached = sensors.filter((_, i) =>
		i === 0 ? chance(rng, 0.85) : chance(rng, ongoing ? 0.8 : 0.3),
	)
	const readings: Reading[] = []
	for (const code of sensors) {
		const cfg = SENSORS[code]
		const typeId = globalIds.measurementType(code)
		rows.thresholdSettings.push({
			id: draft.childId('threshold', code),
			organizationId,
			trackingGroupId: groupId,
			measurementTypeId: typeId,
			min: cfg.min,
			max: cfg.max,
		})
		const breachStart = +lh.shippedAt + (end - +lh.shippedAt) * (0.3 + rng() * 0.55)
		const breachHours = int(rng, 2, 8)
		for (let t = +lh.shippedAt, i = 0; t <= end && i < 200; t += 2 * HOUR, i++) {
			let value = cfg.base + (rng() - 0.5) * 2 * cfg.noise
			// Still in transit: the excursion lasts to the latest reading (an ongoing breach);
			// delivered: it ended after a few hours (a historical one).
			const inBreach =
				breached.includes(code) &&
				t >= breachStart &&
				(ongoing || t < breachStart + breachHours * HOUR)
			if (inBreach) value = cfg.excursion(rng())
			value = Math.round(Math.max(0, value) * 100) / 100
			rows.measurements.push({
				organizationId,
				trackingGroupId: groupId,
				measurableId,
				measurementTypeId: typeId,
				measureAt: new Date(t),
				value,
				createdAt: new Date(t),
			})
			readings.push({ code, at: t, value })
		}
	}
	pushDetectedBreaches(
		rows,
		{
			organizationId,
			trackingGroupId: groupId,
			shipmentId: lh.shipmentId,
			item: { id: itemId, itemType, name: itemName, measurableId },
			shipSetIds: [draft.id],
			timezone: order.customer.place.timezone,
			thresholds: new Map(
				sensors.map((code) => [code, { min: SENSORS[code].min, max: SENSORS[code].max }]),
			),
			ids: {
				breach: (n) => draft.childId('breached_order', n),
				summary: (n, code) => draft.childId(`exception_summary-${n}`, code),
			},
		},
		readings,
	)
}
