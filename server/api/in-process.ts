import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Answers handed to the web app in memory (issue 20, "parse what the server itself produced only
 * once"; ADR 0029 §15). In the single process the web app calls the API through its fetch
 * handler: an answer was written as JSON by the API and read back with JSON.parse by the web app,
 * a whole order's timeline twice over on every page. A request the in-memory transport marks
 * (server/http/app.ts, `expectHandOver`) can instead receive the answer's value itself, beside an
 * empty 200; the web app's client validates it against the route's contract as it would the
 * parsed text. Over HTTP (split tiers, API keys, tests' `h.call`) nothing is marked and every
 * answer is JSON as before.
 *
 * Only a route whose answer is a JSON value already (plain objects, arrays, strings, finite
 * numbers, booleans, null; no `Date`, no `undefined` members) may hand it over: the web app must
 * see exactly what JSON.parse(JSON.stringify(answer)) would give it. The timeline is one (its order
 * is the database's own JSON); tests/api/timeline.test.ts holds it to that.
 */
interface Slot {
	handed: boolean
	value: unknown
}

const slots = new WeakMap<Request, Slot>()

/** Marks `request` as sent in memory: a route that hands its answer over fills the slot answered. */
export function expectHandOver(request: Request): Slot {
	const slot: Slot = { handed: false, value: undefined }
	slots.set(request, slot)
	return slot
}

/**
 * Answers `value` with `status`: handed over in memory when the request was marked, else as JSON.
 * The caller vouches that `value` is a JSON value (see above).
 */
export function jsonAnswer<C extends Context, T, S extends ContentfulStatusCode>(c: C, value: T, status: S) {
	const slot = slots.get(c.req.raw)
	if (!slot) return c.json(value, status)
	slot.handed = true
	slot.value = value
	c.header('Content-Type', 'application/json')
	return c.body(null, status) as unknown as ReturnType<typeof c.json<T, S>>
}
