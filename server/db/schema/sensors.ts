import { sql } from 'drizzle-orm'
import {
	boolean,
	doublePrecision,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	unique,
	uuid,
	type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { organizationId } from './accounts'
import { createdAt, id, tstz, updatedAt } from './columns'
import { nodes, shipments, shipSets, trackingGroups } from './orders'
import { measurementTypes } from './reference'

/**
 * IoT sensor data: what a tracking group measures, its thresholds, the
 * readings, and the breaches (readings outside thresholds) summarised per
 * tracked item.
 */

export const trackingGroupDrivers = pgTable(
	'tracking_group_drivers',
	{
		id: id(),
		organizationId: organizationId(),
		trackingGroupId: uuid('tracking_group_id')
			.notNull()
			.references(() => trackingGroups.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		phoneNumber: text('phone_number'),
		licensePlate: text('license_plate'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('tracking_group_drivers_group_idx').on(t.trackingGroupId)],
)

/**
 * A tracked item. item_type: pallet (shown 'handling unit') | carton ('piece
 * number') | shipset ('order number'). measurable_id is the tracker's id of the
 * item: the key of its measurements (for a shipset item, the ship set id).
 */
export const trackingGroupItems = pgTable(
	'tracking_group_items',
	{
		id: id(),
		organizationId: organizationId(),
		trackingGroupId: uuid('tracking_group_id')
			.notNull()
			.references(() => trackingGroups.id, { onDelete: 'cascade' }),
		itemType: text('item_type').notNull(),
		name: text('name').notNull(),
		measurableId: text('measurable_id').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('tracking_group_items_group_measurable_unique').on(t.trackingGroupId, t.measurableId),
	],
)

export const trackingGroupItemReferences = pgTable(
	'tracking_group_item_references',
	{
		id: id(),
		organizationId: organizationId(),
		trackingGroupItemId: uuid('tracking_group_item_id')
			.notNull()
			.references(() => trackingGroupItems.id, { onDelete: 'cascade' }),
		referenceType: text('reference_type').notNull(),
		value: text('value').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('tracking_group_item_references_item_idx').on(t.trackingGroupItemId)],
)

export const thresholdSettings = pgTable(
	'threshold_settings',
	{
		id: id(),
		organizationId: organizationId(),
		trackingGroupId: uuid('tracking_group_id')
			.notNull()
			.references(() => trackingGroups.id, { onDelete: 'cascade' }),
		measurementTypeId: uuid('measurement_type_id')
			.notNull()
			.references(() => measurementTypes.id),
		min: doublePrecision('min'),
		max: doublePrecision('max'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('threshold_settings_group_type_unique').on(t.trackingGroupId, t.measurementTypeId),
	],
)

export const measurements = pgTable(
	'measurements',
	{
		// No foreign keys on the supply chain and the type, unlike other tables: a reading's are its
		// tracking group's and a type the batch was checked against (server/sensors/ingest.ts
		// batchIssues), and the checks cost every one of thousands of rows a batch. The group's key
		// stays: deleting a group (or its supply chain) deletes its readings.
		organizationId: uuid('organization_id').notNull(),
		trackingGroupId: uuid('tracking_group_id')
			.notNull()
			.references(() => trackingGroups.id, { onDelete: 'cascade' }),
		measurableId: text('measurable_id').notNull(),
		measurementTypeId: uuid('measurement_type_id').notNull(),
		measureAt: tstz('measure_at').notNull(),
		value: doublePrecision('value').notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		/**
		 * One reading per item, type and time, its key: ingestion is idempotent on it (ON CONFLICT DO
		 * NOTHING), and a reading needs no id of its own (nothing refers to one), which spares every
		 * insert a generated uuid and a second index.
		 */
		primaryKey({
			name: 'measurements_pkey',
			columns: [t.trackingGroupId, t.measurementTypeId, t.measurableId, t.measureAt],
		}),
	],
)

/**
 * A tracked item whose readings went outside thresholds. ongoing: still in
 * transit (Ongoing Breaches); otherwise it is a Historical Breach.
 */
export const breachedOrders = pgTable(
	'breached_orders',
	{
		id: id(),
		organizationId: organizationId(),
		trackingGroupId: uuid('tracking_group_id')
			.notNull()
			.references(() => trackingGroups.id, { onDelete: 'cascade' }),
		shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
		trackingGroupItemId: uuid('tracking_group_item_id').references(() => trackingGroupItems.id, {
			onDelete: 'set null',
		}),
		/** Copied from the item: pallet | carton | shipset, its name and measurable id. */
		itemType: text('item_type').notNull(),
		itemName: text('item_name').notNull(),
		measurableId: text('measurable_id').notNull(),
		ongoing: boolean('ongoing').notNull().default(true),
		firstEventAt: tstz('first_event_at').notNull(),
		lastEventAt: tstz('last_event_at').notNull(),
		timezone: text('timezone').notNull().default('UTC'),
		breachCount: integer('breach_count').notNull().default(0),
		totalDurationSeconds: integer('total_duration_seconds').notNull().default(0),
		/**
		 * Attribution: the node of the order's journey where it was when the breach started (the
		 * last node whose first event is at or before the start), and who had it then: the carrier
		 * and tracking number of a Transit node's shipment, else the facility (the node's place).
		 */
		nodeId: uuid('node_id').references((): AnyPgColumn => nodes.id, { onDelete: 'set null' }),
		custodian: text('custodian'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('breached_orders_org_ongoing_last_idx').on(t.organizationId, t.ongoing, t.lastEventAt),
		index('breached_orders_group_idx').on(t.trackingGroupId),
	],
)

export const breachedOrderShipSets = pgTable(
	'breached_order_ship_sets',
	{
		organizationId: organizationId(),
		breachedOrderId: uuid('breached_order_id')
			.notNull()
			.references(() => breachedOrders.id, { onDelete: 'cascade' }),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
	},
	(t) => [
		primaryKey({ columns: [t.breachedOrderId, t.shipSetId] }),
		index('breached_order_ship_sets_ship_set_idx').on(t.shipSetId),
	],
)

/**
 * One breached sensor type of a breached order. durations: [{ value: seconds,
 * type: 'above' | 'below' }], one entry per excursion.
 */
export const measurementExceptionSummaries = pgTable(
	'measurement_exception_summaries',
	{
		id: id(),
		organizationId: organizationId(),
		breachedOrderId: uuid('breached_order_id')
			.notNull()
			.references(() => breachedOrders.id, { onDelete: 'cascade' }),
		measurementTypeId: uuid('measurement_type_id').references(() => measurementTypes.id),
		/** measurement_types.code, e.g. temperature. */
		sensorTypeCode: text('sensor_type_code').notNull(),
		firstEventSummary: text('first_event_summary').notNull(),
		firstEventAt: tstz('first_event_at').notNull(),
		lastEventAt: tstz('last_event_at'),
		minThresholdValue: doublePrecision('min_threshold_value'),
		maxThresholdValue: doublePrecision('max_threshold_value'),
		/** measurement_types.uom_code, e.g. degrees_celsius. */
		sensorUomCode: text('sensor_uom_code').notNull(),
		count: integer('count').notNull().default(0),
		durations: jsonb('durations')
			.$type<{ value: number; type: string }[]>()
			.notNull()
			.default(sql`'[]'::jsonb`),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('measurement_exception_summaries_order_type_unique').on(
			t.breachedOrderId,
			t.sensorTypeCode,
		),
	],
)
