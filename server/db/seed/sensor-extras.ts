import { driverName, licensePlate, phoneNumber } from './identifiers'
import type { BuiltOrder } from './order-builder'
import { chance, HOUR, int, minutes, pick, type Rng } from './random'
import { globalIds } from './reference'
import type { SensorCode } from './reference-data'
import type { SeedRows } from './rows'

/**
 * Sensor tracking of generated orders: a tracking group on the line-haul
 * shipment with thresholds, readings every two hours and, usually, a breach
 * (ongoing while the shipment is in transit, historical afterwards).
 */

const SENSORS: Record<
	'temperature' | 'humidity' | 'shock',
	{ min: number; max: number; base: number; noise: number }
> = {
	temperature: { min: 2, max: 8, base: 5, noise: 1.2 },
	humidity: { min: 20, max: 70, base: 45, noise: 6 },
	shock: { min: 0, max: 2500, base: 300, noise: 200 },
}

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
	const sensors: (keyof typeof SENSORS)[] = chance(rng, 0.5)
		? ['temperature', 'humidity']
		: ['temperature', 'shock']
	const breached = sensors.filter((_, i) => (i === 0 ? chance(rng, 0.85) : chance(rng, 0.3)))
	const summaries: {
		code: SensorCode
		first: number
		last: number
		count: number
		seconds: number
		peak: number
	}[] = []
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
		let count = 0
		let peak = 0
		for (let t = +lh.shippedAt, i = 0; t <= end && i < 200; t += 2 * HOUR, i++) {
			let value = cfg.base + (rng() - 0.5) * 2 * cfg.noise
			const inBreach =
				breached.includes(code) && t >= breachStart && t < breachStart + breachHours * HOUR
			if (inBreach) {
				value = cfg.max + (code === 'shock' ? 400 + rng() * 900 : 0.5 + rng() * 3)
				count++
				peak = Math.max(peak, value)
			}
			rows.measurements.push({
				id: draft.childId(`m-${code}`, i),
				organizationId,
				trackingGroupId: groupId,
				measurableId,
				measurementTypeId: typeId,
				measureAt: new Date(t),
				value: Math.round(value * 100) / 100,
				createdAt: new Date(t),
			})
		}
		if (count > 0)
			summaries.push({
				code,
				first: breachStart,
				last: breachStart + count * 2 * HOUR,
				count,
				seconds: count * 2 * 3600,
				peak,
			})
	}
	if (summaries.length === 0) return
	const breachedOrderId = draft.childId('breached_order')
	rows.breachedOrders.push({
		id: breachedOrderId,
		organizationId,
		trackingGroupId: groupId,
		shipmentId: lh.shipmentId,
		trackingGroupItemId: itemId,
		itemType,
		itemName,
		measurableId,
		ongoing,
		firstEventAt: minutes(Math.min(...summaries.map((s) => s.first))),
		lastEventAt: minutes(Math.max(...summaries.map((s) => s.last))),
		timezone: order.customer.place.timezone,
		breachCount: summaries.reduce((n, s) => n + s.count, 0),
		totalDurationSeconds: summaries.reduce((n, s) => n + s.seconds, 0),
		createdAt: minutes(Math.min(...summaries.map((s) => s.first))),
	})
	rows.breachedOrderShipSets.push({ organizationId, breachedOrderId, shipSetId: draft.id })
	for (const s of summaries) {
		const cfg = SENSORS[s.code as keyof typeof SENSORS]
		const uom =
			s.code === 'temperature' ? 'degrees_celsius' : s.code === 'humidity' ? 'percent' : 'mg'
		rows.measurementExceptionSummaries.push({
			id: draft.childId('exception_summary', s.code),
			organizationId,
			breachedOrderId,
			measurementTypeId: globalIds.measurementType(s.code),
			sensorTypeCode: s.code,
			firstEventSummary: `${s.code[0]?.toUpperCase()}${s.code.slice(1)} above maximum threshold of ${cfg.max} (peak ${s.peak.toFixed(1)})`,
			firstEventAt: minutes(s.first),
			lastEventAt: minutes(s.last),
			minThresholdValue: cfg.min,
			maxThresholdValue: cfg.max,
			sensorUomCode: uom,
			count: s.count,
			durations: [{ value: s.seconds, type: 'above' }],
		})
	}
}
