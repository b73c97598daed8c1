import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	doublePrecision,
	index,
	integer,
	numeric,
	pgTable,
	text,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import { organizationId } from './accounts'
import { createdAt, id, tstz, updatedAt } from './columns'
import { carriers, locations, orderTypes, substatusTypes } from './reference'

/**
 * Orders (ship sets), their shipments, the nodes of their journey and the
 * events at those nodes. Time zones are IANA names.
 */

/** pending | in_process | in_transit | delivered | cancelled | closed */
export const SHIP_SET_STATUSES = [
	'pending',
	'in_process',
	'in_transit',
	'delivered',
	'cancelled',
	'closed',
] as const
/** pending | in_transit | delivered | closed | cancelled */
export const SHIPMENT_STATUSES = [
	'pending',
	'in_transit',
	'delivered',
	'closed',
	'cancelled',
] as const
/** Factory | Transit | Transit Hub | DC | Customer | Damage */
export const BUILDING_TYPES = [
	'Factory',
	'Transit',
	'Transit Hub',
	'DC',
	'Customer',
	'Damage',
] as const
/** transit | delivered | exception | info */
export const EVENT_TYPES = ['transit', 'delivered', 'exception', 'info'] as const

const oneOf = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`)

export const shipSets = pgTable(
	'ship_sets',
	{
		id: id(),
		organizationId: organizationId(),
		/** The order number, e.g. 'SO-1001'. Unique per organization. */
		name: text('name').notNull(),
		referenceNumber: text('reference_number'),
		status: text('status').notNull().default('pending'),
		/** Final shipping location (destination / customer). */
		locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
		orderTypeId: uuid('order_type_id').references(() => orderTypes.id, { onDelete: 'set null' }),
		promiseDate: tstz('promise_date'),
		deliveredAt: tstz('delivered_at'),
		deliveredAtTimezoneName: text('delivered_at_timezone_name'),
		/** Final-mile estimated delivery date and its zone. */
		shipmentDeliveryDate: tstz('shipment_delivery_date'),
		shipmentDeliveryDateTimezone: text('shipment_delivery_date_timezone'),
		/** late | on_time | pending_late | pending */
		shipmentDeliveryStatus: text('shipment_delivery_status'),
		/** Days before the estimated date when the delivery indicator turns yellow. */
		daysBefore: integer('days_before').notNull().default(3),
		/** Value of the goods (Issues Log 'View By Delivery Value'), in USD. */
		deliveryValue: numeric('delivery_value', { precision: 14, scale: 2, mode: 'number' }),
		/** Denormalised from events: the latest non-stale event. */
		lastEventAt: tstz('last_event_at'),
		lastEventId: uuid('last_event_id'),
		firstEventAt: tstz('first_event_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check('ship_sets_status_check', sql`${t.status} in ${oneOf(SHIP_SET_STATUSES)}`),
		uniqueIndex('ship_sets_org_name_unique').on(t.organizationId, t.name),
		index('ship_sets_org_name_pattern_idx').on(t.organizationId, t.name.op('text_pattern_ops')),
		index('ship_sets_org_reference_idx').on(t.organizationId, t.referenceNumber),
		index('ship_sets_org_status_last_event_idx').on(t.organizationId, t.status, t.lastEventAt),
		index('ship_sets_org_created_idx').on(t.organizationId, t.createdAt),
		index('ship_sets_org_last_event_idx').on(t.organizationId, t.lastEventAt),
		index('ship_sets_location_idx').on(t.locationId),
	],
)

export const shipments = pgTable(
	'shipments',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
		trackingNumber: text('tracking_number'),
		/** The sender's own id of the shipment (ingestion API, CSV import): a repeat updates, never duplicates. */
		externalId: text('external_id'),
		status: text('status').notNull().default('pending'),
		manuallyCreated: boolean('manually_created').notNull().default(false),
		finalMile: boolean('final_mile').notNull().default(false),
		shippedAt: tstz('shipped_at'),
		shippedAtTz: text('shipped_at_tz'),
		deliveredAt: tstz('delivered_at'),
		estimatedDeliveryDate: tstz('estimated_delivery_date'),
		estimatedDeliveryDateTimezone: text('estimated_delivery_date_timezone'),
		eta: tstz('eta'),
		etaTimezone: text('eta_timezone'),
		weight: doublePrecision('weight'),
		weightUnit: text('weight_unit'),
		serviceLevel: text('service_level'),
		serviceType: text('service_type'),
		originPort: text('origin_port'),
		destinationPort: text('destination_port'),
		shipperLocationId: uuid('shipper_location_id').references(() => locations.id, {
			onDelete: 'set null',
		}),
		consigneeLocationId: uuid('consignee_location_id').references(() => locations.id, {
			onDelete: 'set null',
		}),
		palletNumber: text('pallet_number'),
		cartonNumber: text('carton_number'),
		freightCost: numeric('freight_cost', { precision: 12, scale: 2, mode: 'number' }),
		/** Delivered (or expected) after its estimated delivery date. */
		late: boolean('late').notNull().default(false),
		/** Current open issue (a substatus of status type 3, Exception) and when it was raised. */
		substatusTypeId: uuid('substatus_type_id').references(() => substatusTypes.id, {
			onDelete: 'set null',
		}),
		substatusAt: tstz('substatus_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check('shipments_status_check', sql`${t.status} in ${oneOf(SHIPMENT_STATUSES)}`),
		index('shipments_ship_set_idx').on(t.shipSetId),
		index('shipments_org_tracking_idx').on(t.organizationId, t.trackingNumber),
		index('shipments_org_pallet_idx').on(t.organizationId, t.palletNumber),
		index('shipments_org_carton_idx').on(t.organizationId, t.cartonNumber),
		uniqueIndex('shipments_org_external_id_unique').on(t.organizationId, t.externalId),
		/**
		 * One manually created shipment per tracking number (any case) on an order: backs Add
		 * Shipment's check (shipments.queries.ts) against a concurrent Add Shipment. The carriers'
		 * feed (the ingestion API, the system of record) is not held to it.
		 */
		uniqueIndex('shipments_org_order_manual_tracking_unique')
			.on(t.organizationId, t.shipSetId, sql`lower(${t.trackingNumber})`)
			.where(sql`${t.manuallyCreated}`),
		index('shipments_org_carrier_shipped_idx').on(t.organizationId, t.carrierId, t.shippedAt),
		index('shipments_org_shipped_idx').on(t.organizationId, t.shippedAt),
		/** Open issues (the Issues Log report): few per supply chain, whatever the history. */
		index('shipments_org_open_issue_idx')
			.on(t.organizationId, t.substatusAt)
			.where(sql`${t.substatusTypeId} is not null and ${t.status} in ('pending', 'in_transit')`),
	],
)

export const shipmentReferences = pgTable(
	'shipment_references',
	{
		id: id(),
		organizationId: organizationId(),
		shipmentId: uuid('shipment_id')
			.notNull()
			.references(() => shipments.id, { onDelete: 'cascade' }),
		referenceType: text('reference_type').notNull().default('DeliveryID'),
		value: text('value').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('shipment_references_shipment_idx').on(t.shipmentId)],
)

/** An IoT tracker deployment (device + items) that measures a shipment. */
export const trackingGroups = pgTable(
	'tracking_groups',
	{
		id: id(),
		organizationId: organizationId(),
		name: text('name').notNull(),
		deviceTypeName: text('device_type_name'),
		shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
		startedAt: tstz('started_at'),
		endedAt: tstz('ended_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('tracking_groups_shipment_idx').on(t.shipmentId)],
)

/**
 * A stage of an order's journey. Nodes are ordered by position; nodes sharing
 * a position form one group (a grouped Transit node with several shipments),
 * ordered inside the group by position_in_group.
 */
export const nodes = pgTable(
	'nodes',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		buildingType: text('building_type').notNull(),
		iconClass: text('icon_class'),
		/** data | tracker | discrepancy | others */
		source: text('source').notNull().default('data'),
		finalMile: boolean('final_mile').notNull().default(false),
		/** For Transit nodes: the shipment id. */
		connectableId: uuid('connectable_id').references(() => shipments.id, { onDelete: 'set null' }),
		trackingGroupId: uuid('tracking_group_id').references(() => trackingGroups.id, {
			onDelete: 'set null',
		}),
		locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
		position: integer('position').notNull().default(0),
		positionInGroup: integer('position_in_group').notNull().default(0),
		firstEventAt: tstz('first_event_at'),
		lastEventAt: tstz('last_event_at'),
		withExceptionEvent: boolean('with_exception_event').notNull().default(false),
		damageCategory: text('damage_category'),
		damageNotes: text('damage_notes'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check('nodes_building_type_check', sql`${t.buildingType} in ${oneOf(BUILDING_TYPES)}`),
		index('nodes_ship_set_position_idx').on(t.shipSetId, t.position, t.positionInGroup),
		index('nodes_connectable_idx').on(t.connectableId),
	],
)

export const events = pgTable(
	'events',
	{
		id: id(),
		// No foreign keys, unlike other tables (migration 0022, docs/decisions/0019 "Fewer checks a
		// row"): the ingestion, the only writer, names an order, node, shipment and issue type it has
		// just read or made in the same transaction, of the supply chain it writes for — the orders and
		// shipments it reads FOR KEY SHARE, the lock each key's check took, once per order or shipment
		// instead of once per event (a batch of thousands names a hundred orders). What the keys did
		// on a delete, statement triggers do (server/db/event-keys.sql): deleting an order or a node deletes its
		// events, deleting a shipment or an issue type clears it from its events.
		organizationId: uuid('organization_id').notNull(),
		shipSetId: uuid('ship_set_id').notNull(),
		nodeId: uuid('node_id'),
		shipmentId: uuid('shipment_id'),
		/** The sender's own id of the event (ingestion API, CSV import): a repeat updates, never duplicates. */
		externalId: text('external_id'),
		title: text('title').notNull(),
		/** Semicolons are shown as line breaks. */
		summary: text('summary'),
		eventType: text('event_type').notNull().default('info'),
		eventAt: tstz('event_at').notNull(),
		timezoneName: text('timezone_name'),
		staleAt: tstz('stale_at'),
		blockchainVerified: boolean('blockchain_verified').notNull().default(false),
		/** The place reported by the carrier, e.g. 'Louisville, KY, US' (shipmentStatus.locationAt). */
		locationAt: text('location_at'),
		substatusTypeId: uuid('substatus_type_id'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check('events_event_type_check', sql`${t.eventType} in ${oneOf(EVENT_TYPES)}`),
		index('events_node_event_at_idx').on(t.nodeId, t.eventAt),
		index('events_ship_set_event_at_idx').on(t.shipSetId, t.eventAt),
		index('events_shipment_idx').on(t.shipmentId),
		uniqueIndex('events_org_external_id_unique').on(t.organizationId, t.externalId),
	],
)
