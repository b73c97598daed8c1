import {
	date,
	doublePrecision,
	integer,
	numeric,
	pgTable,
	primaryKey,
	text,
	uuid,
} from 'drizzle-orm/pg-core'
import { organizationId } from './accounts'

/**
 * The freight-cost report's rollup (ADR 0016): invoiced freight cost per supply chain,
 * UTC month of invoice, carrier, conveyance type and lane, kept by triggers on freight_costs and
 * shipments (server/analytics/freight-analytics.sql) in the writer's transaction, the way the
 * dashboard's rollups are (ADR 0012). Each write recomputes the (supply chain, month, carrier)
 * group it touches from the cost lines themselves, so a distinct count of orders stays exact per
 * key. `rebuild_analytics_freight_months(org)` recomputes one supply chain (the migration's
 * backfill, and bulk loads made with the triggers off).
 *
 * A missing carrier is the nil uuid; a missing conveyance type or lane end is ''.
 */
export const analyticsFreightMonths = pgTable(
	'analytics_freight_months',
	{
		organizationId: organizationId(),
		/** First day of the UTC month of invoice. */
		month: date('month', { mode: 'string' }).notNull(),
		carrierId: uuid('carrier_id').notNull(),
		/** freight_costs.mode: ground | air | ocean ('' when unknown). */
		conveyance: text('conveyance').notNull(),
		/** The shipment's shipper location as 'City, CC' ('' when unknown). */
		origin: text('origin').notNull(),
		/** The shipment's consignee location as 'City, CC' ('' when unknown). */
		destination: text('destination').notNull(),
		/** Sum of the invoiced amounts (USD). */
		amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
		/** Cost lines (invoices of a shipment). */
		lines: integer('lines').notNull().default(0),
		/** Distinct orders of those cost lines, within this key. */
		orders: integer('orders').notNull().default(0),
		/** Weight of the invoiced shipments that have one, in kg, and the amount of those lines. */
		weightKg: doublePrecision('weight_kg').notNull().default(0),
		weighedAmount: numeric('weighed_amount', { precision: 16, scale: 2, mode: 'number' })
			.notNull()
			.default(0),
		/** Invoiced shipments delivered, and of those delivered late. */
		delivered: integer('delivered').notNull().default(0),
		late: integer('late').notNull().default(0),
	},
	(t) => [
		primaryKey({
			columns: [t.organizationId, t.month, t.carrierId, t.conveyance, t.origin, t.destination],
		}),
	],
)
