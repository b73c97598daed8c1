// The PGlite thread (server/db/pglite-thread.ts starts it; ADR 0030). PGlite runs the whole
// database — parsing, planning, executing, the wire protocol through WebAssembly — on the thread
// that calls it. Here that is this worker, so the main thread renders pages while a query runs.
//
// Plain JavaScript: a worker thread does not inherit the main thread's TypeScript loader (tsx in
// the server, Vite in the tests). Messages (the main side's types are in pglite-thread.ts):
//   in:  { id, op: 'query', sql, params, raw, blob?, tx? } | { id, op: 'exec', sql, tx? }
//        { id, op: 'begin' } | { id, op: 'commit' | 'rollback', tx } | { id, op: 'close' }
//   out: { id, ok: true, value } | { id, ok: false, error: { message, ...fields } }
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** The fields of PostgreSQL's error that callers read (code, constraint…), copied into the answer. */
const ERROR_FIELDS = [
	'name',
	'code',
	'severity',
	'detail',
	'hint',
	'position',
	'where',
	'schema',
	'table',
	'column',
	'dataType',
	'constraint',
	'routine',
]

/** @param {unknown} error */
function errorOf(error) {
	if (!(error instanceof Error)) return { message: String(error) }
	/** @type {Record<string, unknown>} */
	const out = { message: error.message, stack: error.stack }
	for (const key of ERROR_FIELDS) {
		const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error))[key]
		if (value !== undefined) out[key] = value
	}
	return out
}

/**
 * The types Drizzle reads as PostgreSQL prints them (timestamps, dates, intervals, numeric arrays:
 * what its node-postgres driver returns too), set once on the database. PGlite merges a query's own parsers
 * into its ~300 defaults on every query (an object spread, about as long as the query itself);
 * Drizzle's nine are therefore not sent again, only types beyond them (ADR 0039).
 */
const identity = (/** @type {string} */ value) => value
// date, timestamp, timestamptz, interval, and their arrays and numeric[] (what drizzle-orm/pglite sends)
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231])
/** @type {Map<string, Record<number, (value: string) => string> | undefined>} */
const parserSets = new Map()
/** @param {number[] | undefined} oids */
function parsersFor(oids) {
	if (!oids || oids.length === 0) return undefined
	const key = oids.join(',')
	if (!parserSets.has(key)) {
		const others = oids.filter((oid) => !TEXT_TYPES.has(oid))
		parserSets.set(
			key,
			others.length ? Object.fromEntries(others.map((oid) => [oid, identity])) : undefined,
		)
	}
	return parserSets.get(key)
}

/** A query's answer without what cannot cross threads or is not read (fields' parsers). */
function resultOf(
	/** @type {{ rows: unknown[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[]; blob?: Blob }} */ r,
) {
	return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields, blob: r.blob }
}

// PGlite's own start parameters (fsync already off), and no zero-filling of each new WAL segment:
// PGlite writes it through its emulated file system, a noticeable part of an ingested batch
// (ADR 0019 §11). Without fsync nothing relies on the zeros.
const startParams = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off']
const db = await PGlite.create(workerData.dir ?? undefined, {
	extensions: { pg_trgm },
	startParams,
	parsers: Object.fromEntries([...TEXT_TYPES].map((oid) => [oid, identity])),
})

/**
 * Open transactions by id: PGlite's own transaction (its mutex held, BEGIN sent) waiting for the
 * main thread's commit or rollback. `tx` and `end` are set once BEGIN is done; `done` settles when
 * the transaction has ended (true: committed, false: rolled back; rejected: COMMIT failed).
 * @type {Map<number, { tx?: Pick<PGlite, 'query' | 'exec'>; end?: (commit: boolean) => void; done?: Promise<boolean> }>}
 */
const transactions = new Map()
let nextTransaction = 1
const ROLLBACK = Symbol('rollback')

/** @param {number} id */
function opened(id) {
	const open = transactions.get(id)
	if (!open?.tx || !open.end) throw new Error(`PGlite thread: transaction ${id} is not open`)
	return open
}

/** @param {number} id */
function begin(id) {
	/** @type {(value: number) => void} */
	let begun = () => {}
	const started = new Promise((resolve) => (begun = resolve))
	/** @type {{ tx?: Pick<PGlite, 'query' | 'exec'>; end?: (commit: boolean) => void; done?: Promise<boolean> }} */
	const open = {}
	open.done = db
		.transaction(
			(tx) =>
				new Promise((resolve, reject) => {
					open.tx = tx
					open.end = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK))
					begun(id)
				}),
		)
		.then(
			() => true,
			(error) => {
				if (error === ROLLBACK) return false
				throw error
			},
		)
		.finally(() => transactions.delete(id))
	transactions.set(id, open)
	// Answered once BEGIN is done; a BEGIN that fails (the database closed) rejects `done` first.
	return Promise.race([started, open.done])
}

/** @param {any} msg */
async function handle(msg) {
	const on = () => (msg.tx === undefined ? db : opened(msg.tx).tx)
	switch (msg.op) {
		case 'query': {
			const options = { rowMode: msg.rowMode, parsers: parsersFor(msg.raw), blob: msg.blob }
			return resultOf(await on().query(msg.sql, msg.params, options))
		}
		case 'exec':
			return (await on().exec(msg.sql)).map(resultOf)
		case 'begin':
			return begin(nextTransaction++)
		case 'commit':
		case 'rollback': {
			const open = opened(msg.tx)
			open.end(msg.op === 'commit')
			return open.done
		}
		case 'close':
			await db.close()
			return null
		default:
			throw new Error(`PGlite thread: unknown operation ${msg.op}`)
	}
}

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
port.on('message', (msg) => {
	handle(msg).then(
		(value) => port.postMessage({ id: msg.id, ok: true, value }),
		(error) => port.postMessage({ id: msg.id, ok: false, error: errorOf(error) }),
	)
})
port.postMessage({ id: 0, ok: true, value: 'ready' })
