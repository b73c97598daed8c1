import { Readable } from 'node:stream'
import type { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { Database } from '../../db/client'
import { csvHeader, csvLineSql } from './search-csv'
import { searchConditions } from './search'
import type { SearchFilters, SearchSort } from './search-filters'

/**
 * The CSV export straight from the search read model (ADR 0021), in order number order
 * (descending when the table is sorted by order number descending, see exportDirection).
 * The database writes every line (csvLineSql: the same cells, formula escaping and quoting
 * as csvRow), so Node only moves bytes:
 *   - PostgreSQL: one `COPY (SELECT line … ORDER BY …) TO STDOUT (FORMAT binary)` through
 *     pg-copy-streams on a client of its own. The plan walks the default sort's index, so
 *     the first row leaves at once; the socket's backpressure paces the database; memory
 *     holds a chunk.
 *   - PGlite (one connection in this process): keyset batches of BATCH rows, each a
 *     `COPY (…) TO '/dev/blob' (FORMAT binary)`, the fastest read it has (the rows are
 *     formatted in the database, not parsed into JS values), taken one at a time as the
 *     consumer pulls, so other requests run between two batches.
 * Binary COPY frames each row with its length: the lines are sliced out (parseCopyBinary),
 * never scanned or unescaped.
 */

const PGLITE_BATCH = 20_000
const FIRST_BATCH = 500

const LINE_AND_KEY = (line: SQL) => sql`${line} as line, r.ship_set_name, r.ship_set_id::text, r.row_key::text`

function ordered(direction: SearchSort['direction']) {
	const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc')
	return sql`order by r.ship_set_name ${dir}, r.ship_set_id ${dir}, r.row_key ${dir}`
}

/** COPY takes no parameters: the statement with its values written in as literals (pg's escapeLiteral). */
export function inlineParams(db: Database, query: SQL): string {
	const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query)
	return text.replace(/\$(\d+)/g, (_, n: string) => {
		const v = params[Number(n) - 1]
		if (v === null || v === undefined) return 'NULL'
		if (typeof v === 'number' || typeof v === 'bigint') return String(v)
		if (typeof v === 'boolean') return v ? 'true' : 'false'
		return pg.escapeLiteral(String(v))
	})
}

/**
 * A parser of COPY … (FORMAT binary) output, fed chunk by chunk (a row may span chunks):
 * `onRow` gets each row's fields as views into the chunk or a joined buffer, valid during
 * the call. Returns true once the trailer is read.
 */
export function parseCopyBinary(onRow: (fields: (Uint8Array | null)[]) => void) {
	let pending: Uint8Array = new Uint8Array(0)
	let headerDone = false
	let finished = false
	return (chunk: Uint8Array): boolean => {
		let buf = pending.length ? concat(pending, chunk) : chunk
		let at = 0
		const view = () => new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
		let dv = view()
		if (!headerDone) {
			if (buf.length < 19) {
				pending = buf
				return false
			}
			const ext = dv.getUint32(15)
			if (buf.length < 19 + ext) {
				pending = buf
				return false
			}
			at = 19 + ext
			headerDone = true
		}
		for (;;) {
			if (buf.length - at < 2) break
			const count = dv.getInt16(at)
			if (count === -1) {
				finished = true
				at += 2
				break
			}
			// Enough bytes for the whole row?
			let p = at + 2
			const fields: (Uint8Array | null)[] = []
			let complete = true
			for (let i = 0; i < count; i++) {
				if (buf.length - p < 4) {
					complete = false
					break
				}
				const len = dv.getInt32(p)
				p += 4
				if (len === -1) {
					fields.push(null)
					continue
				}
				if (buf.length - p < len) {
					complete = false
					break
				}
				fields.push(buf.subarray(p, p + len))
				p += len
			}
			if (!complete) break
			onRow(fields)
			at = p
		}
		pending = at < buf.length ? buf.slice(at) : new Uint8Array(0)
		buf = pending
		dv = view()
		return finished
	}
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const out = new Uint8Array(a.length + b.length)
	out.set(a, 0)
	out.set(b, a.length)
	return out
}

/** Joins the rows' first field (the line) of one chunk into one buffer. */
function lineCollector() {
	let parts: Uint8Array[] = []
	let size = 0
	return {
		add(fields: (Uint8Array | null)[]) {
			const line = fields[0]
			if (!line) return
			parts.push(line)
			size += line.length
		},
		take(): Uint8Array | null {
			if (size === 0) return null
			const out = new Uint8Array(size)
			let o = 0
			for (const p of parts) {
				out.set(p, o)
				o += p.length
			}
			parts = []
			size = 0
			return out
		},
	}
}

type PgPool = pg.Pool

function clientOf(db: Database): { pool: PgPool } | { pglite: PGlite } {
	const client = (db as unknown as { $client: unknown }).$client
	if (client instanceof pg.Pool) return { pool: client }
	return { pglite: client as PGlite }
}

/** search_report.csv as a byte stream: the header at once, then every matching row (see above). */
export function exportCsv(
	db: Database,
	org: string,
	f: SearchFilters,
	direction: SearchSort['direction'],
	onError?: (error: unknown) => void,
	pgliteBatch = PGLITE_BATCH,
): ReadableStream<Uint8Array> {
	const where = searchConditions(org, f)
	const client = clientOf(db)
	const header = new TextEncoder().encode(csvHeader())
	if ('pool' in client) return postgresCopy(db, client.pool, where, direction, header, onError)
	return pgliteBatches(db, client.pglite, where, direction, header, pgliteBatch, onError)
}

function postgresCopy(db: Database, pool: PgPool, where: SQL, direction: SearchSort['direction'], header: Uint8Array, onError?: (error: unknown) => void) {
	const text = inlineParams(db, sql`copy (select ${csvLineSql()} from search_rows r where ${where} ${ordered(direction)}) to stdout (format binary)`)
	let connection: pg.PoolClient | undefined
	let source: Readable | undefined
	// One parser for the whole COPY: a row may span two chunks.
	const lines = lineCollector()
	const parse = parseCopyBinary((fields) => lines.add(fields))
	const release = (error?: Error) => {
		const c = connection
		connection = undefined
		c?.release(error)
	}
	return new ReadableStream<Uint8Array>({
		async start(controller) {
			controller.enqueue(header)
			try {
				connection = await pool.connect()
				source = connection.query(copyTo(text))
			} catch (error) {
				release(error as Error)
				onError?.(error)
				controller.error(error)
			}
		},
		async pull(controller) {
			// One chunk (or the end) per pull: the stream's consumer sets the pace.
			for (;;) {
				const chunk = await readChunk(source!)
				if (chunk === null) {
					release()
					controller.close()
					return
				}
				if (chunk instanceof Error) {
					release(chunk)
					onError?.(chunk)
					controller.error(chunk)
					return
				}
				parse(chunk)
				const out = lines.take()
				if (out) {
					controller.enqueue(out)
					return
				}
			}
		},
		cancel() {
			// Ending the COPY early: destroy the stream and drop the connection rather than reuse it mid-COPY.
			source?.destroy()
			release(new Error('export cancelled'))
		},
	})
}

/** The next chunk of a readable, null at its end, the error if it failed. */
function readChunk(source: Readable): Promise<Uint8Array | null | Error> {
	const chunk = source.read() as Uint8Array | null
	if (chunk !== null) return Promise.resolve(chunk)
	if (source.readableEnded) return Promise.resolve(null)
	return new Promise((resolve) => {
		const done = (value: Uint8Array | null | Error) => {
			source.off('readable', onReadable)
			source.off('end', onEnd)
			source.off('error', onErr)
			resolve(value)
		}
		const onReadable = () => {
			const c = source.read() as Uint8Array | null
			if (c !== null) done(c)
		}
		const onEnd = () => done(null)
		const onErr = (e: Error) => done(e)
		source.on('readable', onReadable)
		source.on('end', onEnd)
		source.on('error', onErr)
	})
}

function pgliteBatches(
	db: Database,
	client: PGlite,
	where: SQL,
	direction: SearchSort['direction'],
	header: Uint8Array,
	batch: number,
	onError?: (error: unknown) => void,
) {
	const cmp = sql.raw(direction === 'desc' ? '<' : '>')
	const decoder = new TextDecoder()
	let after: [string, string, string] | undefined
	let done = false
	let first = true
	return new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(header)
		},
		async pull(controller) {
			if (done) {
				controller.close()
				return
			}
			try {
				// The first batch small, so that the first rows leave at once.
				const size = first ? Math.min(batch, FIRST_BATCH) : batch
				const keyset = after ? sql`and (r.ship_set_name, r.ship_set_id, r.row_key) ${cmp} (${after[0]}, ${after[1]}::uuid, ${after[2]}::uuid)` : sql``
				const text = inlineParams(
					db,
					sql`copy (select ${LINE_AND_KEY(csvLineSql())} from search_rows r where ${where} ${keyset} ${ordered(direction)} limit ${size}) to '/dev/blob' (format binary)`,
				)
				const result = await client.query(text)
				first = false
				const bytes = new Uint8Array(await result.blob!.arrayBuffer())
				const lines = lineCollector()
				let rows = 0
				let last: (Uint8Array | null)[] | undefined
				parseCopyBinary((fields) => {
					rows++
					lines.add(fields)
					last = fields
				})(bytes)
				if (rows < size) done = true
				else after = [decoder.decode(last![1]!), decoder.decode(last![2]!), decoder.decode(last![3]!)]
				const out = lines.take()
				if (out) controller.enqueue(out)
				if (done) controller.close()
			} catch (error) {
				onError?.(error)
				controller.error(error)
			}
		},
	})
}
