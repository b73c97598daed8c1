import { cartonNumber, palletNumber } from './identifiers'
import { chance, DAY, hash32, HOUR, int, minutes, pick, rngFor, type Rng } from './random'
import { CITIES } from './reference-data'
import type { SeedRows } from './rows'

/**
 * One bulk order of seedScale (scale.ts): a location, a shipment, 2–4 nodes, 3–8 events, as its
 * sender sends them; its status, delivery, lateness and open issue follow from its events
 * (./derive.ts, before the batch is loaded).
 */

export const SCALE_PREFIX = 'BX-'
export const SCALE_DIGITS = 7

const COMPANIES = [
	'Northwind',
	'Contoso',
	'Fabrikam',
	'Tailspin',
	'Litware',
	'Adatum',
	'Proseware',
	'Wingtip',
	'Coho',
	'Woodgrove',
	'Alpine',
	'Lamna',
	'Relecloud',
	'Humongous',
	'Trey',
	'Bellows',
	'VanArsdel',
	'Blue Yonder',
	'Fourth Coffee',
	'Datum',
]
const KINDS = [
	'Medical Supply',
	'Health',
	'Labs',
	'Biotech',
	'Clinics',
	'Energy',
	'Hospital',
	'Robotics',
	'Solar',
	'Instruments',
	'Retail',
	'Foods',
	'Logistics',
]
const CITY_LIST = Object.values(CITIES)
const STREETS = [
	'Main St',
	'Industrial Pkwy',
	'Commerce Dr',
	'Harbor Rd',
	'Market St',
	'Airport Blvd',
	'Station Rd',
]

/**
 * Row ids of scale orders: unique by construction (organization, order index,
 * row counter), the remaining bits from the order's PRNG; version-4 layout.
 */
function idMaker(slug: string, index: number, rng: Rng): () => string {
	const prefix = hash32(`scale:${slug}`).toString(16).padStart(8, '0')
	const tail = index.toString(16).padStart(12, '0')
	let counter = 0
	return () => {
		const r = Math.floor(rng() * 0x4000000)
		const hex3 = (v: number) => (v & 0xfff).toString(16).padStart(3, '0')
		const mid = (counter++ & 0xffff).toString(16).padStart(4, '0')
		return `${prefix}-${mid}-4${hex3(r)}-${'89ab'[(r >>> 12) & 3]}${hex3(r >>> 14)}-${tail}`
	}
}

const EVENT_TITLES = {
	Factory: ['Order received', 'Production started', 'Packed and ready to ship'],
	Transit: [
		'Picked up',
		'Departed facility',
		'In transit',
		'Arrived at facility',
		'Out for delivery',
	],
	DC: ['Received at DC', 'Shipped from DC'],
	Customer: ['Received by customer'],
} as const

export function buildScaleOrder(
	rows: SeedRows,
	organizationId: string,
	slug: string,
	index: number,
	carrierList: { id: string; name: string; mode?: string | null }[],
	anchor: Date,
	types: { orderTypeIds: readonly string[]; issueTypeIds: readonly string[] } = {
		orderTypeIds: [],
		issueTypeIds: [],
	},
): void {
	const rng = rngFor('scale', slug, index)
	const id = idMaker(slug, index, rng)
	const name = `${SCALE_PREFIX}${String(index).padStart(SCALE_DIGITS, '0')}`
	const place = pick(rng, CITY_LIST)
	const createdAt = minutes(+anchor - rng() * 365 * DAY)
	const ageDays = (+anchor - +createdAt) / DAY
	const nodeCount = int(rng, 2, 4)
	const eventCount = int(rng, 3, 8)
	const transitDays = int(rng, 2, 20)
	const delivered = ageDays > transitDays + 2
	// Delivered by its last event; 5 % of those closed (by the sender), the rest still in transit.
	const closed = delivered && chance(rng, 0.05)
	const carrier = pick(rng, carrierList)

	const locationId = id()
	rows.locations.push({
		id: locationId,
		organizationId,
		name: `${pick(rng, COMPANIES)} ${pick(rng, KINDS)} ${index}`,
		street1: `${int(rng, 1, 9999)} ${pick(rng, STREETS)}`,
		city: place.city,
		state: place.state,
		postalCode: place.postalCode,
		country: place.country,
		latitude: place.latitude + (rng() - 0.5) * 0.1,
		longitude: place.longitude + (rng() - 0.5) * 0.1,
		timezone: place.timezone,
		kind: 'customer',
		createdAt,
	})
	const shipSetId = id()
	const shipmentId = id()
	const shippedAt = new Date(+createdAt + int(rng, 12, 72) * HOUR)
	const deliveredAt = delivered ? new Date(+shippedAt + transitDays * DAY) : null
	const estimate = new Date(+shippedAt + (transitDays + int(rng, -2, 2)) * DAY)
	rows.shipments.push({
		id: shipmentId,
		organizationId,
		shipSetId,
		carrierId: carrier.id,
		trackingNumber: `BX${String(index).padStart(SCALE_DIGITS, '0')}${int(rng, 100, 999)}`,
		finalMile: chance(rng, 0.3),
		shippedAt,
		shippedAtTz: 'UTC',
		estimatedDeliveryDate: estimate,
		estimatedDeliveryDateTimezone: place.timezone,
		palletNumber: palletNumber(rng),
		cartonNumber: chance(rng, 0.5) ? cartonNumber(rng) : null,
		consigneeLocationId: locationId,
		createdAt,
	})
	const kinds: ('Factory' | 'Transit' | 'DC' | 'Customer')[] =
		nodeCount === 2
			? ['Transit', 'Customer']
			: nodeCount === 3
				? ['Factory', 'Transit', 'Customer']
				: ['Factory', 'Transit', 'DC', 'Customer']
	const nodeIds = kinds.map((buildingType, position) => {
		const nodeId = id()
		rows.nodes.push({
			id: nodeId,
			organizationId,
			shipSetId,
			buildingType,
			iconClass: `icon-${buildingType.toLowerCase()}`,
			source: 'data',
			connectableId: buildingType === 'Transit' ? shipmentId : null,
			locationId: buildingType === 'Customer' ? locationId : null,
			position,
			createdAt,
		})
		return nodeId
	})
	// Events spread from the order date to delivery (or to the anchor), never in the future. The
	// delivery is the carrier's, at its time: on the shipment, whose consignee is the order's destination.
	const end = Math.min(+(deliveredAt ?? anchor), +anchor)
	const transitNode = nodeIds[kinds.indexOf('Transit')]!
	for (let e = 0; e < eventCount; e++) {
		const k = Math.min(kinds.length - 1, Math.floor((e / eventCount) * kinds.length))
		const final = delivered && e === eventCount - 1
		const kind = final ? 'Transit' : (kinds[k] ?? 'Transit')
		const spread = minutes(+createdAt + ((end - +createdAt) * (e + rng() * 0.5)) / eventCount)
		const eventAt = final ? new Date(end) : spread
		rows.events.push({
			id: id(),
			organizationId,
			shipSetId,
			nodeId: final ? transitNode : (nodeIds[k] ?? null),
			shipmentId: kind === 'Transit' ? shipmentId : null,
			title: final ? 'Delivered' : pick(rng, EVENT_TITLES[kind]),
			eventType: final
				? 'delivered'
				: kind === 'Transit'
					? chance(rng, 0.08)
						? 'exception'
						: 'transit'
					: 'info',
			eventAt,
			timezoneName: place.timezone,
			locationAt: `${place.city}, ${place.state}, ${place.country}`,
			createdAt: eventAt,
		})
	}
	rows.shipSets.push({
		id: shipSetId,
		organizationId,
		name,
		referenceNumber: `RB-${String(index).padStart(SCALE_DIGITS, '0')}`,
		status: closed ? 'closed' : 'pending',
		locationId,
		promiseDate: new Date(+createdAt + (transitDays + 5) * DAY),
		shipmentDeliveryDate: estimate,
		shipmentDeliveryDateTimezone: place.timezone,
		deliveryValue: int(rng, 500, 90_000),
		createdAt,
	})
	// Drawn last, so that the rows above stay what they were before these were added: an order
	// type, and an open issue on a third of the shipments still in transit (the Issues Log), raised
	// by an exception event on the shipment.
	const order = rows.shipSets.at(-1)!
	// The order's one shipment is the last pushed (only nodes, events and the order came after it).
	const shipment = rows.shipments.at(-1)!
	if (shipment.id !== shipmentId) throw new Error('buildScaleOrder: shipments out of order')
	if (types.orderTypeIds.length) order.orderTypeId = pick(rng, types.orderTypeIds)
	if (types.issueTypeIds.length && !delivered && ageDays >= 1 && chance(rng, 0.3)) {
		const substatusTypeId = pick(rng, types.issueTypeIds)
		const eventAt = minutes(+shippedAt + rng() * Math.max(0, +anchor - +shippedAt))
		rows.events.push({
			id: id(),
			organizationId,
			shipSetId,
			nodeId: transitNode,
			shipmentId,
			title: 'Delayed',
			eventType: 'exception',
			eventAt,
			timezoneName: place.timezone,
			locationAt: `${place.city}, ${place.state}, ${place.country}`,
			substatusTypeId,
			createdAt: eventAt,
		})
	}
	// Drawn after everything else too: the delivered shipment's freight cost, invoiced two days after
	// delivery (the freight-cost report, ADR 0016).
	const invoicedAt = deliveredAt ? new Date(+deliveredAt + 2 * DAY) : null
	if (invoicedAt && invoicedAt <= anchor) {
		const mode = carrier.mode ?? null
		const base = mode === 'ocean' ? 2400 : mode === 'air' ? 1800 : 180
		rows.freightCosts.push({
			id: id(),
			organizationId,
			shipSetId,
			shipmentId,
			carrierId: carrier.id,
			amount: Math.round(base * (0.6 + rng() * 1.2) * 100) / 100,
			currency: 'USD',
			invoicedAt,
			mode,
			createdAt: invoicedAt,
		})
		shipment.weight = int(rng, 40, 2400)
		shipment.weightUnit = 'kg'
	}
}
