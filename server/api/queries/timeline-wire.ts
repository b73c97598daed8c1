import { sql } from 'drizzle-orm'
import { locations, nodes, type events } from '../../db/schema'
import type { TimelineResponse } from '../../contracts/timeline'
import { iso } from './wire'

/**
 * An order's nodes and events on the wire (002 §3 "Node", "Event") for the per-node reads
 * (`order-details.ts`). The timeline builds the same shapes in the database (`waymark_timeline`,
 * migration 0024, for its kept plan); tests/api/timeline-reads.test.ts checks that both answer
 * every node and event alike.
 */

type ShipSet = TimelineResponse['ship_set']
type EventType = ShipSet['events'][number]['event_type']

const locationColumns = {
	locName: locations.name,
	street1: locations.street1,
	street2: locations.street2,
	city: locations.city,
	state: locations.state,
	postalCode: locations.postalCode,
	country: locations.country,
	latitude: locations.latitude,
	longitude: locations.longitude,
	timezone: locations.timezone,
}
type LocationRow = { [K in keyof typeof locationColumns]: K extends 'locName' ? string | null : (typeof locationColumns)[K]['_']['data'] | null }

/** The location columns of a joined row as the wire's location, or null when there is none. */
function locationOut(r: LocationRow): ShipSet['location'] {
	if (r.locName === null) return null
	return {
		name: r.locName,
		street1: r.street1,
		street2: r.street2,
		city: r.city,
		state: r.state,
		postal_code: r.postalCode,
		country: r.country,
		latitude: r.latitude,
		longitude: r.longitude,
		timezone: r.timezone,
	}
}

/**
 * A node with its place, and whether its tracking group has any reading (002 §4: the Tracker tab is
 * "hidden when no tracking group is selected or no data exists"): one index probe of measurements.
 */
export const nodeColumns = {
	node: nodes,
	hasSensorData: sql<boolean>`(${nodes.trackingGroupId} is not null and exists (select 1 from measurements m where m.tracking_group_id = ${nodes.trackingGroupId}))`,
	/**
	 * The measurement types with readings in the node's tracking group (002 §2 "The stream view has filters
	 * for event, measurement type and tracking group"): one index probe per type (measurements_group_type_item_at_idx).
	 */
	measurementTypes: sql<string | null>`(select string_agg(mt.code || '|' || mt.name, ',' order by mt.name) from measurement_types mt where ${nodes.trackingGroupId} is not null and exists (select 1 from measurements m where m.tracking_group_id = ${nodes.trackingGroupId} and m.measurement_type_id = mt.id))`,
	...locationColumns,
}

type NodeRow = { node: typeof nodes.$inferSelect; hasSensorData: boolean; measurementTypes: string | null } & LocationRow

/** `code|name,code|name` (codes and names hold neither separator: seeded reference data) as a list. */
function measurementTypesOut(joined: string | null): { code: string; name: string }[] {
	if (!joined) return []
	return joined.split(',').map((pair) => {
		const [code = '', name = ''] = pair.split('|')
		return { code, name }
	})
}

/** One node row (with its location columns) on the wire (002 §3 "Node"). */
export function nodeOut({ node: n, hasSensorData, measurementTypes, ...loc }: NodeRow): ShipSet['nodes'][number] {
	return {
		id: n.id,
		building_type: n.buildingType,
		last_event_at: iso(n.lastEventAt),
		icon_class: n.iconClass,
		source: n.source,
		final_mile: n.finalMile,
		with_exception_event: n.withExceptionEvent,
		connectable_id: n.connectableId,
		tracking_group_id: n.trackingGroupId,
		has_sensor_data: Boolean(hasSensorData),
		measurement_types: measurementTypesOut(measurementTypes),
		position: n.position,
		position_in_group: n.positionInGroup,
		location: locationOut(loc),
		damage_category: n.damageCategory,
		damage_notes: n.damageNotes,
	}
}

/** One event row on the wire (002 §3 "Event"). */
export function eventOut(e: typeof events.$inferSelect): ShipSet['events'][number] {
	return {
		id: e.id,
		node_id: e.nodeId,
		title: e.title,
		summary: e.summary,
		event_at: e.eventAt.toISOString(),
		timezone_name: e.timezoneName,
		event_type: e.eventType as EventType,
		stale_at: iso(e.staleAt),
		blockchain_verified: e.blockchainVerified,
		location_at: e.locationAt,
	}
}

