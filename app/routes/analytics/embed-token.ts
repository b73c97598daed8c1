import { z } from 'zod'

/**
 * The Power BI embed token's lifecycle (000 §4 "Analytics token lifecycle: fetched when missing;
 * checked every 60 seconds and refreshed when within 5 minutes of expiry (another reading in the
 * same bundle: refreshed when fewer than 3 minutes remain); stored in local storage"; §9
 * "Analytics token check interval 60 s; refresh threshold 5 minutes (or 3 minutes in the
 * stored-token check)").
 *
 * Decision (ADR 0016): one threshold, 5 minutes, for the timer and for the token found in storage
 * at load. Why not 3: the check runs once a minute, and browsers slow the timers of a hidden tab
 * (Chrome runs them at most once a minute there, more seldom after a while), so a refresh may come a
 * minute or more after the threshold is crossed; Power BI's GenerateToken takes seconds and may fail
 * once. Five minutes leaves room for a late check plus one failed attempt and its retry a minute
 * later before the report shows an expired token; three does not. And two thresholds would let a
 * token read as stale by one check and as fresh by the other.
 */
export const TOKEN_CHECK_INTERVAL_MS = 60_000
export const TOKEN_REFRESH_BEFORE_MS = 5 * 60_000
export const TOKEN_STORAGE_KEY = 'waymark.analytics.embedToken'

/** 000 §3 "Analytics token: reportId, embedUrl, embedToken, expiration". */
export const AnalyticsToken = z.object({
	reportId: z.string().min(1),
	embedUrl: z.string().url(),
	embedToken: z.string().min(1),
	expiration: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'expiration must be a date'),
})
export type AnalyticsToken = z.infer<typeof AnalyticsToken>

/** Missing, unreadable or within 5 minutes of its expiry (or past it): fetch a new one. */
export function needsRefresh(token: AnalyticsToken | null, now: number): boolean {
	if (!token) return true
	return Date.parse(token.expiration) - now <= TOKEN_REFRESH_BEFORE_MS
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function readStoredToken(storage: KeyValueStore): AnalyticsToken | null {
	try {
		const parsed = AnalyticsToken.safeParse(
			JSON.parse(storage.getItem(TOKEN_STORAGE_KEY) ?? 'null'),
		)
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

interface TokenKeeperOptions {
	/** Asks our server for a new token (POST …/embed-token); rejects on failure. */
	fetchToken: () => Promise<AnalyticsToken>
	storage: KeyValueStore
	/** A token to embed with, first or refreshed. */
	onToken: (token: AnalyticsToken, refreshed: boolean) => void
	/** Fetching failed: the page shows the analytics failure (000 §8). */
	onError: (error: unknown) => void
	now?: () => number
}

/**
 * Keeps a valid token: at start the stored one when it is good for more than 5 minutes, else a new
 * one; then a check every 60 s that refreshes within 5 minutes of expiry. `stop()` ends the checks.
 */
export function startTokenKeeper(opts: TokenKeeperOptions): {
	stop: () => void
	check: () => Promise<void>
} {
	const now = opts.now ?? Date.now
	let current = readStoredToken(opts.storage)
	let busy = false
	let stopped = false
	let first = true

	async function check() {
		if (busy || stopped) return
		if (!needsRefresh(current, now())) {
			if (first && current) opts.onToken(current, false)
			first = false
			return
		}
		busy = true
		try {
			const token = AnalyticsToken.parse(await opts.fetchToken())
			if (stopped) return
			current = token
			opts.storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token))
			opts.onToken(token, !first)
			first = false
		} catch (error) {
			if (stopped) return
			opts.storage.removeItem(TOKEN_STORAGE_KEY)
			opts.onError(error)
		} finally {
			busy = false
		}
	}

	void check()
	const timer = setInterval(() => void check(), TOKEN_CHECK_INTERVAL_MS)
	return {
		check,
		stop() {
			stopped = true
			clearInterval(timer)
		},
	}
}

/**
 * The report's embed configuration (000 §2: "an embedded report opened with filters and page
 * navigation hidden"). tokenType 1 is powerbi-models' TokenType.Embed (an embed token, not an
 * Entra ID user token).
 */
export function embedConfiguration(token: AnalyticsToken) {
	return {
		type: 'report' as const,
		id: token.reportId,
		embedUrl: token.embedUrl,
		accessToken: token.embedToken,
		tokenType: 1,
		settings: {
			panes: { filters: { visible: false }, pageNavigation: { visible: false } },
		},
	}
}
