import { sql } from 'drizzle-orm'
import { check, index, numeric, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core'
import { organizationId } from './accounts'
import { createdAt, id, tstz, updatedAt } from './columns'
import { shipments, shipSets } from './orders'
import { carriers, customAttributeTypes, tags } from './reference'

/** What hangs off an order besides its journey: tags, related orders, custom attributes, freight costs. */

export const shipSetTags = pgTable(
	'ship_set_tags',
	{
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		tagId: uuid('tag_id')
			.notNull()
			.references(() => tags.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
	},
	(t) => [
		primaryKey({ columns: [t.shipSetId, t.tagId] }),
		index('ship_set_tags_tag_idx').on(t.tagId),
	],
)

/** A relation between two orders of the same supply chain (stored once per direction asked). */
export const relatedShipSets = pgTable(
	'related_ship_sets',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		relatedShipSetId: uuid('related_ship_set_id')
			.notNull()
			.references(() => shipSets.id, { onDelete: 'cascade' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		unique('related_ship_sets_pair_unique').on(t.shipSetId, t.relatedShipSetId),
		check('related_ship_sets_not_self', sql`${t.shipSetId} <> ${t.relatedShipSetId}`),
		index('related_ship_sets_related_idx').on(t.relatedShipSetId),
	],
)

/**
 * A custom attribute value of an order (ship_set_id set) or a shipment
 * (shipment_id set). Values are text; string_array values are JSON arrays,
 * datetime values ISO 8601, date values YYYY-MM-DD.
 */
export const customAttributes = pgTable(
	'custom_attributes',
	{
		id: id(),
		organizationId: organizationId(),
		customAttributeTypeId: uuid('custom_attribute_type_id')
			.notNull()
			.references(() => customAttributeTypes.id, { onDelete: 'cascade' }),
		shipSetId: uuid('ship_set_id').references(() => shipSets.id, { onDelete: 'cascade' }),
		shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'cascade' }),
		value: text('value').notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check(
			'custom_attributes_owner',
			sql`${t.shipSetId} is not null or ${t.shipmentId} is not null`,
		),
		index('custom_attributes_ship_set_idx').on(t.shipSetId),
		index('custom_attributes_shipment_idx').on(t.shipmentId),
		index('custom_attributes_type_value_idx').on(
			t.organizationId,
			t.customAttributeTypeId,
			t.value,
		),
	],
)

/** Invoiced freight cost of a shipment: the built-in analytics report reads this. */
export const freightCosts = pgTable(
	'freight_costs',
	{
		id: id(),
		organizationId: organizationId(),
		shipSetId: uuid('ship_set_id').references(() => shipSets.id, { onDelete: 'cascade' }),
		shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'cascade' }),
		carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
		amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
		/** ISO 4217, e.g. 'USD'. */
		currency: text('currency').notNull().default('USD'),
		invoicedAt: tstz('invoiced_at').notNull(),
		/** ground | air | ocean */
		mode: text('mode'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('freight_costs_org_invoiced_idx').on(t.organizationId, t.invoicedAt),
		index('freight_costs_shipment_idx').on(t.shipmentId),
		// The analytics rollup's refresh reads one (supply chain, carrier, month) group (ADR 0016).
		index('freight_costs_org_carrier_invoiced_idx').on(t.organizationId, t.carrierId, t.invoicedAt),
	],
)
