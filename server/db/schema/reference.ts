import { doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { organizationId, organizations } from './accounts'
import { createdAt, id, updatedAt } from './columns'

/**
 * Reference data: global lists (conveyance, measurement and status types) and
 * per-supply-chain lists (carriers, tags, order types, locations, document
 * and custom attribute types).
 */

/** Global. code: Ground 0, Air 1, Ocean 2 (the dashboard's conveyance filter values). */
export const conveyanceTypes = pgTable('conveyance_types', {
	id: id(),
	code: integer('code').notNull().unique(),
	name: text('name').notNull(),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
})

export const carriers = pgTable(
	'carriers',
	{
		id: id(),
		organizationId: organizationId(),
		/** Carrier name shown in lists, e.g. 'UPS'. */
		name: text('name').notNull(),
		/** Carrier code (the dashboard's carrierCodes), e.g. 'UPS-GND'. Unique per organization. */
		code: text('code').notNull(),
		/** Carrier description (the dashboard's carrierDescriptions filter), e.g. 'UPS Ground'. */
		description: text('description'),
		conveyanceTypeId: uuid('conveyance_type_id')
			.notNull()
			.references(() => conveyanceTypes.id),
		/** Standard Carrier Alpha Code, when the carrier has one. */
		scac: text('scac'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('carriers_org_code_unique').on(t.organizationId, t.code),
		index('carriers_org_name_idx').on(t.organizationId, t.name),
	],
)

export const tags = pgTable(
	'tags',
	{
		id: id(),
		organizationId: organizationId(),
		name: text('name').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [unique('tags_org_name_unique').on(t.organizationId, t.name)],
)

export const orderTypes = pgTable(
	'order_types',
	{
		id: id(),
		organizationId: organizationId(),
		name: text('name').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [unique('order_types_org_name_unique').on(t.organizationId, t.name)],
)

/**
 * Addresses: an order's final shipping location (destination / customer), a
 * node's location, a shipment's shipper and consignee.
 */
export const locations = pgTable(
	'locations',
	{
		id: id(),
		organizationId: organizationId(),
		name: text('name').notNull(),
		street1: text('street1'),
		street2: text('street2'),
		city: text('city'),
		state: text('state'),
		postalCode: text('postal_code'),
		/** ISO 3166-1 alpha-2 code, e.g. 'US', 'DE' (display names via Intl.DisplayNames). */
		country: text('country'),
		latitude: doublePrecision('latitude'),
		longitude: doublePrecision('longitude'),
		/** IANA zone name, e.g. 'America/Chicago'. */
		timezone: text('timezone'),
		/** Free classification used by the seed: factory, dc, hub, port, customer. */
		kind: text('kind'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('locations_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
		index('locations_org_country_state_city_idx').on(t.organizationId, t.country, t.state, t.city),
		/** The ingestion finds a sent place by its name (server/ingest/lookups.ts). */
		index('locations_org_name_idx').on(t.organizationId, t.name),
	],
)

/** Document types; organization_id null = available to every supply chain. One code is OTHERS. */
export const documentTypes = pgTable(
	'document_types',
	{
		id: id(),
		organizationId: uuid('organization_id').references(() => organizations.id, {
			onDelete: 'cascade',
		}),
		name: text('name').notNull(),
		code: text('code').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [unique('document_types_org_code_unique').on(t.organizationId, t.code).nullsNotDistinct()],
)

/** Global sensor types: humidity, light, pressure, shock, temperature, tilt. */
export const measurementTypes = pgTable('measurement_types', {
	id: id(),
	code: text('code').notNull().unique(),
	name: text('name').notNull(),
	/** Unit code: percent, degrees_celsius, lux, mg, pascal, degrees. */
	uomCode: text('uom_code').notNull(),
	/** Unit label, e.g. '°C'. */
	displayName: text('display_name').notNull(),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
})

export const customAttributeTypes = pgTable(
	'custom_attribute_types',
	{
		id: id(),
		organizationId: organizationId(),
		name: text('name').notNull(),
		/** ship_set | shipment */
		objectType: text('object_type').notNull(),
		/** string | string_array | integer | datetime | date */
		dataType: text('data_type').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('custom_attribute_types_org_object_name_unique').on(
			t.organizationId,
			t.objectType,
			t.name,
		),
	],
)

/**
 * Global status types (code 3 = Exception, whose substatus types are the issue
 * types of the Issues Log: GET /status_types/3/substatus_types).
 */
export const statusTypes = pgTable('status_types', {
	id: id(),
	code: integer('code').notNull().unique(),
	name: text('name').notNull(),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
})

export const substatusTypes = pgTable(
	'substatus_types',
	{
		id: id(),
		statusTypeId: uuid('status_type_id')
			.notNull()
			.references(() => statusTypes.id, { onDelete: 'cascade' }),
		code: text('code').notNull(),
		name: text('name').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [unique('substatus_types_status_code_unique').on(t.statusTypeId, t.code)],
)
