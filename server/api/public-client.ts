import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { isAcceptedSecret } from '../rotating-secrets'
import { acceptedWebApiKeys, type ApiDeps, type ApiEnv } from './context'
import { memoryLimits, type Limiter, type LimiterStore } from '../rate-limit'

/**
 * Who an anonymous caller of the public tracker is, for its rate limits ("Rate
 * limits per client address on the anonymous endpoints"; 000 §5 "captcha once per
 * session"; "Without JavaScript … the captcha is replaced by a stricter rate
 * limit").
 *
 * The web app calls the API in memory or from its own servers, so the API sees no
 * browser: the web tier forwards the browser's address in X-Client-Address and says in
 * X-Captcha-Passed: 1 that this browser session passed the captcha. Both headers are
 * believed only from a caller that also sends the web API key (X-Api-Key); anyone else
 * is keyed on the connection's address and counts as not having passed the captcha.
 */

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.'

/** Per client address, per minute. */
export const PUBLIC_LIMITS = {
	/** Searches from a browser session that passed the captcha. */
	searchWithCaptcha: 30,
	/** Searches without a captcha (no JavaScript, or a direct caller): the stricter limit. */
	searchWithoutCaptcha: 10,
	/** Order timelines. */
	timeline: 60,
	/** Guest-link reads (000 §7 GET /guest/{id}/restricted). */
	guestRead: 60,
	/** Guest-link file downloads and thumbnails (002 §1: a page of photos is many reads). */
	guestFile: 300,
	/** Guest notification settings (000 §7 POST /guest/{id}/create_notification). */
	guestWrite: 20,
} as const

const WINDOW_MS = 60_000

type LimitName = keyof typeof PUBLIC_LIMITS

/** The store of an API instance without one of its own: memory, per createApi(deps) call (tests get fresh ones). */
const defaultStores = new WeakMap<ApiDeps, LimiterStore>()

/** The store the API counts in: its deps' (shared in PostgreSQL), else a memory store of its own. */
export function limitStore(deps: ApiDeps): LimiterStore {
	if (deps.limits) return deps.limits
	let store = defaultStores.get(deps)
	if (!store) {
		store = memoryLimits()
		defaultStores.set(deps, store)
	}
	return store
}

function limiterFor(deps: ApiDeps, name: LimitName): Limiter {
	return limitStore(deps).limiter(`public-${name}`, PUBLIC_LIMITS[name], WINDOW_MS)
}

function sentWebApiKey(c: Context<ApiEnv>): boolean {
	return isAcceptedSecret(c.req.header('x-api-key') ?? '', acceptedWebApiKeys(c.var.deps))
}

/** The connection's address: Express's req.ip when mounted there (honours TRUST_PROXY), else the socket's. */
function connectionAddress(c: Context<ApiEnv>): string {
	const incoming = (c.env as { incoming?: { ip?: unknown } } | undefined)?.incoming
	if (typeof incoming?.ip === 'string' && incoming.ip) return incoming.ip
	try {
		return getConnInfo(c).remote.address ?? 'unknown'
	} catch {
		// Called in memory (no socket): every such caller shares one key.
		return 'unknown'
	}
}

const ADDRESS = /^[0-9A-Za-z:._%-]{1,64}$/

export function publicCaller(c: Context<ApiEnv>): { address: string; captchaPassed: boolean } {
	if (sentWebApiKey(c)) {
		const forwarded = c.req.header('x-client-address')?.trim()
		return {
			address: forwarded && ADDRESS.test(forwarded) ? forwarded : connectionAddress(c),
			captchaPassed: c.req.header('x-captcha-passed') === '1',
		}
	}
	return { address: connectionAddress(c), captchaPassed: false }
}

/** Refuses with 429 and Retry-After once the caller's address is over its limit. */
export function publicRateLimit(
	kind: 'search' | 'timeline' | 'guestRead' | 'guestFile' | 'guestWrite',
) {
	return createMiddleware<ApiEnv>(async (c, next) => {
		const { address, captchaPassed } = publicCaller(c)
		const name: LimitName =
			kind !== 'search' ? kind : captchaPassed ? 'searchWithCaptcha' : 'searchWithoutCaptcha'
		const result = await limiterFor(c.var.deps, name).hit(address)
		if (!result.allowed) {
			return c.json({ error: TOO_MANY_REQUESTS }, 429, { 'Retry-After': String(result.retryAfter) })
		}
		await next()
	})
}
