import type { Request, RequestHandler, Response } from 'express'
import { PUBLIC_LIMITS } from '../api/public-client'
import type { LimiterStore } from '../rate-limit'

/**
 * Sheds the load of a visitor who is already over an anonymous rate limit (a 429
 * page used to be a whole server-rendered page, so refusing cost as much as serving).
 *
 * The API decides the limits; the page that meets its 429 answers it with Retry-After. This
 * middleware notes that answer per client address and kind of page, and until Retry-After has
 * passed answers the next documents of that kind itself: a few hundred bytes, no render, no
 * API call. It only ever repeats a refusal the API made, so a process that has noted nothing
 * (another replica, a restart) simply asks the API again. JavaScript navigations (`.data`) and
 * posts are left to the app.
 */

export const TOO_MANY_REQUESTS_TEXT = 'Too many requests. Please wait a minute and try again.'

/** The kind of anonymous page a path is, each with its own limit in the API; null for others. */
export function shedKind(req: Pick<Request, 'path' | 'query' | 'headers'>): string | null {
	if (req.path.endsWith('.data')) return null
	const parts = req.path.split('/').filter(Boolean)
	if (parts[0] === 'tracking' && parts.length === 3) {
		// Searches with a passed captcha have a higher limit than those without.
		return /(?:^|;\s*)waymark_captcha=/.test(req.headers.cookie ?? '') ? 'search+captcha' : 'search'
	}
	if (parts[0] === 'tracking' && parts.length === 4) return 'timeline'
	if (parts[0] === 'guest' || (parts[0] === 'timeline' && typeof req.query.token === 'string'))
		return 'guest'
	return null
}

/** A document request (GET or HEAD) for an anonymous page, its kind and the client's address; else null. */
function anonymousPage(req: Request): { kind: string; address: string } | null {
	const kind = req.method === 'GET' || req.method === 'HEAD' ? shedKind(req) : null
	return kind ? { kind, address: req.ip ?? req.socket.remoteAddress ?? 'unknown' } : null
}

/**
 * The refusal page: a few hundred bytes with its own style, answered before the request is logged,
 * compressed or given the app's headers (so a flood's refusals cost little), with a policy of its
 * own that allows nothing but that style.
 */
const TOO_MANY_REQUESTS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Too many requests · Waymark</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1f2937}main{max-width:32rem;margin:3rem auto;padding:0 1rem}a{color:#1d4ed8}</style></head><body><main><h1>Too many requests</h1><p role="alert">${TOO_MANY_REQUESTS_TEXT}</p><p><a href="/tracking">Back to order tracking</a></p></main></body></html>`

/**
 * A refusal is held back for a moment before it is sent (a tarpit): a client that asks again as
 * soon as it is answered — a flood's loop — then asks a few times a second instead of thousands,
 * and a person over the limit waits a second for the page that says so. Held answers cost a
 * socket and a timer each; past MAX_HELD they go out at once.
 */
export const REFUSAL_DELAY_MS = 1000
const MAX_HELD = 2000
let held = 0

function refuseTooMany(res: Response, retryAfterSeconds: number, delayMs = REFUSAL_DELAY_MS) {
	const send = () =>
		res
			.status(429)
			.set({
				'Retry-After': String(retryAfterSeconds),
				'Content-Type': 'text/html; charset=utf-8',
				'Cache-Control': 'no-store',
				'Content-Security-Policy':
					"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
				'X-Content-Type-Options': 'nosniff',
			})
			.send(TOO_MANY_REQUESTS_PAGE)
	if (delayMs <= 0 || held >= MAX_HELD) return send()
	held++
	let waiting = true
	const settle = () => {
		waiting = false
		held--
	}
	const timer = setTimeout(() => {
		settle()
		if (!res.destroyed) send()
	}, delayMs)
	// A client that hangs up meanwhile frees its place.
	res.once('close', () => {
		if (!waiting) return
		clearTimeout(timer)
		settle()
	})
}

export function shedRateLimited(
	opts: { now?: () => number; maxKeys?: number; refusalDelayMs?: number } = {},
): RequestHandler {
	const now = opts.now ?? Date.now
	const maxKeys = opts.maxKeys ?? 10_000
	const blockedUntil = new Map<string, number>()

	function note(key: string, res: Response) {
		const seconds = Number(res.getHeader('Retry-After'))
		if (!Number.isFinite(seconds) || seconds <= 0) return
		if (!blockedUntil.has(key) && blockedUntil.size >= maxKeys) {
			for (const [k, until] of blockedUntil) if (until <= now()) blockedUntil.delete(k)
			// Still full: the oldest notes go first (maps iterate in insertion order).
			for (const k of blockedUntil.keys()) {
				if (blockedUntil.size < maxKeys) break
				blockedUntil.delete(k)
			}
		}
		blockedUntil.set(key, now() + seconds * 1000)
	}

	return (req, res, next) => {
		const page = anonymousPage(req)
		if (!page) return next()
		const key = `${page.address}|${page.kind}`
		const until = blockedUntil.get(key)
		if (until !== undefined && until > now()) {
			refuseTooMany(res, Math.ceil((until - now()) / 1000), opts.refusalDelayMs)
			return
		}
		if (until !== undefined) blockedUntil.delete(key)
		res.on('finish', () => {
			if (res.statusCode === 429) note(key, res)
		})
		next()
	}
}

/**
 * Per client address and minute, each kind of anonymous page as many times as the API call it
 * makes may be made: a results page that shows the captcha (and makes no call) counts like a
 * search, so rendering it is limited too.
 */
export const PAGE_LIMITS: Record<string, number> = {
	search: PUBLIC_LIMITS.searchWithCaptcha,
	'search+captcha': PUBLIC_LIMITS.searchWithCaptcha,
	timeline: PUBLIC_LIMITS.timeline,
	guest: PUBLIC_LIMITS.guestRead,
}

/**
 * Counts every anonymous page (shedKind) per client address before it is rendered, in the
 * deployment's limit store (shared on PostgreSQL), and answers one over its kind's PAGE_LIMITS
 * with the small 429 page and Retry-After: a visitor cannot have the server render the public
 * tracker's pages without end, whether or not the page calls the API.
 */
export function limitAnonymousPages(
	store: LimiterStore,
	opts: { refusalDelayMs?: number } = {},
): RequestHandler {
	return (req, res, next) => {
		const page = anonymousPage(req)
		if (!page) return next()
		store
			.limiter(`page-${page.kind}`, PAGE_LIMITS[page.kind]!, 60_000)
			.hit(page.address)
			.then((result) => {
				if (result.allowed) return next()
				refuseTooMany(res, result.retryAfter, opts.refusalDelayMs)
			}, next)
	}
}
