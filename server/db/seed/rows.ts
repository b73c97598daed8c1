import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../client'
import * as s from '../schema'

/**
 * Rows waiting to be written, one list per table, flushed in foreign-key
 * order in multi-row INSERTs. Builders push plain objects; nothing touches
 * the database until flushRows.
 */

/** The tables the seed writes, in an order that satisfies every foreign key. */
export const SEED_TABLES = {
	organizations: s.organizations,
	users: s.users,
	memberships: s.memberships,
	featureToggles: s.featureToggles,
	conveyanceTypes: s.conveyanceTypes,
	statusTypes: s.statusTypes,
	substatusTypes: s.substatusTypes,
	measurementTypes: s.measurementTypes,
	documentTypes: s.documentTypes,
	carriers: s.carriers,
	tags: s.tags,
	orderTypes: s.orderTypes,
	customAttributeTypes: s.customAttributeTypes,
	locations: s.locations,
	shipSets: s.shipSets,
	shipments: s.shipments,
	shipmentReferences: s.shipmentReferences,
	trackingGroups: s.trackingGroups,
	nodes: s.nodes,
	events: s.events,
	shipSetTags: s.shipSetTags,
	relatedShipSets: s.relatedShipSets,
	customAttributes: s.customAttributes,
	freightCosts: s.freightCosts,
	documents: s.documents,
	photos: s.photos,
	comments: s.comments,
	commentMentions: s.commentMentions,
	historicalLogs: s.historicalLogs,
	follows: s.follows,
	recentlyViewed: s.recentlyViewed,
	notificationPreferences: s.notificationPreferences,
	trackingGroupDrivers: s.trackingGroupDrivers,
	trackingGroupItems: s.trackingGroupItems,
	trackingGroupItemReferences: s.trackingGroupItemReferences,
	thresholdSettings: s.thresholdSettings,
	measurements: s.measurements,
	breachedOrders: s.breachedOrders,
	breachedOrderShipSets: s.breachedOrderShipSets,
	measurementExceptionSummaries: s.measurementExceptionSummaries,
} as const

type SeedTables = typeof SEED_TABLES
/** The database or a transaction of it: what the seed writes through. */
export type Executor = Pick<Database, 'insert' | 'select' | 'execute'>
export type SeedRows = { [K in keyof SeedTables]: SeedTables[K]['$inferInsert'][] }

export function emptyRows(): SeedRows {
	const rows = {} as Record<string, unknown[]>
	for (const key of Object.keys(SEED_TABLES)) rows[key] = []
	return rows as SeedRows
}

/** Postgres accepts at most 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMS = 30_000

export interface FlushOptions {
	/** created_at/updated_at for rows that do not set them, so reruns write identical rows. */
	clock: Date
	/** Rows per INSERT. Default 2000. */
	batchSize?: number
}

/** Inserts every pending row in foreign-key order and empties the lists. Returns the row count. */
export async function flushRows(db: Executor, rows: SeedRows, opts: FlushOptions): Promise<number> {
	let total = 0
	for (const key of Object.keys(SEED_TABLES) as (keyof SeedTables)[]) {
		const list = rows[key] as Record<string, unknown>[]
		if (list.length === 0) continue
		total += await insertBatched(db, SEED_TABLES[key], list, opts)
		list.length = 0
	}
	return total
}

/** Fills created_at/updated_at the rows leave unset with `clock`, so reruns write identical rows. */
export function stampTimestamps(
	columns: Record<string, PgColumn>,
	list: Record<string, unknown>[],
	clock: Date,
): void {
	const hasCreated = 'createdAt' in columns
	const hasUpdated = 'updatedAt' in columns
	if (!hasCreated && !hasUpdated) return
	for (const row of list) {
		if (hasCreated && row.createdAt === undefined) row.createdAt = clock
		if (hasUpdated && row.updatedAt === undefined) row.updatedAt = row.createdAt ?? clock
	}
}

export async function insertBatched(
	db: Executor,
	table: PgTable,
	list: Record<string, unknown>[],
	opts: FlushOptions,
): Promise<number> {
	const columns = getTableColumns(table)
	stampTimestamps(columns, list, opts.clock)
	const perRow = Object.keys(columns).length
	const size = Math.max(1, opts.batchSize ?? 2000)
	for (let i = 0; i < list.length; i += size) {
		const chunk = list.slice(i, i + size)
		const statement = unnestInsert(table, columns, chunk)
		if (statement) {
			await db.execute(statement)
			continue
		}
		// Array columns (unnest would flatten them) or database-side defaults: plain multi-row INSERTs.
		const rowsPerInsert = Math.max(1, Math.floor(MAX_PARAMS / perRow))
		for (let j = 0; j < chunk.length; j += rowsPerInsert) {
			await db.insert(table).values(chunk.slice(j, j + rowsPerInsert))
		}
	}
	return list.length
}

/**
 * `INSERT INTO t (cols) SELECT * FROM unnest($1::type[], $2::type[], ...)`: one
 * bind parameter per column whatever the row count, much faster than
 * a multi-row VALUES list on PGlite. Returns null when the rows need what
 * unnest cannot do (array columns, a missing value whose default is SQL).
 */
function unnestInsert(
	table: PgTable,
	columns: Record<string, PgColumn>,
	chunk: Record<string, unknown>[],
): SQL | null {
	const keys = Object.keys(columns).filter((key) => chunk.some((row) => row[key] !== undefined))
	const names: SQL[] = []
	const arrays: SQL[] = []
	for (const key of keys) {
		const column = columns[key]
		if (!column) return null
		const type = column.getSQLType()
		if (type.endsWith(']')) return null
		const fallback = column.default
		if (fallback !== undefined && typeof fallback === 'object' && fallback !== null) {
			if (chunk.some((row) => row[key] === undefined)) return null
		}
		const values = chunk.map((row) => {
			const value = row[key] === undefined ? fallback : row[key]
			return value === undefined || value === null ? null : column.mapToDriverValue(value)
		})
		names.push(sql`${sql.identifier(column.name)}`)
		arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`)
	}
	return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`
}
