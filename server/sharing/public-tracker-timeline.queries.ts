import { and, asc, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client'
import { carriers, events, locations, nodes, shipSets, shipments } from '../db/schema'
import type { PublicTimelineResponse, ShipSetStatusCode } from './public-tracker.contract'
import { iso } from '../timeline/wire'
import { UUID } from '../shared/ids'

/**
 * The public order timeline (000 §7 "GET /public_order_tracker/{ssid}/timeline"): the
 * public fields of one ship set of one organization, and nothing else (000 §3 "Public
 * timeline response", "Node (public)", "Event (public)", "Shipment (public)"). Every
 * query is scoped by the organization: another tenant's id reads as not found.
 */

type PublicShipSet = PublicTimelineResponse['data']['ship_set']
type EventType = PublicShipSet['events'][number]['event_type']

function place(row: { city: string | null; state: string | null; country: string | null } | null) {
	if (!row || (!row.city && !row.state && !row.country)) return null
	return { city: row.city, state: row.state, country: row.country }
}

export async function publicTimeline(
	db: Database,
	organizationId: string,
	shipSetId: string,
): Promise<PublicShipSet | null> {
	if (!UUID.test(shipSetId)) return null
	const [shipSet] = await db
		.select({
			name: shipSets.name,
			referenceNumber: shipSets.referenceNumber,
			status: shipSets.status,
			city: locations.city,
			state: locations.state,
			country: locations.country,
		})
		.from(shipSets)
		.leftJoin(locations, eq(locations.id, shipSets.locationId))
		.where(and(eq(shipSets.id, shipSetId), eq(shipSets.organizationId, organizationId)))
		.limit(1)
	if (!shipSet) return null

	const shipper = alias(locations, 'shipper')
	const consignee = alias(locations, 'consignee')
	const [nodeRows, eventRows, shipmentRows] = await Promise.all([
		db
			.select({
				id: nodes.id,
				buildingType: nodes.buildingType,
				lastEventAt: nodes.lastEventAt,
				iconClass: nodes.iconClass,
				source: nodes.source,
				connectableId: nodes.connectableId,
				withExceptionEvent: nodes.withExceptionEvent,
				position: nodes.position,
				positionInGroup: nodes.positionInGroup,
				city: locations.city,
				state: locations.state,
				country: locations.country,
			})
			.from(nodes)
			.leftJoin(locations, eq(locations.id, nodes.locationId))
			.where(and(eq(nodes.shipSetId, shipSetId), eq(nodes.organizationId, organizationId)))
			.orderBy(asc(nodes.position), asc(nodes.positionInGroup), asc(nodes.id)),
		db
			.select({
				id: events.id,
				title: events.title,
				eventAt: events.eventAt,
				eventType: events.eventType,
				staleAt: events.staleAt,
				locationAt: events.locationAt,
				nodeId: events.nodeId,
				timezoneName: events.timezoneName,
				blockchainVerified: events.blockchainVerified,
			})
			.from(events)
			.where(and(eq(events.shipSetId, shipSetId), eq(events.organizationId, organizationId)))
			.orderBy(desc(events.eventAt), asc(events.id)),
		db
			.select({
				id: shipments.id,
				trackingNumber: shipments.trackingNumber,
				deliveryDate: shipments.estimatedDeliveryDate,
				deliveryDateTimezone: shipments.estimatedDeliveryDateTimezone,
				carrierName: carriers.name,
				shipperCity: shipper.city,
				shipperState: shipper.state,
				shipperCountry: shipper.country,
				consigneeCity: consignee.city,
				consigneeState: consignee.state,
				consigneeCountry: consignee.country,
			})
			.from(shipments)
			.leftJoin(carriers, eq(carriers.id, shipments.carrierId))
			.leftJoin(shipper, eq(shipper.id, shipments.shipperLocationId))
			.leftJoin(consignee, eq(consignee.id, shipments.consigneeLocationId))
			.where(and(eq(shipments.shipSetId, shipSetId), eq(shipments.organizationId, organizationId)))
			.orderBy(asc(shipments.createdAt), asc(shipments.id)),
	])

	const groups: PublicShipSet['grouped_nodes'] = []
	for (const node of nodeRows) {
		const last = groups.at(-1)
		if (last && last.position === node.position) last.node_ids.push(node.id)
		else groups.push({ key: node.id, position: node.position, node_ids: [node.id] })
	}

	return {
		name: shipSet.name,
		reference_number: shipSet.referenceNumber,
		location: place(shipSet),
		status: shipSet.status as ShipSetStatusCode,
		nodes: nodeRows.map((n) => ({
			id: n.id,
			building_type: n.buildingType,
			last_event_at: iso(n.lastEventAt),
			icon_class: n.iconClass,
			source: n.source,
			connectable_id: n.connectableId,
			location: place(n),
			with_exception_event: n.withExceptionEvent,
			position: n.position,
			position_in_group: n.positionInGroup,
		})),
		grouped_nodes: groups,
		events: eventRows.map((e) => ({
			id: e.id,
			title: e.title,
			event_at: e.eventAt.toISOString(),
			event_type: e.eventType as EventType,
			stale_at: iso(e.staleAt),
			shipment_status: { location_at: e.locationAt },
			node_id: e.nodeId,
			timezone_name: e.timezoneName,
			blockchain_verified: e.blockchainVerified,
		})),
		shipments: shipmentRows.map((s) => ({
			id: s.id,
			tracking_number: s.trackingNumber,
			delivery_date: iso(s.deliveryDate),
			delivery_date_timezone: s.deliveryDateTimezone,
			carrier: s.carrierName ? { name: s.carrierName } : null,
			shipper: place({ city: s.shipperCity, state: s.shipperState, country: s.shipperCountry }),
			consignee: place({
				city: s.consigneeCity,
				state: s.consigneeState,
				country: s.consigneeCountry,
			}),
		})),
	}
}
