import {
	foldNewEvents,
	type NewEvent,
	type NodeFacts,
	type OrderFacts,
	type ShipmentFacts,
} from '../../ingest/derive'
import type { SeedRows } from './rows'

/**
 * New orders derived from their events as the ingestion derives them (server/ingest/derive.ts
 * foldNewEvents): each order, shipment and node as its sender sends it, with no event yet, then
 * all its events folded in as new. The rows are updated in place, then loaded as they are: what
 * an order shows (status, delivery, lateness, open issues, first and last event, the strip's
 * order) has one writer, the ingestion's derivation, whoever writes the order.
 *
 * What a sender or a person sets is kept: an order's cancelled or closed status, its estimated
 * delivery date, a shipment's ship date and estimate. A shipment a person closed or cancelled is
 * derived as it travelled (from pending), then closed or cancelled. A seeded order was last
 * updated at its last event (or its creation).
 */
export function deriveNewOrders(
	rows: Pick<SeedRows, 'shipSets' | 'shipments' | 'nodes' | 'events'>,
	now: Date,
): void {
	const orders = new Map<string, OrderFacts>()
	for (const o of rows.shipSets) {
		o.status = o.status === 'cancelled' || o.status === 'closed' ? o.status : 'pending'
		Object.assign(o, {
			deliveredAt: null,
			deliveredAtTimezoneName: null,
			shipmentDeliveryStatus: null,
			firstEventAt: null,
			lastEventAt: null,
			lastEventId: null,
		})
		orders.set(o.id!, {
			id: o.id!,
			locationId: o.locationId ?? null,
			live: 0,
			status: o.status,
			deliveredAt: null,
			deliveredAtTimezoneName: null,
			shipmentDeliveryDate: o.shipmentDeliveryDate ?? null,
			shipmentDeliveryDateTimezone: o.shipmentDeliveryDateTimezone ?? null,
			shipmentDeliveryStatus: null,
			firstEventAt: null,
			lastEventAt: null,
			lastEventId: null,
		})
	}
	const setByPerson = new Map<string, string>()
	const shipments: ShipmentFacts[] = rows.shipments.map((s) => {
		if (s.status === 'closed' || s.status === 'cancelled') setByPerson.set(s.id!, s.status)
		Object.assign(s, {
			status: 'pending',
			deliveredAt: null,
			late: false,
			substatusTypeId: null,
			substatusAt: null,
		})
		return {
			id: s.id!,
			shipSetId: s.shipSetId,
			finalMile: s.finalMile ?? false,
			consigneeLocationId: s.consigneeLocationId ?? null,
			estimatedDeliveryDate: s.estimatedDeliveryDate ?? null,
			estimatedDeliveryDateTimezone: s.estimatedDeliveryDateTimezone ?? null,
			status: 'pending',
			deliveredAt: null,
			shippedAt: s.shippedAt ?? null,
			late: false,
			substatusTypeId: null,
			substatusAt: null,
		}
	})
	const nodes: NodeFacts[] = rows.nodes.map((n) => {
		Object.assign(n, { firstEventAt: null, lastEventAt: null, withExceptionEvent: false })
		return {
			id: n.id!,
			shipSetId: n.shipSetId,
			buildingType: n.buildingType,
			position: n.position ?? 0,
			firstEventAt: null,
			lastEventAt: null,
			withExceptionEvent: false,
		}
	})
	const events: NewEvent[] = rows.events.map((e) => ({
		id: e.id!,
		shipSetId: e.shipSetId,
		nodeId: e.nodeId!,
		shipmentId: e.shipmentId ?? null,
		type: e.eventType ?? 'info',
		at: e.eventAt,
		timezone: e.timezoneName ?? null,
		live: !e.staleAt,
		substatusTypeId: e.substatusTypeId ?? null,
	}))
	const ids = [...orders.keys()]
	const derived = foldNewEvents(ids, orders, shipments, nodes, events, new Set(ids), now)
	const apply = <T extends { id?: string }>(list: T[], updates: { id: string }[]) => {
		const byId = new Map(list.map((r) => [r.id!, r]))
		for (const { id, ...values } of updates) Object.assign(byId.get(id)!, values)
	}
	apply(rows.shipSets, derived.orders)
	apply(rows.shipments, derived.shipments)
	apply(rows.nodes, derived.nodes)
	for (const s of rows.shipments) {
		const status = setByPerson.get(s.id!)
		if (status) s.status = status
	}
	// A seeded order was last written at its last event.
	for (const o of rows.shipSets) o.updatedAt = o.lastEventAt ?? o.createdAt
}
