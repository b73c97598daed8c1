/**
 * A small fixed-window rate limiter, in memory, per key (000 issue 4: "rate limits per
 * client address on the anonymous endpoints"). Each key may make `limit` hits per
 * window; the window starts at the key's first hit. The map is bounded: when it is
 * full, expired windows are dropped first, then the oldest keys, so that a flood of
 * addresses cannot grow the process's memory without end.
 *
 * It is per process: with several API processes behind a load balancer each keeps its
 * own counts, so the effective limit is the limit times the number of processes.
 */
export interface RateLimitResult {
	allowed: boolean
	/** Hits left in the current window. */
	remaining: number
	/** Seconds until the window resets (the Retry-After value when refused). */
	retryAfter: number
}

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
