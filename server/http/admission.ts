import type { Request, RequestHandler } from 'express'

/**
 * Admission by class (issue 45, "an anonymous flood never starves a signed-in user"). A request
 * with a session cookie or a bearer token (a member, a guest's token, a machine key) is always
 * admitted. An anonymous one (the public tracker's pages and API, a beacon) is admitted while
 * fewer than `concurrency` anonymous requests are in flight — one only while signed-in work is
 * going on (a member request in flight, or one in the last second) — beyond that it waits, at
 * most `queue` of them for at most `waitMs`, and the rest are refused at once with a small 503
 * and Retry-After. A flood of anonymous pages, from however many addresses, then holds one turn
 * of the two cores beside a signed-in user's, and all of them when nobody signed in is there.
 * Static assets are served before this.
 */
export interface AdmissionOptions {
	concurrency: number
	queue: number
	waitMs: number
	/** Whether the request carries a session this server made (its sealed cookie opens). */
	hasSession: (cookieHeader: string | undefined) => boolean
}

export const BUSY_TEXT = 'Waymark is busy. Please try again in a moment.'

/** How long after signed-in work anonymous requests keep to one lane. */
const MEMBER_QUIET_MS = 1000

export function admission(
	{ concurrency, queue, waitMs, hasSession }: AdmissionOptions,
	now: () => number = Date.now,
): RequestHandler {
	let inFlight = 0
	let members = 0
	let memberSeenAt = -Infinity
	const waiting: (() => void)[] = []
	const lanes = () =>
		members > 0 || now() - memberSeenAt < MEMBER_QUIET_MS ? Math.min(1, concurrency) : concurrency
	const release = () => {
		const next = inFlight <= lanes() ? waiting.shift() : undefined
		if (next) next()
		else inFlight--
	}
	// Anonymous: no Authorization header (a token is checked by the API, a machine key by its
	// lookup) and no session cookie this server sealed (a made-up one is anonymous).
	const isAnonymous = (req: Pick<Request, 'headers'>) =>
		!req.headers.authorization && !hasSession(req.headers.cookie)
	return (req, res, next) => {
		if (!isAnonymous(req)) {
			members++
			memberSeenAt = now()
			let done = false
			const finish = () => {
				if (done) return
				done = true
				members--
				memberSeenAt = now()
			}
			res.once('finish', finish)
			res.once('close', finish)
			return next()
		}
		const admit = () => {
			let done = false
			const finish = () => {
				if (done) return
				done = true
				release()
			}
			res.once('finish', finish)
			res.once('close', finish)
			next()
		}
		if (inFlight < lanes()) {
			inFlight++
			return admit()
		}
		if (waiting.length < queue) {
			// A slot handed over by release() keeps inFlight as it is.
			const turn = () => {
				clearTimeout(timer)
				admit()
			}
			const timer = setTimeout(() => {
				const at = waiting.indexOf(turn)
				if (at >= 0) waiting.splice(at, 1)
				refuse()
			}, waitMs)
			waiting.push(turn)
			return
		}
		refuse()

		function refuse() {
			res
				.status(503)
				.set({
					'Retry-After': '2',
					'Content-Type': 'text/plain; charset=utf-8',
					'Cache-Control': 'no-store',
				})
				.send(BUSY_TEXT)
		}
	}
}
