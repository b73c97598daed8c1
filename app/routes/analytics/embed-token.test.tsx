import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnalyticsFailure } from './analytics-failure'
import {
	embedConfiguration,
	needsRefresh,
	startTokenKeeper,
	TOKEN_CHECK_INTERVAL_MS,
	TOKEN_REFRESH_BEFORE_MS,
	TOKEN_STORAGE_KEY,
	type AnalyticsToken,
} from './embed-token'
import { ANALYTICS_FAILURE_TEXT, ANALYTICS_TOAST_MS, analyticsFailureToast } from './failure'

/**
 * 000 §4: "Analytics token lifecycle: fetched when missing; checked every 60 seconds and refreshed
 * when within 5 minutes of expiry …; stored in local storage." §9: "Analytics token check interval
 * 60 s; refresh threshold 5 minutes". §8: "Analytics failure: Toast titled 'Error fetching
 * analytics.' with message 'Internal Server Error' for 10 s; page text 'Unable to display
 * Analytics, please contact support.'"
 */

const MIN = 60_000
const T0 = Date.parse('2026-11-25T12:00:00Z')

function memoryStorage() {
	const map = new Map<string, string>()
	return {
		getItem: (k: string) => map.get(k) ?? null,
		setItem: (k: string, v: string) => void map.set(k, v),
		removeItem: (k: string) => void map.delete(k),
		map,
	}
}

const tokenUntil = (at: number, n = 1): AnalyticsToken => ({
	reportId: 'r-1',
	embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r-1',
	embedToken: `token-${n}`,
	expiration: new Date(at).toISOString(),
})

/** Lets the keeper's pending promise callbacks run under the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
	vi.useFakeTimers()
	vi.setSystemTime(T0)
})
afterEach(() => {
	vi.useRealTimers()
})

describe('the analytics token lifecycle', () => {
	it('uses the 60 s check and the 5-minute threshold of the spec', () => {
		expect(TOKEN_CHECK_INTERVAL_MS).toBe(60_000)
		expect(TOKEN_REFRESH_BEFORE_MS).toBe(5 * MIN)
		expect(needsRefresh(null, T0)).toBe(true)
		expect(needsRefresh(tokenUntil(T0 + 5 * MIN + 1), T0)).toBe(false)
		expect(needsRefresh(tokenUntil(T0 + 5 * MIN), T0)).toBe(true)
	})

	it('fetches a token when none is stored, and stores it', async () => {
		const storage = memoryStorage()
		const fetchToken = vi.fn(async () => tokenUntil(T0 + 60 * MIN))
		const onToken = vi.fn()
		const keeper = startTokenKeeper({ storage, fetchToken, onToken, onError: vi.fn() })
		await settle()
		expect(fetchToken).toHaveBeenCalledTimes(1)
		expect(onToken).toHaveBeenCalledWith(tokenUntil(T0 + 60 * MIN), false)
		expect(JSON.parse(storage.map.get(TOKEN_STORAGE_KEY)!)).toEqual(tokenUntil(T0 + 60 * MIN))
		keeper.stop()
	})

	it('embeds with the stored token, checks it every 60 s, and refreshes it at 5 minutes before expiry, not before', async () => {
		const storage = memoryStorage()
		storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokenUntil(T0 + 20 * MIN)))
		const fetchToken = vi.fn(async () => tokenUntil(Date.now() + 60 * MIN, 2))
		const onToken = vi.fn()
		const keeper = startTokenKeeper({ storage, fetchToken, onToken, onError: vi.fn() })
		await settle()
		expect(fetchToken).not.toHaveBeenCalled()
		expect(onToken).toHaveBeenCalledWith(tokenUntil(T0 + 20 * MIN), false)

		// 14 checks: 19 … 6 minutes left, each more than 5: nothing fetched.
		await vi.advanceTimersByTimeAsync(14 * MIN)
		expect(fetchToken).not.toHaveBeenCalled()
		// The 15th check, 5 minutes before expiry: refreshed, handed on as a refresh, stored.
		await vi.advanceTimersByTimeAsync(MIN)
		expect(fetchToken).toHaveBeenCalledTimes(1)
		expect(onToken).toHaveBeenLastCalledWith(tokenUntil(T0 + 75 * MIN, 2), true)
		expect(JSON.parse(storage.map.get(TOKEN_STORAGE_KEY)!).embedToken).toBe('token-2')
		// The new token is good for an hour: the next checks leave it alone.
		await vi.advanceTimersByTimeAsync(10 * MIN)
		expect(fetchToken).toHaveBeenCalledTimes(1)
		keeper.stop()
		await vi.advanceTimersByTimeAsync(120 * MIN)
		expect(fetchToken).toHaveBeenCalledTimes(1)
	})

	it('treats a stored token with 5 minutes or less left as missing', async () => {
		const storage = memoryStorage()
		storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokenUntil(T0 + 4 * MIN)))
		const fetchToken = vi.fn(async () => tokenUntil(T0 + 60 * MIN, 2))
		const keeper = startTokenKeeper({ storage, fetchToken, onToken: vi.fn(), onError: vi.fn() })
		await settle()
		expect(fetchToken).toHaveBeenCalledTimes(1)
		keeper.stop()
	})

	it("a failed refresh shows the spec's toast for 10 s and its text, and forgets the stored token", async () => {
		const storage = memoryStorage()
		storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokenUntil(T0 + 6 * MIN)))
		const fetchToken = vi.fn(async (): Promise<AnalyticsToken> => {
			throw new Error('embed token: HTTP 502')
		})
		const onError = vi.fn()
		const keeper = startTokenKeeper({ storage, fetchToken, onToken: vi.fn(), onError })
		await settle()
		expect(onError).not.toHaveBeenCalled()
		await vi.advanceTimersByTimeAsync(MIN)
		expect(fetchToken).toHaveBeenCalledTimes(1)
		expect(onError).toHaveBeenCalledTimes(1)
		expect(storage.map.has(TOKEN_STORAGE_KEY)).toBe(false)
		keeper.stop()

		// What the page then shows (PowerBiReport renders AnalyticsFailure on error).
		expect(analyticsFailureToast()).toEqual({
			type: 'error',
			message: 'Error fetching analytics.',
			description: 'Internal Server Error',
			duration: ANALYTICS_TOAST_MS,
		})
		expect(ANALYTICS_TOAST_MS).toBe(10_000)
		const html = renderToStaticMarkup(<AnalyticsFailure />)
		expect(html).toContain(ANALYTICS_FAILURE_TEXT)
		expect(ANALYTICS_FAILURE_TEXT).toBe('Unable to display Analytics, please contact support.')
		expect(html).toContain('Error fetching analytics.')
		expect(html).toContain('Internal Server Error')
	})

	it('opens the report with filters and page navigation hidden (000 §2)', () => {
		const config = embedConfiguration(tokenUntil(T0 + 60 * MIN))
		expect(config.settings.panes).toEqual({
			filters: { visible: false },
			pageNavigation: { visible: false },
		})
		expect(config).toMatchObject({
			type: 'report',
			id: 'r-1',
			accessToken: 'token-1',
			tokenType: 1,
		})
	})
})
