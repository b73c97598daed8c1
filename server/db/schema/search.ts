import { sql } from 'drizzle-orm'
import { boolean, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

/**
 * The search read model (ADR 0021): one row per result row of the signed-in search (000 §2
 * "Result row": an order × one of its shipments, or the order alone when it has none), with
 * the values the table shows and the keys every filter reads, so that a search is one
 * indexed read of one table and a count an index-only scan. Kept by triggers on ship_sets,
 * shipments, events, carriers, conveyance_types and locations (server/search/search.sql)
 * in the transaction of the write that changes a row: every writer
 * (the shipment actions, ingestion, the seed) keeps it true without calling anything. A bulk
 * load with the triggers off calls `fill_search_rows(org)` (orders without rows) or
 * `rebuild_search_rows(org)` afterwards.
 *
 * No foreign keys: the triggers delete an order's rows with the order, and a foreign-key
 * check per row would double the cost of the bulk fill.
 */
export const searchRows = pgTable(
	'search_rows',
	{
		organizationId: uuid('organization_id').notNull(),
		shipSetId: uuid('ship_set_id').notNull(),
		/** The shipment's id, or the nil uuid on the row of an order without shipments. */
		rowKey: uuid('row_key').notNull(),
		shipmentId: uuid('shipment_id'),
		shipSetName: text('ship_set_name').notNull(),
		referenceNumber: text('reference_number'),
		/** The order's final shipping location, its name and its place (the destination tree). */
		locationId: uuid('location_id'),
		location: text('location'),
		destCountry: text('dest_country'),
		destState: text('dest_state'),
		destCity: text('dest_city'),
		carrierId: uuid('carrier_id'),
		carrierName: text('carrier_name'),
		conveyanceTypeId: uuid('conveyance_type_id'),
		conveyanceType: text('conveyance_type'),
		trackingNumber: text('tracking_number'),
		palletNumber: text('pallet_number'),
		cartonNumber: text('carton_number'),
		shippedAt: tstz('shipped_at'),
		shippedAtTz: text('shipped_at_tz'),
		/** The shipment date as the table shows it: the day of shipped_at in the shipment's zone (search_zone). */
		shippedDay: date('shipped_day', { mode: 'string' }),
		shipmentStatus: text('shipment_status'),
		finalMile: boolean('final_mile'),
		/** The shipment's origin (shipper location) and its place (the origin tree). */
		shipperLocationId: uuid('shipper_location_id'),
		originCountry: text('origin_country'),
		originState: text('origin_state'),
		originCity: text('origin_city'),
		/** The order's latest event (ship_sets.last_event_id). */
		statusName: text('status_name'),
		statusAt: tstz('status_at'),
		timezone: text('timezone'),
	},
	(t) => [
		primaryKey({ columns: [t.shipSetId, t.rowKey] }),
		/** The default sort (order number, then row id): the first page of any broad search walks it and stops. */
		index('search_rows_org_name_idx').on(t.organizationId, t.shipSetName, t.shipSetId, t.rowKey),
		/** Order number prefix (LIKE 'x%'). */
		index('search_rows_org_name_pattern_idx').on(
			t.organizationId,
			t.shipSetName.op('text_pattern_ops'),
		),
		index('search_rows_org_reference_idx')
			.on(t.organizationId, t.referenceNumber)
			.where(sql`${t.referenceNumber} is not null`),
		index('search_rows_org_tracking_idx')
			.on(t.organizationId, t.trackingNumber)
			.where(sql`${t.trackingNumber} is not null`),
		index('search_rows_org_pallet_idx')
			.on(t.organizationId, t.palletNumber)
			.where(sql`${t.palletNumber} is not null`),
		index('search_rows_org_carton_idx')
			.on(t.organizationId, t.cartonNumber)
			.where(sql`${t.cartonNumber} is not null`),
		/** A carrier, a conveyance type, a shipment date range, alone or together. */
		index('search_rows_org_carrier_day_idx').on(t.organizationId, t.carrierId, t.shippedDay),
		index('search_rows_org_conveyance_day_idx').on(
			t.organizationId,
			t.conveyanceTypeId,
			t.shippedDay,
		),
		index('search_rows_org_day_idx').on(t.organizationId, t.shippedDay),
		/** The location tree filters (the trees themselves read search_place_counts, migration 0023). */
		index('search_rows_org_destination_idx').on(
			t.organizationId,
			t.destCountry,
			t.destState,
			t.destCity,
		),
		index('search_rows_org_origin_idx').on(
			t.organizationId,
			t.originCountry,
			t.originState,
			t.originCity,
		),
		/** Containment on the final location name: trigrams for 3 letters and more, a narrow scan for fewer. */
		index('search_rows_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
		index('search_rows_org_location_idx').on(t.organizationId, t.location),
		/** Where a location's rename or move must reach. */
		index('search_rows_location_id_idx').on(t.locationId),
		index('search_rows_shipper_location_id_idx').on(t.shipperLocationId),
	],
)
