import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { PgliteThread } from './pglite-thread'
import * as schema from './schema'
import { SQL_SOURCES } from './sql-sources'

/**
 * Opens the database: embedded PGlite files under DATA_DIR (default), an
 * in-memory PGlite (tests), or a PostgreSQL server (DATABASE_URL). PGlite runs
 * in a worker thread of its own (server/db/pglite-thread.ts, ADR 0030). Both
 * drivers share Drizzle's pg-core query builder, so the rest of the code sees
 * one type, `Database`.
 */
export type Database = NodePgDatabase<typeof schema>

export interface DatabaseHandle {
	db: Database
	kind: 'pglite' | 'postgres'
	close(): Promise<void>
	/** Throws when the database does not answer `select 1`. */
	ping(): Promise<void>
	/** Runs a text of several statements as one transaction (the simple query protocol's implicit one): the files of SQL_SOURCES. */
	exec(script: string): Promise<void>
	/** PostgreSQL's connection pool (kind 'postgres' only): for the rate limits' store and advisory locks. */
	pool?: pg.Pool
}

export interface OpenDatabaseOptions {
	/** DATA_DIR: PGlite files go to `${dataDir}/pglite`, guarded by `${dataDir}/waymark.lock`. */
	dataDir?: string
	/** A postgres:// URL; wins over dataDir. */
	databaseUrl?: string
	/** In-memory PGlite (tests); wins over dataDir. */
	memory?: boolean
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
	if (opts.databaseUrl) return openPostgres(opts.databaseUrl)
	if (opts.memory) return openPglite(undefined, () => {})
	if (!opts.dataDir) throw new Error('openDatabase needs dataDir, databaseUrl or memory: true')
	const dataDir = path.resolve(opts.dataDir)
	fs.mkdirSync(dataDir, { recursive: true })
	const release = acquireDataDirLock(dataDir)
	try {
		const pgliteDir = path.join(dataDir, 'pglite')
		fs.mkdirSync(pgliteDir, { recursive: true })
		return await openPglite(pgliteDir, release)
	} catch (error) {
		release()
		throw error
	}
}

async function openPglite(dir: string | undefined, release: () => void): Promise<DatabaseHandle> {
	const client = await PgliteThread.start(dir)
	// Drizzle's PGlite driver calls query, exec and transaction, which the thread's client offers.
	const db = drizzlePglite({ client: client as never, schema }) as unknown as Database
	let closed = false
	return {
		db,
		kind: 'pglite',
		async close() {
			if (closed) return
			closed = true
			try {
				await client.close()
			} finally {
				release()
			}
		},
		async ping() {
			await client.query('select 1')
		},
		async exec(script) {
			await client.exec(script)
		},
	}
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
	const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
	// An idle client that loses its server must not crash the process.
	pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message))
	const db = drizzlePg({ client: pool, schema })
	let closed = false
	return {
		db,
		kind: 'postgres',
		pool,
		async close() {
			if (closed) return
			closed = true
			await pool.end()
		},
		async ping() {
			await pool.query('select 1')
		},
		async exec(script) {
			await pool.query(script)
		},
	}
}

/* ------------------------------------------------------------------------- */
/* The data-folder lock: PGlite is single-user, two processes would corrupt it. */

const heldLocks = new Set<string>()
let exitHookInstalled = false

function pidIsAlive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: the process exists but belongs to someone else.
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

/** Takes `${dataDir}/waymark.lock` (pid inside) or throws; returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
	const lockPath = path.join(dataDir, 'waymark.lock')
	if (heldLocks.has(lockPath)) {
		throw new Error(
			`This process already has the data folder ${dataDir} open. Close the other database handle first.`,
		)
	}
	const inUse = (pid: number) =>
		new Error(
			`Another Waymark server (pid ${pid}) is using the data folder ${dataDir}. ` +
				'Stop it first, or set DATA_DIR to another folder.',
		)
	for (let attempt = 0; ; attempt++) {
		try {
			const fd = fs.openSync(lockPath, 'wx')
			fs.writeSync(fd, `${process.pid}\n`)
			fs.closeSync(fd)
			break
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
			const pid = Number.parseInt(readLock(lockPath), 10)
			// Our own pid in a lock we do not hold is left over from an earlier run
			// (containers reuse pids, e.g. pid 1): stale, like a dead pid.
			const live = Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidIsAlive(pid)
			if (live) throw inUse(pid)
			// Another process took the stale lock between our two attempts.
			if (attempt > 0) throw inUse(pid)
			fs.rmSync(lockPath, { force: true })
		}
	}
	heldLocks.add(lockPath)
	if (!exitHookInstalled) {
		exitHookInstalled = true
		process.once('exit', () => {
			for (const held of heldLocks) fs.rmSync(held, { force: true })
		})
	}
	return () => {
		if (!heldLocks.delete(lockPath)) return
		fs.rmSync(lockPath, { force: true })
	}
}

function readLock(lockPath: string): string {
	try {
		return fs.readFileSync(lockPath, 'utf8').trim()
	} catch {
		return ''
	}
}

/* ------------------------------------------------------------------------- */
/* Migrations */

/** The advisory lock key of Waymark's start-up work (migrations, first secrets and keys, the demo seed): 'waymark' in ASCII. */
export const STARTUP_LOCK_KEY = 0x7761796d61726bn

/**
 * Runs `work` while holding PostgreSQL's session advisory lock STARTUP_LOCK_KEY on a connection of
 * its own ("migrations under a PostgreSQL advisory lock"): processes starting together
 * on one database take turns, the second finding the work done. PGlite admits one process (the
 * data-folder lock), so it just runs. Not reentrant: do not nest.
 */
export async function withStartupLock<T>(
	handle: DatabaseHandle,
	work: () => Promise<T>,
): Promise<T> {
	if (handle.kind !== 'postgres' || !handle.pool) return work()
	const client = await handle.pool.connect()
	try {
		await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()])
		try {
			return await work()
		} finally {
			await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()])
		}
	} finally {
		client.release()
	}
}

/**
 * Applies server/db/migrations that are not applied yet, then the database's logic (SQL_SOURCES:
 * `applySqlSources`), under the start-up lock; returns how many migrations this call applied (0:
 * another process, or an earlier start, did).
 */
export async function migrate(handle: DatabaseHandle): Promise<number> {
	const config = { migrationsFolder: MIGRATIONS_FOLDER }
	return withStartupLock(handle, async () => {
		const before = await appliedMigrationCount(handle)
		if (handle.kind === 'pglite') {
			const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator')
			await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config)
		} else {
			const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
			await migratePg(handle.db, config)
		}
		await applySqlSources(handle)
		return (await appliedMigrationCount(handle)) - before
	})
}

/** Rows in drizzle's migrations table; 0 before the first migration. */
export async function appliedMigrationCount(handle: DatabaseHandle): Promise<number> {
	try {
		const result = await handle.db.execute<{ count: number }>(
			sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
		)
		return Number(result.rows[0]?.count ?? 0)
	} catch {
		return 0
	}
}

/**
 * Keeps the search read model's counts index-only (ADR 0021): VACUUM marks the pages of
 * search_rows all-visible, so a count reads only a narrow index. PostgreSQL's autovacuum does
 * this by itself; PGlite runs none, so the server calls this after migrating and seeding and
 * then every few minutes, off the request path. A vacuum skips the pages already all-visible:
 * it costs what was written since the last one. The counts tables (search_counts,
 * search_location_counts, search_day_counts, search_place_counts) are small but upserted by
 * every write: their dead row versions go too.
 */
export async function vacuumReadModels(handle: DatabaseHandle): Promise<void> {
	await handle.db.execute(
		sql`VACUUM (ANALYZE) search_rows, search_counts, search_location_counts, search_day_counts, search_place_counts`,
	)
}

/** The number of migrations in the journal (server/db/migrations/meta/_journal.json). */
export function journalMigrationCount(): number {
	const journalPath = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json')
	const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] }
	return journal.entries.length
}

/**
 * For /readyz: true when every migration of the journal is recorded as applied, and every file of
 * SQL_SOURCES was applied after the database's last migration. An older process beside a newer
 * one (a rolling deploy) stays ready: a newer text of a file, or more migrations, are not held
 * against it, as the migrations are additive.
 */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
	const migrations = await appliedMigrationCount(handle)
	if (migrations < journalMigrationCount()) return false
	const applied = await appliedSqlSources(handle)
	return readSqlSources().every((source) => applied.get(source.name)?.migrations === migrations)
}

/* ------------------------------------------------------------------------- */
/* The database's logic: the files of SQL_SOURCES (server/db/sql-sources.ts) */

const SERVER_FOLDER = fileURLToPath(new URL('..', import.meta.url))

export interface SqlSource {
	/** The file's path under server/, e.g. `timeline/timeline.sql`. */
	name: string
	text: string
}

/** The files of SQL_SOURCES, in the order they apply. */
export function readSqlSources(): SqlSource[] {
	return SQL_SOURCES.map((name) => ({
		name,
		text: fs.readFileSync(path.join(SERVER_FOLDER, name), 'utf8'),
	}))
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** A string as a SQL literal (a script sent whole takes no parameters). */
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`

/** What waymark_sql_sources records, by file name (the table is migration 0035's). */
async function appliedSqlSources(
	handle: DatabaseHandle,
): Promise<Map<string, { sha256: string; migrations: number }>> {
	const rows = await handle.db.select().from(schema.sqlSources)
	return new Map(rows.map((r) => [r.name, { sha256: r.sha256, migrations: r.migrations }]))
}

/**
 * Applies the database's functions and triggers (SQL_SOURCES), as Flyway applies repeatable
 * migrations: each file whose text changed since it was last applied, or that was last applied
 * before a migration ran (a migration may have dropped what the file made: a trigger goes with its
 * table), in the list's order, each in one transaction with its record in waymark_sql_sources. Every
 * statement of a file is a CREATE OR REPLACE, so applying it again is harmless; a file unchanged is
 * not applied again at all, so an ordinary start takes no table's lock and empties no session's
 * cached plans. Run by `migrate`, under the start-up lock. Returns the names it applied.
 */
export async function applySqlSources(
	handle: DatabaseHandle,
	sources: SqlSource[] = readSqlSources(),
): Promise<string[]> {
	const migrations = await appliedMigrationCount(handle)
	const applied = await appliedSqlSources(handle)
	const done: string[] = []
	for (const { name, text } of sources) {
		const hash = sha256(text)
		const was = applied.get(name)
		if (was && was.sha256 === hash && was.migrations === migrations) continue
		// The record in the same transaction as the file's statements: a file that fails leaves neither.
		await handle.exec(
			`${text}\n;\nINSERT INTO waymark_sql_sources (name, sha256, migrations, applied_at) VALUES (${sqlText(name)}, ${sqlText(hash)}, ${migrations}, now())\n` +
				'ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, migrations = excluded.migrations, applied_at = excluded.applied_at',
		)
		done.push(name)
	}
	return done
}
