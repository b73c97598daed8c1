import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type pg from 'pg'
import { createHash } from 'node:crypto'

/**
 * Rate limits ("rate limits per client address on the anonymous endpoints";
 * "rate limits … in the database"). Every limit is a fixed window per key: `limit` hits per
 * window, the window starting at the key's first hit.
 *
 * Two stores behind one interface (`LimiterStore`), chosen by the database (docs/decisions/
 * 0017-many-processes-one-database.md):
 * - PostgreSQL (DATABASE_URL): rate-limiter-flexible's RateLimiterPostgres on the table
 *   rate_limits, one atomic upsert per hit, so every process on the database counts together.
 * - PGlite (one process by construction: the data-folder lock): FixedWindowLimiter, in memory,
 *   no database round trip per hit.
 */
export interface RateLimitResult {
	allowed: boolean
	/** Hits left in the current window. */
	remaining: number
	/** Seconds until the window resets (the Retry-After value when refused). */
	retryAfter: number
}

/**
 * The in-memory window counter. The map is bounded: when it is full, expired windows are
 * dropped first, then the oldest keys, so that a flood of addresses cannot grow the process's
 * memory without end.
 */
export class FixedWindowLimiter {
	private readonly windows = new Map<string, { count: number; resetAt: number }>()

	constructor(
		readonly limit: number,
		readonly windowMs: number,
		private readonly maxKeys = 10_000,
		private readonly now: () => number = Date.now,
	) {}

	/** Counts one hit for `key` and says whether it is within the limit. */
	hit(key: string): RateLimitResult {
		const now = this.now()
		let window = this.windows.get(key)
		if (!window || window.resetAt <= now) {
			if (window) this.windows.delete(key)
			else this.makeRoom(now)
			window = { count: 0, resetAt: now + this.windowMs }
			this.windows.set(key, window)
		}
		window.count += 1
		const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000))
		return {
			allowed: window.count <= this.limit,
			remaining: Math.max(0, this.limit - window.count),
			retryAfter,
		}
	}

	/** Takes back one hit of `key` in its current window (an attempt that turned out not to count). */
	undo(key: string) {
		const window = this.windows.get(key)
		if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1
	}

	get size(): number {
		return this.windows.size
	}

	private makeRoom(now: number) {
		if (this.windows.size < this.maxKeys) return
		for (const [key, window] of this.windows) {
			if (window.resetAt <= now) this.windows.delete(key)
		}
		// Maps iterate in insertion order: the first keys are the oldest windows.
		for (const key of this.windows.keys()) {
			if (this.windows.size < this.maxKeys) break
			this.windows.delete(key)
		}
	}
}

/** One limit (a name, a number of hits, a window) over any number of keys. */
export interface Limiter {
	/** Counts one hit for `key` and says whether it is within the limit. */
	hit(key: string): Promise<RateLimitResult>
	/** Takes back one hit of `key` in its current window (an attempt that turned out not to count). */
	undo(key: string): Promise<void>
}

/** Makes the limiters of one deployment; the same name gives the same counts. */
export interface LimiterStore {
	readonly kind: 'memory' | 'postgres'
	limiter(name: string, limit: number, windowMs: number): Limiter
}

/** Limits in this process's memory (PGlite, tests): each store keeps its own counts. */
export function memoryLimits(opts: { now?: () => number; maxKeys?: number } = {}): LimiterStore {
	const made = new Map<string, Limiter>()
	return {
		kind: 'memory',
		limiter(name, limit, windowMs) {
			const id = `${name}|${limit}|${windowMs}`
			let limiter = made.get(id)
			if (!limiter) {
				const window = new FixedWindowLimiter(limit, windowMs, opts.maxKeys ?? 10_000, opts.now)
				limiter = {
					hit: async (key) => window.hit(key),
					undo: async (key) => window.undo(key),
				}
				made.set(id, limiter)
			}
			return limiter
		},
	}
}

/** rate-limiter-flexible keys are `<name>:<key>`; a key longer than this is hashed (e-mails may be 320 characters). */
const MAX_KEY = 200

function shortKey(key: string): string {
	if (key.length <= MAX_KEY) return key
	return `sha256:${createHash('sha256').update(key).digest('base64url')}`
}

/**
 * Limits in PostgreSQL's table rate_limits, shared by every process on the database. The table
 * comes from our migrations (`tableCreated: true`: the library creates nothing); rows expired
 * over an hour ago are swept by the library every five minutes.
 */
export function postgresLimits(pool: pg.Pool): LimiterStore {
	const made = new Map<string, Limiter>()
	return {
		kind: 'postgres',
		limiter(name, limit, windowMs) {
			const id = `${name}|${limit}|${windowMs}`
			let limiter = made.get(id)
			if (!limiter) {
				const store = new RateLimiterPostgres({
					storeClient: pool,
					storeType: 'pool',
					tableName: 'rate_limits',
					tableCreated: true,
					keyPrefix: name,
					points: limit,
					duration: windowMs / 1000,
				})
				limiter = {
					async hit(key) {
						try {
							const res = await store.consume(shortKey(key), 1)
							return {
								allowed: true,
								remaining: res.remainingPoints,
								retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
							}
						} catch (refused) {
							// A refusal resolves as RateLimiterRes; anything else is the database's error.
							if (!(refused instanceof RateLimiterRes)) throw refused
							return {
								allowed: false,
								remaining: 0,
								retryAfter: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)),
							}
						}
					},
					async undo(key) {
						// Only inside a live window and never below zero, like the memory store (the
						// library's reward() would open a new window at -1 after an expired one).
						await pool.query(
							'update rate_limits set points = points - 1 where key = $1 and expire > $2 and points > 0',
							[store.getKey(shortKey(key)), Date.now()],
						)
					},
				}
				made.set(id, limiter)
			}
			return limiter
		},
	}
}

/** The store a deployment's database calls for: shared in PostgreSQL, in memory with PGlite (one process). */
export function limitsFor(database: { kind: 'pglite' | 'postgres'; pool?: pg.Pool }): LimiterStore {
	return database.kind === 'postgres' && database.pool
		? postgresLimits(database.pool)
		: memoryLimits()
}
