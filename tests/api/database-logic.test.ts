import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
	applySqlSources,
	migrate,
	migrationsApplied,
	MIGRATIONS_FOLDER,
	readSqlSources,
	type DatabaseHandle,
} from '../../server/db/client'
import { SQL_SOURCES } from '../../server/db/sql-sources'
import { openTestDatabase } from './harness'

/**
 * The database's functions and triggers are the files of SQL_SOURCES (server/db/sql-sources.ts), applied after the
 * migrations by `migrate` (docs/decisions/0031), on PGlite and, with DATABASE_URL, PostgreSQL.
 */

/** The last migration of the previous release (commit 933dff3), before the database's logic was source files. */
const PREVIOUS_RELEASE = '0034_timeline_versions'

interface Opened {
	database: DatabaseHandle
	dropDatabase: () => Promise<void>
}
const opened: Opened[] = []
async function emptyDatabase(): Promise<DatabaseHandle> {
	const db = await openTestDatabase()
	opened.push(db)
	return db.database
}
afterAll(async () => {
	for (const { database, dropDatabase } of opened) {
		await database.close()
		await dropDatabase()
	}
})

/** The migrations of the journal up to `last`, applied by drizzle's migrator from a folder holding only those. */
async function migrateUpTo(handle: DatabaseHandle, last: string) {
	const folder = await mkdtemp(path.join(tmpdir(), 'waymark-migrations-'))
	try {
		fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
		const journalPath = path.join(folder, 'meta', '_journal.json')
		const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
			entries: { tag: string }[]
		}
		const end = journal.entries.findIndex((e) => e.tag === last)
		expect(end).toBeGreaterThan(0)
		fs.writeFileSync(
			journalPath,
			JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }),
		)
		if (handle.kind === 'pglite') {
			const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator')
			await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], {
				migrationsFolder: folder,
			})
		} else {
			const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
			await migratePg(handle.db, { migrationsFolder: folder })
		}
	} finally {
		await rm(folder, { recursive: true, force: true })
	}
}

type FunctionRow = {
	name: string
	args: string
	result: string
	source: string
	config: string
	language: string
	volatility: string
}
type TriggerRow = {
	table: string
	name: string
	function: string
	type: number
	enabled: string
	definition: string
}

/** The functions of the public schema (not an extension's) and the triggers (not a foreign key's). */
async function logic(handle: DatabaseHandle) {
	const functions = await handle.db.execute<FunctionRow>(sql`
		select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, pg_get_function_result(p.oid) as result,
			p.prosrc as source, coalesce(array_to_string(p.proconfig, ','), '') as config, l.lanname as language, p.provolatile::text as volatility
		from pg_proc p
		join pg_namespace n on n.oid = p.pronamespace
		join pg_language l on l.oid = p.prolang
		where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
		order by 1, 2`)
	const triggers = await handle.db.execute<TriggerRow>(sql`
		select c.relname as table, t.tgname as name, t.tgfoid::regproc::text as function, t.tgtype::int as type, t.tgenabled::text as enabled,
			pg_get_triggerdef(t.oid) as definition
		from pg_trigger t
		join pg_class c on c.oid = t.tgrelid
		where not t.tgisinternal
		order by 1, 2`)
	return { functions: functions.rows, triggers: triggers.rows }
}

const recorded = async (handle: DatabaseHandle) =>
	(
		await handle.db.execute<{
			name: string
			sha256: string
			migrations: number
			applied_at: string
		}>(
			sql`select name, sha256, migrations, applied_at::text from waymark_sql_sources order by name`,
		)
	).rows

describe('the database logic (server/db/sql-sources.ts)', () => {
	let fresh: DatabaseHandle
	beforeAll(async () => {
		fresh = await emptyDatabase()
		await migrate(fresh)
	})

	it('a fresh database and one migrated from the previous release have the same functions and triggers', async () => {
		const previous = await emptyDatabase()
		await migrateUpTo(previous, PREVIOUS_RELEASE)
		const before = await logic(previous)
		expect(before.functions.some((f) => f.name === 'waymark_timeline_read')).toBe(true)
		expect(await migrate(previous)).toBeGreaterThan(0)
		const upgraded = await logic(previous)
		const made = await logic(fresh)
		expect(made.functions.length).toBeGreaterThan(40)
		expect(made.triggers.length).toBeGreaterThan(20)
		expect(upgraded).toEqual(made)
		expect(await migrationsApplied(previous)).toBe(true)
	})

	it('applies every SQL file of server/ but the migrations, each named once', () => {
		const server = path.resolve(import.meta.dirname, '../../server')
		const files = fs
			.readdirSync(server, { recursive: true, encoding: 'utf8' })
			.filter((f) => f.endsWith('.sql') && !f.startsWith(`db${path.sep}migrations${path.sep}`))
			.map((f) => f.split(path.sep).join('/'))
		expect([...SQL_SOURCES].sort()).toEqual(files.sort())
	})

	it('every function there is has its one definition in the files of SQL_SOURCES, with the same text', async () => {
		const sources = readSqlSources()
		for (const f of (await logic(fresh)).functions) {
			const defining = sources.filter((s) =>
				s.text.includes(`CREATE OR REPLACE FUNCTION ${f.name}(`),
			)
			expect(
				defining.map((s) => s.name),
				f.name,
			).toHaveLength(1)
			expect(defining[0]!.text.includes(f.source), `${f.name}'s text in ${defining[0]!.name}`).toBe(
				true,
			)
		}
	})

	it('every trigger there is comes from the files of SQL_SOURCES: dropped, they come back when the files are applied', async () => {
		const handle = await emptyDatabase()
		await migrate(handle)
		const made = await logic(handle)
		await handle.exec(made.triggers.map((t) => `DROP TRIGGER ${t.name} ON ${t.table};`).join('\n'))
		expect((await logic(handle)).triggers).toEqual([])
		await handle.db.execute(sql`delete from waymark_sql_sources`)
		expect(await migrationsApplied(handle)).toBe(false)
		expect(await applySqlSources(handle)).toEqual(readSqlSources().map((s) => s.name))
		expect(await logic(handle)).toEqual(made)
		expect(await migrationsApplied(handle)).toBe(true)
	})

	it('a second start applies nothing', async () => {
		const was = { logic: await logic(fresh), recorded: await recorded(fresh) }
		expect(was.recorded.map((r) => r.name)).toEqual(
			readSqlSources()
				.map((s) => s.name)
				.sort(),
		)
		expect(await migrate(fresh)).toBe(0)
		expect(await applySqlSources(fresh)).toEqual([])
		expect({ logic: await logic(fresh), recorded: await recorded(fresh) }).toEqual(was)
	})

	it('a file whose text changed is applied again, and so is one applied before the last migration', async () => {
		const sources = readSqlSources()
		const timeline = sources.find((s) => s.name === 'timeline/timeline.sql')!
		const iso = async () =>
			(
				await fresh.db.execute<{ src: string }>(
					sql`select prosrc as src from pg_proc where proname = 'waymark_iso'`,
				)
			).rows[0]!.src
		const original = await iso()
		const changed = sources.map((s) =>
			s === timeline
				? {
						...s,
						text: s.text.replace(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`, `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`),
					}
				: s,
		)
		expect(changed.find((s) => s.name === timeline.name)!.text).not.toBe(timeline.text)
		expect(await applySqlSources(fresh, changed)).toEqual([timeline.name])
		expect(await iso()).not.toBe(original)
		expect(await applySqlSources(fresh, changed)).toEqual([])
		expect(await applySqlSources(fresh)).toEqual([timeline.name])
		expect(await iso()).toBe(original)

		await fresh.db.execute(
			sql`update waymark_sql_sources set migrations = migrations - 1 where name = 'dashboard/dashboard.sql'`,
		)
		expect(await migrationsApplied(fresh)).toBe(false)
		expect(await applySqlSources(fresh)).toEqual(['dashboard/dashboard.sql'])
		expect(await migrationsApplied(fresh)).toBe(true)
	})

	it('a file that fails leaves nothing of itself, and the start fails', async () => {
		const broken = {
			name: '99-broken.sql',
			text: 'CREATE OR REPLACE FUNCTION waymark_probe() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\nSELECT no_such_function();\n',
		}
		await expect(applySqlSources(fresh, [...readSqlSources(), broken])).rejects.toThrow(
			/no_such_function/,
		)
		const { rows } = await fresh.db.execute(
			sql`select 1 from pg_proc where proname = 'waymark_probe'`,
		)
		expect(rows).toEqual([])
		expect((await recorded(fresh)).map((r) => r.name)).not.toContain(broken.name)
	})
})
