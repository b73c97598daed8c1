import { Readable } from 'node:stream'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { Database } from '../db/client'
import type { PgliteThread } from '../db/pglite-thread'
import { csvCell, csvHeader, type CsvOptions } from './csv'
import { ianaZone, zoneAt } from '../shared/time-zones'
import {
	FROM_ROWS,
	inExportOrder,
	keyAfter,
	row,
	ROW_COLUMNS,
	searchConditions,
} from './search.queries'
import type { SearchFilters, SearchSort } from './filters'

/**
 * The CSV export straight from the search read model (ADR 0021), in order number order
 * (descending when the table is sorted by order number descending, see exportDirection).
 * The database sends the row's columns as they are stored, in COPY's binary format (no
 * output function runs: a uuid is 16 bytes, a timestamp 8), and Node writes the lines
 * straight from those bytes (csvLineWriter: csvCell's formula escaping and quoting, byte for
 * byte; a text that needs neither is copied without being decoded):
 *   - PostgreSQL: one `COPY (SELECT … ORDER BY …) TO STDOUT (FORMAT binary)` through
 *     pg-copy-streams on a client of its own. The plan walks the default sort's index, so
 *     the first row leaves at once; the socket's backpressure paces the database; memory
 *     holds a chunk.
 *   - PGlite (one connection in this process): keyset batches of BATCH rows, each a
 *     `COPY (…) TO '/dev/blob' (FORMAT binary)`, the fastest read it has (nothing is parsed
 *     into JS values), taken one at a time as the consumer pulls, so other requests run
 *     between two batches.
 * Formatting the timestamps in SQL (to_char) took two thirds of PGlite's time, the quoting
 * tests most of the rest (README, "Search at scale").
 */

const PGLITE_BATCH = 20_000
const FIRST_BATCH = 500

/**
 * The columns the lines are written from (csvLineWriter reads them by position), and the
 * row's key last (PGlite's keyset batches).
 */
const COLUMNS = sql.join([...ROW_COLUMNS, row.rowKey], sql`, `)

/** COPY takes no parameters: the statement with its values written in as literals (pg's escapeLiteral). */
export function inlineParams(db: Database, query: SQL): string {
	const { sql: text, params } = (
		db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
	).dialect.sqlToQuery(query)
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
 * `onRow` gets each row's fields as positions in `buf` (start, and length or -1 for null),
 * valid during the call. Returns true once the trailer is read.
 */
export function copyBinaryRows(
	onRow: (buf: Uint8Array, starts: Int32Array, lengths: Int32Array, count: number) => void,
) {
	let pending: Uint8Array = new Uint8Array(0)
	let headerDone = false
	let finished = false
	let starts = new Int32Array(32)
	let lengths = new Int32Array(32)
	return (chunk: Uint8Array): boolean => {
		const buf = pending.length ? concat(pending, chunk) : chunk
		let at = 0
		const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
		if (!headerDone) {
			if (buf.length < 19 || buf.length < 19 + dv.getUint32(15)) {
				pending = buf
				return false
			}
			at = 19 + dv.getUint32(15)
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
			if (count > starts.length) {
				starts = new Int32Array(count)
				lengths = new Int32Array(count)
			}
			// Enough bytes for the whole row?
			let p = at + 2
			let complete = true
			for (let i = 0; i < count; i++) {
				if (buf.length - p < 4) {
					complete = false
					break
				}
				const len = dv.getInt32(p)
				p += 4
				starts[i] = p
				lengths[i] = len
				if (len === -1) continue
				if (buf.length - p < len) {
					complete = false
					break
				}
				p += len
			}
			if (!complete) break
			onRow(buf, starts, lengths, count)
			at = p
		}
		pending = at < buf.length ? buf.slice(at) : new Uint8Array(0)
		return finished
	}
}

/** copyBinaryRows with each row's fields as views into the chunk (or a joined buffer), null for null. */
export function parseCopyBinary(onRow: (fields: (Uint8Array | null)[]) => void) {
	return copyBinaryRows((buf, starts, lengths, count) => {
		const fields: (Uint8Array | null)[] = []
		for (let i = 0; i < count; i++)
			fields.push(lengths[i]! < 0 ? null : buf.subarray(starts[i]!, starts[i]! + lengths[i]!))
		onRow(fields)
	})
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const out = new Uint8Array(a.length + b.length)
	out.set(a, 0)
	out.set(b, a.length)
	return out
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
const HEX_HI = new Uint8Array(HEX.map((h) => h.charCodeAt(0)))
const HEX_LO = new Uint8Array(HEX.map((h) => h.charCodeAt(1)))
/** Microseconds from PostgreSQL's epoch (2000-01-01) to Unix's, in milliseconds. */
const PG_EPOCH_MS = 946_684_800_000
const COMMA = 0x2c
const CR = 0x0d
const LF = 0x0a
/** First bytes csvCell escapes (=, +, -, @, tab, carriage return): UTF-8 starts a character other than these with another byte. */
const FORMULA = new Uint8Array(256)
for (const c of '=+-@\t\r') FORMULA[c.charCodeAt(0)] = 1
/** Bytes csvCell quotes a cell for (", comma, semicolon, CR, LF): in UTF-8 only ever these characters. */
const QUOTED = new Uint8Array(256)
for (const c of '",;\r\n') QUOTED[c.charCodeAt(0)] = 1

/** The columns of COLUMNS by position. */
const C = {
	shipSetId: 0,
	shipmentId: 1,
	name: 2,
	reference: 3,
	carrier: 4,
	tracking: 5,
	shippedAt: 6,
	shippedAtTz: 7,
	shipmentStatus: 8,
	statusName: 9,
	statusAt: 10,
	timezone: 11,
	location: 12,
	finalMile: 13,
	conveyanceType: 14,
	rowKey: 15,
} as const

const TEXTS = [
	C.name,
	C.reference,
	C.carrier,
	C.tracking,
	C.shippedAtTz,
	C.shipmentStatus,
	C.statusName,
	C.timezone,
	C.location,
	C.conveyanceType,
]
const TEXTS_1 = [C.name, C.reference, C.carrier, C.tracking]
const TEXTS_2 = [C.shippedAtTz, C.shipmentStatus, C.statusName]
const TEXTS_3 = [C.timezone, C.location]

/**
 * Writes the CSV lines of rows of COLUMNS (binary COPY fields) into one growing buffer: the
 * cells of CSV_COLUMNS, as csvRow writes them from the API's row (search.ts toRow: the id is
 * the shipment's or the order's; the dates as the results table shows them, in the zones the
 * shipped tz database gives the row's zone names; final mile Yes/No).
 */
export function csvLineWriter(opts: CsvOptions) {
	const decoder = new TextDecoder()
	const encoder = new TextEncoder()
	let out = new Uint8Array(1 << 16)
	let at = 0
	let rowSize = 0
	const ensure = (n: number) => {
		if (at + n <= out.length) return
		const next = new Uint8Array(Math.max(out.length * 2, at + n))
		next.set(out.subarray(0, at))
		out = next
	}
	const uuid = (buf: Uint8Array, start: number) => {
		for (let i = 0; i < 16; i++) {
			if (i === 4 || i === 6 || i === 8 || i === 10) out[at++] = 0x2d
			const b = buf[start + i]!
			out[at++] = HEX_HI[b]!
			out[at++] = HEX_LO[b]!
		}
	}
	const text = (buf: Uint8Array, start: number, len: number) => {
		if (len <= 0) return
		let plain = FORMULA[buf[start]!] === 0
		if (plain) {
			for (let i = start, end = start + len; i < end; i++) {
				if (QUOTED[buf[i]!] === 1) {
					plain = false
					break
				}
			}
		}
		if (plain) {
			out.set(buf.subarray(start, start + len), at)
			at += len
			return
		}
		const cell = csvCell(decoder.decode(buf.subarray(start, start + len)))
		ensure(cell.length * 3 + rowSize)
		at += encoder.encodeInto(cell, out.subarray(at)).written
	}
	const digits = (value: number, width: number) => {
		for (let i = width - 1; i >= 0; i--) {
			out[at + i] = 0x30 + (value % 10)
			value = Math.floor(value / 10)
		}
		at += width
	}
	const ascii = (value: string) => {
		for (let i = 0; i < value.length; i++) out[at++] = value.charCodeAt(i)
	}
	/** A text field's value, null when null or empty. */
	const zoneName = (buf: Uint8Array, start: number, len: number) =>
		len > 0 ? decoder.decode(buf.subarray(start, start + len)) : null
	/**
	 * A timestamp field as csvRow writes it (formatDay, formatDayTime): 'MM/DD/YYYY', and with
	 * `withTime` ' hh:mm AM' and the zone's abbreviation; the wall clock in the zone from the
	 * microseconds, without a Date.
	 */
	const zoned = (
		dv: DataView,
		start: number,
		len: number,
		zone: string | null,
		withTime: boolean,
	) => {
		if (len !== 8) return
		const utcMs =
			Math.floor((dv.getInt32(start) * 4_294_967_296 + dv.getUint32(start + 4)) / 1000) +
			PG_EPOCH_MS
		const { offsetMinutes, abbreviation } = zoneAt(ianaZone(zone), utcMs)
		const ms = utcMs + offsetMinutes * 60_000
		const days = Math.floor(ms / 86_400_000)
		let inDay = ms - days * 86_400_000
		// Civil date from days since 1970-01-01 (H. Hinnant's days_from_civil inverse).
		const z = days + 719_468
		const era = Math.floor(z / 146_097)
		const doe = z - era * 146_097
		const yoe = Math.floor(
			(doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
		)
		const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
		const mp = Math.floor((5 * doy + 2) / 153)
		const day = doy - Math.floor((153 * mp + 2) / 5) + 1
		const month = mp < 10 ? mp + 3 : mp - 9
		const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
		digits(month, 2)
		out[at++] = 0x2f
		digits(day, 2)
		out[at++] = 0x2f
		digits(year, 4)
		if (!withTime) return
		const hour = Math.floor(inDay / 3_600_000)
		inDay %= 3_600_000
		out[at++] = 0x20
		digits(hour % 12 === 0 ? 12 : hour % 12, 2)
		out[at++] = 0x3a
		digits(Math.floor(inDay / 60_000), 2)
		ascii(hour < 12 ? ' AM ' : ' PM ')
		ascii(abbreviation)
	}
	return {
		row(buf: Uint8Array, starts: Int32Array, lengths: Int32Array) {
			// Room for the line as it is when no cell needs escaping (an escaped one makes room for itself).
			rowSize = 2 + 16 + 3 * 36 + 3 + 10 + 32
			for (const i of TEXTS) rowSize += Math.max(0, lengths[i]!)
			ensure(rowSize)
			const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
			const hasShipment = lengths[C.shipmentId]! === 16
			uuid(buf, starts[hasShipment ? C.shipmentId : C.shipSetId]!)
			out[at++] = COMMA
			uuid(buf, starts[C.shipSetId]!)
			out[at++] = COMMA
			if (hasShipment) uuid(buf, starts[C.shipmentId]!)
			for (const i of TEXTS_1) {
				out[at++] = COMMA
				text(buf, starts[i]!, lengths[i]!)
			}
			out[at++] = COMMA
			const shippedZone = opts.localShipmentDate
				? zoneName(buf, starts[C.shippedAtTz]!, lengths[C.shippedAtTz]!)
				: 'UTC'
			zoned(dv, starts[C.shippedAt]!, lengths[C.shippedAt]!, shippedZone, false)
			for (const i of TEXTS_2) {
				out[at++] = COMMA
				text(buf, starts[i]!, lengths[i]!)
			}
			out[at++] = COMMA
			const statusZone = zoneName(buf, starts[C.timezone]!, lengths[C.timezone]!)
			zoned(dv, starts[C.statusAt]!, lengths[C.statusAt]!, statusZone, true)
			for (const i of TEXTS_3) {
				out[at++] = COMMA
				text(buf, starts[i]!, lengths[i]!)
			}
			out[at++] = COMMA
			if (lengths[C.finalMile] === 1) ascii(buf[starts[C.finalMile]!] ? 'Yes' : 'No')
			out[at++] = COMMA
			text(buf, starts[C.conveyanceType]!, lengths[C.conveyanceType]!)
			out[at++] = CR
			out[at++] = LF
		},
		/** The lines written since the last take (a copy), or null when none. */
		take(): Uint8Array | null {
			if (at === 0) return null
			const lines = out.slice(0, at)
			at = 0
			return lines
		},
	}
}

/** The uuid of a binary field as text. */
function uuidText(buf: Uint8Array, start: number): string {
	let s = ''
	for (let i = 0; i < 16; i++)
		s += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[buf[start + i]!]
	return s
}

type PgPool = pg.Pool

function clientOf(db: Database): { pool: PgPool } | { pglite: PgliteThread } {
	const client = (db as unknown as { $client: unknown }).$client
	if (client instanceof pg.Pool) return { pool: client }
	return { pglite: client as PgliteThread }
}

/** search_report.csv as a byte stream: the header at once, then every matching row (see above). */
export function exportCsv(
	db: Database,
	org: string,
	f: SearchFilters,
	direction: SearchSort['direction'],
	opts: CsvOptions,
	onError?: (error: unknown) => void,
	pgliteBatch = PGLITE_BATCH,
): ReadableStream<Uint8Array> {
	const where = searchConditions(org, f)
	const client = clientOf(db)
	const header = new TextEncoder().encode(csvHeader())
	const lines = csvLineWriter(opts)
	if ('pool' in client)
		return postgresCopy(db, client.pool, where, direction, header, lines, onError)
	return pgliteBatches(db, client.pglite, where, direction, header, pgliteBatch, lines, onError)
}

function postgresCopy(
	db: Database,
	pool: PgPool,
	where: SQL,
	direction: SearchSort['direction'],
	header: Uint8Array,
	lines: ReturnType<typeof csvLineWriter>,
	onError?: (error: unknown) => void,
) {
	const text = inlineParams(
		db,
		sql`copy (select ${COLUMNS} from ${FROM_ROWS} where ${where} ${inExportOrder(direction)}) to stdout (format binary)`,
	)
	let connection: pg.PoolClient | undefined
	let source: Readable | undefined
	// One parser for the whole COPY: a row may span two chunks.
	const parse = copyBinaryRows((buf, starts, lengths) => lines.row(buf, starts, lengths))
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
	client: PgliteThread,
	where: SQL,
	direction: SearchSort['direction'],
	header: Uint8Array,
	batch: number,
	lines: ReturnType<typeof csvLineWriter>,
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
				const keyset = after ? sql`and ${keyAfter(after, cmp)}` : sql``
				const text = inlineParams(
					db,
					sql`copy (select ${COLUMNS} from ${FROM_ROWS} where ${where} ${keyset} ${inExportOrder(direction)} limit ${size}) to '/dev/blob' (format binary)`,
				)
				const result = await client.query(text)
				first = false
				const bytes = new Uint8Array(await result.blob!.arrayBuffer())
				let rows = 0
				// Where the batch's last row keeps its key (name, order, row).
				let key:
					| { buf: Uint8Array; name: number; nameLength: number; shipSet: number; rowKey: number }
					| undefined
				copyBinaryRows((buf, starts, lengths) => {
					rows++
					lines.row(buf, starts, lengths)
					key ??= { buf, name: 0, nameLength: 0, shipSet: 0, rowKey: 0 }
					key.buf = buf
					key.name = starts[C.name]!
					key.nameLength = lengths[C.name]!
					key.shipSet = starts[C.shipSetId]!
					key.rowKey = starts[C.rowKey]!
				})(bytes)
				if (rows < size || !key) done = true
				else
					after = [
						decoder.decode(key.buf.subarray(key.name, key.name + key.nameLength)),
						uuidText(key.buf, key.shipSet),
						uuidText(key.buf, key.rowKey),
					]
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
