import { OrderDraft, placeText } from './draft'
import { planOrder, type GeneratedOrderSpec, type ShipSetStatus } from './order-plan'
import { cartonNumber, palletNumber, trackingNumber } from './identifiers'
import { chance, DAY, HOUR, int, minutes, pick } from './random'
import { globalIds, type CarrierRef, type Site } from './reference'
import type { SeedRows } from './rows'

/**
 * A generated order: Factory → Transit (line haul) → [DC → Transit (final
 * mile)] → Customer, with events up to `now`. Durations, carriers, delays and
 * outcomes come from the order's own PRNG, so each order is reproducible alone.
 * Its status, deliveries, lateness and issues follow from its events when the
 * draft is finished (./derive.ts), as the plan (./order-plan.ts) intends them.
 */

export interface BuiltOrder {
	draft: OrderDraft
	status: ShipSetStatus
	createdAt: Date
	customer: Site
	lineHaul: {
		shipmentId: string
		nodeId: string
		carrier: CarrierRef
		shippedAt: Date
		arrivedAt: Date
		/** Picked up and not yet delivered as of `now`. */
		inTransit: boolean
		/** The plan delayed it (its exception event written once `now` is past it). */
		delayed: boolean
	} | null
	/** Shipments that have shipped, for freight costs. */
	shipped: {
		shipmentId: string
		carrier: CarrierRef
		shippedAt: Date
		deliveredAt: Date | null
		/** The shipment's lane: its shipper and consignee sites. */
		from: Site
		to: Site
	}[]
	nodeIds: string[]
}

export function buildGeneratedOrder(rows: SeedRows, spec: GeneratedOrderSpec): BuiltOrder {
	const { ctx, rng, now } = spec
	const plan = planOrder(spec)
	const { customer, factory, dc, useDc, mode, lineCarrier, fmCarrier, status } = plan
	const { processing, lineHaulPlan, delayed, delay, issue, stale, verified } = plan
	const { t0, t1, t2, t3, t4, cancelAt, lastWritable, lineEstimate, fmEstimate, finalEstimate } =
		plan
	const nowMs = +now

	const draft = new OrderDraft(rows, ctx, {
		name: spec.name,
		referenceNumber: spec.referenceNumber,
		status: status === 'cancelled' || status === 'closed' ? status : undefined,
		locationId: customer.id,
		orderTypeId: pick(rng, ctx.orderTypeIds),
		promiseDate: new Date(plan.promise),
		shipmentDeliveryDate:
			status === 'pending' || status === 'cancelled' ? null : new Date(finalEstimate),
		shipmentDeliveryDateTimezone: customer.place.timezone,
		deliveryValue: int(rng, 5, 900) * 100 + int(rng, 0, 99),
		createdAt: new Date(t0),
	})
	const ev = (
		nodeId: string,
		at: number,
		title: string,
		type: string,
		site: Site,
		extra: object = {},
	) => {
		if (at > lastWritable) return
		draft.addEvent({
			nodeId,
			title,
			eventType: type,
			eventAt: minutes(at),
			timezoneName: site.place.timezone,
			locationAt: placeText(site),
			...extra,
		})
	}
	// A closed order's shipments were closed with it (by a person, after their delivery).
	const closedWithOrder = status === 'closed' ? ('closed' as const) : undefined

	const built: BuiltOrder = {
		draft,
		status,
		createdAt: new Date(t0),
		customer,
		lineHaul: null,
		shipped: [],
		nodeIds: [],
	}

	// Factory
	const factoryNode = draft.addNode({
		buildingType: 'Factory',
		source: 'data',
		locationId: factory.id,
		position: 0,
	})
	built.nodeIds.push(factoryNode)
	ev(factoryNode, t0, 'Order received', 'info', factory)
	ev(factoryNode, t0 + processing * 0.3, 'Production started', 'info', factory)
	ev(factoryNode, t0 + processing * 0.9, 'Packed and ready to ship', 'info', factory, {
		blockchainVerified: verified,
	})

	// Line haul
	if (status !== 'pending' && status !== 'cancelled' && nowMs >= t1 - 12 * HOUR) {
		const lhId = draft.addShipment({
			carrierId: lineCarrier.id,
			trackingNumber: trackingNumber(rng, lineCarrier, ctx.slug),
			status: closedWithOrder,
			shippedAt: new Date(t1),
			shippedAtTz: factory.place.timezone,
			estimatedDeliveryDate: new Date(lineEstimate),
			estimatedDeliveryDateTimezone: (useDc ? dc : customer).place.timezone,
			weight: int(rng, 40, 2400),
			weightUnit: 'kg',
			serviceLevel: lineCarrier.serviceLevel,
			serviceType:
				mode === 'ocean' ? 'Port to Door' : mode === 'air' ? 'Airport to Door' : 'Door to Door',
			originPort: mode === 'ground' ? null : `${factory.place.city} (${factory.place.country})`,
			destinationPort: mode === 'ground' ? null : `${(useDc ? dc : customer).place.city}`,
			shipperLocationId: factory.id,
			consigneeLocationId: (useDc ? dc : customer).id,
			palletNumber: palletNumber(rng),
			cartonNumber: chance(rng, 0.5) ? cartonNumber(rng) : null,
			createdAt: new Date(t1 - 12 * HOUR),
		})
		const lhNode = draft.addNode({
			buildingType: 'Transit',
			source: 'data',
			connectableId: lhId,
			position: 1,
		})
		built.nodeIds.push(lhNode)
		built.lineHaul = {
			shipmentId: lhId,
			nodeId: lhNode,
			carrier: lineCarrier,
			shippedAt: new Date(t1),
			arrivedAt: new Date(t2),
			inTransit: nowMs >= t1 && nowMs < t2,
			delayed,
		}
		if (nowMs >= t1)
			built.shipped.push({
				shipmentId: lhId,
				carrier: lineCarrier,
				shippedAt: new Date(t1),
				deliveredAt: nowMs >= t2 ? new Date(t2) : null,
				from: factory,
				to: useDc ? dc : customer,
			})
		const dest = useDc ? dc : customer
		const mid =
			mode === 'ocean'
				? 'Departed port of loading'
				: mode === 'air'
					? 'Departed origin airport'
					: 'In transit'
		const shipmentId = lhId
		ev(lhNode, t1 - 10 * HOUR, 'Shipment information received', 'info', factory, { shipmentId })
		ev(lhNode, t1, 'Picked up', 'transit', factory, { shipmentId, blockchainVerified: verified })
		ev(lhNode, t1 + 6 * HOUR, 'Departed facility', 'transit', factory, { shipmentId })
		ev(lhNode, t1 + lineHaulPlan * 0.3, mid, 'transit', factory, { shipmentId })
		if (delayed) {
			ev(lhNode, t1 + lineHaulPlan * 0.4, `Delayed: ${issue.name}`, 'exception', dest, {
				shipmentId,
				summary: `${issue.name} reported by ${lineCarrier.name};New estimate in ${Math.ceil(delay / DAY)} days`,
				substatusTypeId: globalIds.issueType(issue.code),
			})
		}
		if (stale) {
			const at = t1 + lineHaulPlan * 0.6
			ev(lhNode, at, 'Arrival scan', 'transit', dest, {
				shipmentId,
				staleAt: minutes(at + 5 * HOUR),
			})
		}
		ev(lhNode, t2 - 8 * HOUR, 'Arrived at destination facility', 'transit', dest, { shipmentId })
		ev(lhNode, t2, useDc ? 'Delivered to DC' : 'Delivered', 'delivered', dest, { shipmentId })
	}

	// DC and final mile
	if (useDc) {
		const dcNode = draft.addNode({
			buildingType: 'DC',
			source: 'data',
			locationId: dc.id,
			position: 2,
		})
		built.nodeIds.push(dcNode)
		ev(dcNode, t2 + 2 * HOUR, 'Received at DC', 'info', dc)
		ev(dcNode, t3 - 3 * HOUR, 'Picked and packed at DC', 'info', dc)
		ev(dcNode, t3, 'Shipped from DC', 'info', dc)
		if (nowMs >= t3 - DAY && status !== 'cancelled') {
			const fmId = draft.addShipment({
				carrierId: fmCarrier.id,
				trackingNumber: trackingNumber(rng, fmCarrier, ctx.slug),
				status: closedWithOrder,
				finalMile: true,
				shippedAt: new Date(t3),
				shippedAtTz: dc.place.timezone,
				estimatedDeliveryDate: new Date(fmEstimate),
				estimatedDeliveryDateTimezone: customer.place.timezone,
				weight: int(rng, 2, 300),
				weightUnit: 'kg',
				serviceLevel: fmCarrier.serviceLevel,
				shipperLocationId: dc.id,
				consigneeLocationId: customer.id,
				createdAt: new Date(t3 - DAY),
			})
			const fmNode = draft.addNode({
				buildingType: 'Transit',
				source: 'data',
				connectableId: fmId,
				finalMile: true,
				position: 3,
			})
			built.nodeIds.push(fmNode)
			if (nowMs >= t3)
				built.shipped.push({
					shipmentId: fmId,
					carrier: fmCarrier,
					shippedAt: new Date(t3),
					deliveredAt: nowMs >= t4 ? new Date(t4) : null,
					from: dc,
					to: customer,
				})
			ev(fmNode, t3 + HOUR, 'Picked up', 'transit', dc, { shipmentId: fmId })
			ev(fmNode, t4 - 5 * HOUR, 'Out for delivery', 'transit', customer, { shipmentId: fmId })
			ev(fmNode, t4, 'Delivered', 'delivered', customer, { shipmentId: fmId })
		}
	}
	const customerNode = draft.addNode({
		buildingType: 'Customer',
		source: 'data',
		locationId: customer.id,
		position: 4,
	})
	built.nodeIds.push(customerNode)
	ev(customerNode, t4 + 20 * 60_000, 'Received by customer', 'delivered', customer)
	if (status === 'cancelled')
		ev(factoryNode, cancelAt, 'Order cancelled', 'info', factory, {
			summary: 'Cancelled at the customer’s request',
		})
	return built
}
