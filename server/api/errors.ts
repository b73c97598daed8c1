import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ZodError } from 'zod'
import { hasNul, hasUnpairedSurrogate, NUL_MESSAGE, UNPAIRED_MESSAGE } from '../shared/text-rules'
import { ApiError, describeIssues, type Issue } from '../errors'
import { log } from '../log'

/**
 * Errors as the API answers them: a refusal of the domain (server/errors.ts) with its status,
 * `{ "error": message, "issues"? }`; a request that fails its contract as a 400 naming each field;
 * anything else logged and answered 500.
 */

/** The API's answer to what a handler threw (its `onError`). */
export function errorResponse(error: Error, c: Context) {
	if (error instanceof ApiError)
		return c.json(
			{ error: error.message, ...(error.issues ? { issues: error.issues } : {}) },
			error.status,
		)
	if (error instanceof HTTPException) {
		return c.json({ error: error.message || 'Request failed' }, error.status)
	}
	log().error({ err: error, method: c.req.method, path: c.req.path }, 'api error')
	return c.json({ error: 'Internal Server Error' }, 500)
}

function zodIssues(error: ZodError): Issue[] {
	return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

/** What no text column can store: a NUL character, or half of a surrogate pair alone. */
const textProblem = (text: string) =>
	hasNul(text) ? NUL_MESSAGE : hasUnpairedSurrogate(text) ? UNPAIRED_MESSAGE : null

/**
 * Every string in a parsed request value that no text column can store (a NUL, an unpaired
 * surrogate), by its path. One walk with one path stack: an ingestion batch has tens of
 * thousands of strings, and a path is only written out for a string found bad.
 */
export function textIssues(value: unknown, path: (string | number)[] = []): Issue[] {
	const issues: Issue[] = []
	const at = [...path]
	const walk = (v: unknown) => {
		if (typeof v === 'string') {
			const problem = textProblem(v)
			if (problem) issues.push({ path: at.join('.'), message: problem })
		} else if (Array.isArray(v)) {
			for (let i = 0; i < v.length; i++) {
				at.push(i)
				walk(v[i])
				at.pop()
			}
		} else if (v && typeof v === 'object' && !(v instanceof Blob)) {
			for (const key in v) {
				if (!Object.hasOwn(v, key)) continue
				at.push(key)
				const problem = textProblem(key)
				if (problem) issues.push({ path: at.join('.'), message: problem })
				walk((v as Record<string, unknown>)[key])
				at.pop()
			}
		}
	}
	walk(value)
	return issues
}

/** A 400 that names each bad field: `error` in one line (the spec's message), `issues` one by one. */
export function badRequest(c: Context, issues: Issue[]) {
	return c.json({ error: describeIssues(issues), issues }, 400)
}

/**
 * The @hono/zod-openapi hook, run for every validated part of every request (path, query,
 * headers, JSON or form body): a request that fails its contract answers 400 naming the
 * field, and so does one whose parsed strings hold a NUL character or an unpaired surrogate —
 * refused here, once for every operation, before any query sees it.
 */
export function validationHook(
	result: { success: true; data?: unknown } | { success: false; error: ZodError },
	c: Context,
) {
	if (!result.success) return badRequest(c, zodIssues(result.error))
	const bad = textIssues(result.data)
	if (bad.length) return badRequest(c, bad)
}
