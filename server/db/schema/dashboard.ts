import {
	date,
	doublePrecision,
	index,
	integer,
	numeric,
	pgTable,
	primaryKey,
	text,
	uuid,
} from 'drizzle-orm/pg-core'
import { organizationId, users } from './accounts'
import { createdAt, id } from './columns'

/**
 * The dashboard's aggregates (001 §2 widgets), kept per supply chain and UTC day by
 * triggers on ship_sets and shipments (server/dashboard/dashboard.sql) in the same
 * transaction as the write that changes them, so that a widget reads a few hundred rollup
 * rows instead of every order. `rebuild_dashboard_rollups(org)` recomputes one supply
 * chain from scratch (the migration's backfill, and the bulk seed that loads with the
 * triggers off). A missing order type or carrier is the nil uuid, so that each key is a
 * primary key.
 */

/** The nil uuid: "no order type" / "no carrier" in a rollup key. */
export const NO_KEY = '00000000-0000-0000-0000-000000000000'

/** Delivered orders per day of delivery and order type: Average Order Time, Late vs On Time. */
export const dashboardOrderDays = pgTable(
	'dashboard_order_days',
	{
		organizationId: organizationId(),
		day: date('day', { mode: 'string' }).notNull(),
		orderTypeId: uuid('order_type_id').notNull(),
		delivered: integer('delivered').notNull().default(0),
		late: integer('late').notNull().default(0),
		onTime: integer('on_time').notNull().default(0),
		/** Order time (first event, else creation, to delivery) summed in hours, over `hours_count` orders. */
		hoursSum: doublePrecision('hours_sum').notNull().default(0),
		hoursCount: integer('hours_count').notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.organizationId, t.day, t.orderTypeId] })],
)

/** Delivered shipments per day of delivery and carrier: Carrier Performance (both variants). */
export const dashboardCarrierDays = pgTable(
	'dashboard_carrier_days',
	{
		organizationId: organizationId(),
		day: date('day', { mode: 'string' }).notNull(),
		carrierId: uuid('carrier_id').notNull(),
		delivered: integer('delivered').notNull().default(0),
		late: integer('late').notNull().default(0),
		/** Transit time (shipped to delivered) summed in hours, over `hours_count` shipments. */
		hoursSum: doublePrecision('hours_sum').notNull().default(0),
		hoursCount: integer('hours_count').notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.organizationId, t.day, t.carrierId] })],
)

/**
 * The supply chain's orders with an event (the Live Feed's total), kept by the same trigger as the
 * rollups above: a count over every order costs more than a dashboard page may at a million orders.
 */
export const dashboardFeedCounts = pgTable('dashboard_feed_counts', {
	organizationId: organizationId().primaryKey(),
	orders: integer('orders').notNull().default(0),
})

/**
 * Open issues (a shipment still pending or in transit with a substatus of type 3) per day
 * the issue was raised, issue type, carrier and order type: the Issues Log. The age bucket
 * is computed when read, from the day.
 */
export const dashboardIssueDays = pgTable(
	'dashboard_issue_days',
	{
		organizationId: organizationId(),
		day: date('day', { mode: 'string' }).notNull(),
		substatusTypeId: uuid('substatus_type_id').notNull(),
		carrierId: uuid('carrier_id').notNull(),
		orderTypeId: uuid('order_type_id').notNull(),
		issues: integer('issues').notNull().default(0),
		/** The delivery values of the issues' orders, summed (USD). */
		deliveryValue: numeric('delivery_value', { precision: 16, scale: 2, mode: 'number' })
			.notNull()
			.default(0),
	},
	(t) => [
		primaryKey({
			columns: [t.organizationId, t.day, t.substatusTypeId, t.carrierId, t.orderTypeId],
		}),
	],
)

/** An Issues Log report (001 §4 "Issues log report"): the CSV a user asked for, kept for download. */
export const issuesLogReports = pgTable(
	'issues_log_reports',
	{
		id: id(),
		organizationId: organizationId(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		fileName: text('file_name').notNull(),
		rows: integer('rows').notNull(),
		csv: text('csv').notNull(),
		createdAt: createdAt(),
	},
	(t) => [index('issues_log_reports_org_user_idx').on(t.organizationId, t.userId, t.createdAt)],
)
