import { Worker } from 'node:worker_threads'

/**
 * PGlite in a worker thread of its own (ADR 0030). PGlite is PostgreSQL compiled to WebAssembly:
 * it parses, plans and executes on the thread that calls it. In the server that was the thread
 * that also renders every page, so a timeline's SQL held up every other request. This
 * client runs the same PGlite in server/db/pglite-thread.worker.mjs and speaks to it by messages;
 * it offers what Drizzle's PGlite driver, the migrator, the seed's COPY and the CSV export call
 * (`query`, `exec`, `transaction`), so the rest of the code keeps one `Database`.
 *
 * Semantics are PGlite's: one connection. A transaction holds it (PGlite's transaction mutex)
 * from BEGIN until the caller's function settles; the caller's other queries wait, as they did
 * in process.
 */

export interface PgliteResults<T = Record<string, unknown>> {
	rows: T[]
	affectedRows?: number
	fields: { name: string; dataTypeID: number }[]
	/** What `COPY … TO '/dev/blob'` wrote. */
	blob?: Blob
}

export interface PgliteQueryOptions {
	rowMode?: 'array' | 'object'
	/**
	 * Parsers by type OID; only the OIDs cross the thread: each such type is kept as PostgreSQL's text
	 * (what Drizzle's parsers do). Dates, timestamps, intervals and numeric arrays always are (the worker's TEXT_TYPES).
	 */
	parsers?: Record<number, unknown>
	/** What `COPY … FROM '/dev/blob'` reads. */
	blob?: Blob
}

/** What a query runs on: the database, or an open transaction. */
export interface PgliteQueryable {
	query<T = Record<string, unknown>>(
		sql: string,
		params?: unknown[],
		options?: PgliteQueryOptions,
	): Promise<PgliteResults<T>>
	exec(sql: string): Promise<PgliteResults[]>
}

export interface PgliteTransaction extends PgliteQueryable {
	/** Rolls back now; the transaction's function then ends without a COMMIT. */
	rollback(): Promise<void>
	readonly closed: boolean
}

type Request =
	| {
			op: 'query'
			sql: string
			params: unknown[]
			rowMode?: 'array' | 'object'
			raw?: number[]
			blob?: Blob
			tx?: number
	  }
	| { op: 'exec'; sql: string; tx?: number }
	| { op: 'begin' }
	| { op: 'commit' | 'rollback'; tx: number }
	| { op: 'close' }

type Reply =
	| { id: number; ok: true; value: unknown }
	| { id: number; ok: false; error: { message: string } & Record<string, unknown> }

/** PostgreSQL's error as the worker sent it: message, code, constraint… on an Error, as PGlite threw it. */
function errorFrom(sent: { message: string } & Record<string, unknown>): Error {
	const { message, stack, ...fields } = sent
	const error = Object.assign(new Error(message), fields)
	if (typeof stack === 'string') error.stack = `${stack}\n    (in the PGlite thread)`
	return error
}

export class PgliteThread implements PgliteQueryable {
	readonly #worker: Worker
	readonly #pending = new Map<
		number,
		{ resolve: (value: unknown) => void; reject: (error: Error) => void }
	>()
	#nextId = 1
	#failed: Error | undefined

	private constructor(worker: Worker) {
		this.#worker = worker
		worker.on('message', (reply: Reply) => this.#settle(reply.id, reply))
		const fail = (error: Error) => {
			this.#failed ??= error
			for (const waiting of this.#pending.values()) waiting.reject(error)
			this.#pending.clear()
		}
		worker.on('error', fail)
		worker.on('exit', (code) => fail(new Error(`The PGlite thread stopped (exit code ${code}).`)))
	}

	/** Starts PGlite on a thread: files under `dir`, or in memory. Resolves once the database is open. */
	static async start(dir: string | undefined): Promise<PgliteThread> {
		const worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
			workerData: { dir },
		})
		const thread = new PgliteThread(worker)
		await thread.#await(0)
		return thread
	}

	#await(id: number): Promise<unknown> {
		if (this.#failed) return Promise.reject(this.#failed)
		if (this.#pending.size === 0) this.#worker.ref()
		return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }))
	}

	#call(request: Request): Promise<unknown> {
		const id = this.#nextId++
		const answer = this.#await(id)
		if (this.#failed) return answer
		try {
			this.#worker.postMessage({ id, ...request })
		} catch (error) {
			// A parameter that cannot cross a thread (a function, a class instance): this call fails, the thread goes on.
			this.#settle(id, {
				id,
				ok: false,
				error: { message: `PGlite thread: ${(error as Error).message}` },
			})
		}
		return answer
	}

	#settle(id: number, reply: Reply) {
		const waiting = this.#pending.get(id)
		if (!waiting) return
		this.#pending.delete(id)
		// The thread keeps the process alive only while an answer is awaited.
		if (this.#pending.size === 0) this.#worker.unref()
		if (reply.ok) waiting.resolve(reply.value)
		else waiting.reject(errorFrom(reply.error))
	}

	/** A query on the database, or in the open transaction `tx`. */
	#runQuery<T>(
		sql: string,
		params: unknown[] | undefined,
		options: PgliteQueryOptions | undefined,
		tx?: number,
	): Promise<PgliteResults<T>> {
		const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined
		return this.#call({
			op: 'query',
			sql,
			params: params ?? [],
			rowMode: options?.rowMode,
			raw,
			blob: options?.blob,
			tx,
		}) as Promise<PgliteResults<T>>
	}

	#runExec(sql: string, tx?: number): Promise<PgliteResults[]> {
		return this.#call({ op: 'exec', sql, tx }) as Promise<PgliteResults[]>
	}

	query<T = Record<string, unknown>>(
		sql: string,
		params?: unknown[],
		options?: PgliteQueryOptions,
	): Promise<PgliteResults<T>> {
		return this.#runQuery<T>(sql, params, options)
	}

	exec(sql: string): Promise<PgliteResults[]> {
		return this.#runExec(sql)
	}

	/** BEGIN, the function, then COMMIT; ROLLBACK (and the error again) when it throws. */
	async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
		const id = (await this.#call({ op: 'begin' })) as number
		let closed = false
		const open = () => {
			if (closed) throw new Error('Transaction is closed')
		}
		const tx: PgliteTransaction = {
			query: (sql, params, options) => (open(), this.#runQuery(sql, params, options, id)),
			exec: (sql) => (open(), this.#runExec(sql, id)),
			rollback: async () => {
				open()
				closed = true
				await this.#call({ op: 'rollback', tx: id })
			},
			get closed() {
				return closed
			},
		}
		let result: T
		try {
			result = await fn(tx)
		} catch (error) {
			if (!closed) {
				closed = true
				await this.#call({ op: 'rollback', tx: id })
			}
			throw error
		}
		if (!closed) {
			closed = true
			await this.#call({ op: 'commit', tx: id })
		}
		return result
	}

	/** Closes the database (its files flushed) and stops the thread. */
	async close(): Promise<void> {
		try {
			if (!this.#failed) await this.#call({ op: 'close' })
		} finally {
			await this.#worker.terminate()
		}
	}
}
