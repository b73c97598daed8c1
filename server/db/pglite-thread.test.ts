import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PgliteThread } from './pglite-thread'

/**
 * The PGlite thread (ADR 0030) stands in for PGlite itself under Drizzle, the migrator, the seed's
 * COPY and the export: what they rely on must hold across the thread.
 */
describe('PgliteThread', () => {
	let thread: PgliteThread
	// Starting PGlite (its WebAssembly, in a new thread) takes seconds, more on a busy machine.
	beforeAll(async () => {
		thread = await PgliteThread.start(undefined)
		await thread.exec('create table t (id int primary key, at timestamptz, doc jsonb)')
	}, 60_000)
	afterAll(async () => {
		await thread?.close()
	})

	it('answers a query with its rows, as objects or arrays, and its parameters bound', async () => {
		const objects = await thread.query<{ n: number; s: string }>(
			'select $1::int + 1 as n, $2::text as s',
			[41, 'x'],
		)
		expect(objects.rows).toEqual([{ n: 42, s: 'x' }])
		expect(objects.fields.map((f) => f.name)).toEqual(['n', 's'])
		const arrays = await thread.query('select 1, 2', [], { rowMode: 'array' })
		expect(arrays.rows).toEqual([[1, 2]])
	})

	it('reads dates, timestamps and intervals as PostgreSQL prints them, and keeps as text the other types whose parsers the caller gives', async () => {
		const at = "select '2026-11-26 06:00:00+00'::timestamptz as at, '1 day'::interval as d, 42 as n"
		// Drizzle's own types are text whether or not the caller names them (set once on the thread).
		expect((await thread.query(at)).rows[0]).toEqual({
			at: '2026-11-26 06:00:00+00',
			d: '1 day',
			n: 42,
		})
		const kept = await thread.query(at, [], {
			parsers: { 1184: (v: string) => v, 23: (v: string) => v },
		})
		expect(kept.rows[0]).toEqual({ at: '2026-11-26 06:00:00+00', d: '1 day', n: '42' })
	})

	it("gives back PostgreSQL's error with its code and constraint", async () => {
		await thread.query('insert into t (id) values (1)')
		const error = await thread.query('insert into t (id) values (1)').catch((e: unknown) => e)
		expect(error).toBeInstanceOf(Error)
		expect(error).toMatchObject({
			code: '23505',
			constraint: 't_pkey',
			message: expect.stringContaining('duplicate key'),
		})
		await thread.query('delete from t')
	})

	it('commits a transaction that returns, rolls back one that throws, and lets the next one in', async () => {
		const value = await thread.transaction(async (tx) => {
			await tx.query('insert into t (id) values (10)')
			return 'done'
		})
		expect(value).toBe('done')
		const failure = thread.transaction(async (tx) => {
			await tx.query('insert into t (id) values (11)')
			throw new Error('changed my mind')
		})
		await expect(failure).rejects.toThrow('changed my mind')
		await thread.transaction(async (tx) => {
			await tx.query('insert into t (id) values (12)')
			await tx.rollback()
		})
		const { rows } = await thread.query<{ id: number }>('select id from t order by id')
		expect(rows).toEqual([{ id: 10 }])
		await thread.query('delete from t')
	})

	it('runs Drizzle over it: a transaction with a savepoint that rolls back alone', async () => {
		const db = drizzle({ client: thread as never })
		await db.transaction(async (tx) => {
			await tx.execute(sql`insert into t (id, doc) values (20, ${JSON.stringify({ a: 1 })}::jsonb)`)
			await tx
				.transaction(async (inner) => {
					await inner.execute(sql`insert into t (id) values (21)`)
					inner.rollback()
				})
				.catch(() => {})
		})
		const { rows } = await db.execute<{ id: number; doc: unknown }>(
			sql`select id, doc from t order by id`,
		)
		expect(rows).toEqual([{ id: 20, doc: { a: 1 } }])
		await thread.query('delete from t')
	})

	it("carries COPY's blobs both ways (the seed writes with COPY FROM, the export reads with COPY TO)", async () => {
		await thread.transaction(async (tx) => {
			await tx.query(`copy t (id) from '/dev/blob'`, [], { blob: new Blob(['30\n31\n']) })
		})
		const out = await thread.query(`copy (select id from t order by id) to '/dev/blob'`)
		expect(await out.blob!.text()).toBe('30\n31\n')
		await thread.query('delete from t')
	})

	it('refuses a parameter that cannot cross threads, and goes on answering', async () => {
		await expect(thread.query('select $1::text', [() => 'x'])).rejects.toThrow(
			/PGlite thread: .*could not be cloned/,
		)
		expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }])
	})

	it('refuses every call once closed, naming the stopped thread', async () => {
		const other = await PgliteThread.start(undefined)
		await other.close()
		await expect(other.query('select 1')).rejects.toThrow(/PGlite thread stopped/)
	})
})
