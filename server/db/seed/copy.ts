import { getTableColumns, getTableName } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { PgliteThread } from '../pglite-thread'
import { SEED_TABLES, stampTimestamps, type SeedRows } from './rows'

/**
 * The fast path for bulk rows on PGlite: `COPY table FROM '/dev/blob'` with
 * the rows serialised in COPY's text format, all tables in one transaction.
 * Faster than `INSERT … SELECT FROM unnest(…)` on PGlite, where
 * every statement's parameters cross the WebAssembly boundary as text anyway.
 */

const NEEDS_ESCAPE = /[\\\t\n\r]/

function copyValue(column: PgColumn, value: unknown): string {
	if (value === undefined || value === null) return '\\N'
	const driver = column.mapToDriverValue(value)
	const text = driver instanceof Date ? driver.toISOString() : String(driver)
	return NEEDS_ESCAPE.test(text)
		? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
		: text
}

/** The PGlite instance behind a Drizzle database, or null for PostgreSQL. */
export function pgliteClientOf(db: object): PgliteThread | null {
	const client = (db as { $client?: unknown }).$client
	return client instanceof PgliteThread ? client : null
}

/**
 * COPY text for the rows (arrays become array literals through Drizzle's own
 * mapping), or null when a row leaves unset a column whose default is SQL.
 */
export function copyText(
	table: PgTable,
	list: Record<string, unknown>[],
): { columns: string[]; text: string } | null {
	const columns = getTableColumns(table)
	const keys = Object.keys(columns).filter((key) => list.some((row) => row[key] !== undefined))
	const cols: PgColumn[] = []
	for (const key of keys) {
		const column = columns[key]
		if (!column) return null
		if (
			typeof column.default === 'object' &&
			column.default !== null &&
			list.some((row) => row[key] === undefined)
		)
			return null
		cols.push(column)
	}
	const lines: string[] = []
	for (const row of list) {
		const fields: string[] = []
		for (let i = 0; i < cols.length; i++) {
			const column = cols[i] as PgColumn
			const value = row[keys[i] as string]
			fields.push(copyValue(column, value === undefined ? column.default : value))
		}
		lines.push(fields.join('\t'))
	}
	return { columns: cols.map((c) => `"${c.name}"`), text: `${lines.join('\n')}\n` }
}

/**
 * Writes every pending row with COPY in one PGlite transaction and empties the
 * lists. triggers false skips every trigger (session_replication_role =
 * replica): foreign-key checks and the read models, which the caller then
 * rebuilds (seedScale).
 */
export async function copyRowsPglite(
	client: PgliteThread,
	rows: SeedRows,
	clock: Date,
	opts: { triggers: boolean },
): Promise<number> {
	let total = 0
	await client.transaction(async (tx) => {
		if (!opts.triggers) await tx.query('set local session_replication_role = replica')
		for (const key of Object.keys(SEED_TABLES) as (keyof typeof SEED_TABLES)[]) {
			const list = rows[key] as Record<string, unknown>[]
			if (list.length === 0) continue
			const table = SEED_TABLES[key]
			stampTimestamps(getTableColumns(table), list, clock)
			const copy = copyText(table, list)
			if (!copy) throw new Error(`copyRowsPglite: table ${key} cannot be copied`)
			const name = getTableName(table)
			await tx.query(`copy "${name}" (${copy.columns.join(', ')}) from '/dev/blob'`, [], {
				blob: new Blob([copy.text]),
			})
			total += list.length
			list.length = 0
		}
	})
	return total
}
