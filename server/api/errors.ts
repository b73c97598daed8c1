import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import { hasNul, NUL_MESSAGE } from '../shared/text-rules'

/** A failure the API answers with `{ "error": message }` and the given status. */
export class ApiError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
		/** The fields at fault, answered as `issues` beside the message. */
		readonly issues?: Issue[],
	) {
		super(message)
		this.name = 'ApiError'
	}
}

export const unauthorized = () => new ApiError(401, 'Unauthorized')
/** A 400 naming one field, as a contract failure names it: `{ error: "path: message", issues: [{ path, message }] }`. */
export const invalid = (path: string, message: string) => new ApiError(400, describeIssues([{ path, message }]), [{ path, message }])
export const forbidden = () => new ApiError(403, 'Forbidden')
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`)

/** One problem with a request: where (`body.comment`, `query.page_no`, or empty for the whole request) and what. */
export interface Issue {
	path: string
	message: string
}

/** One message naming every bad field, e.g. "page_no: Invalid input: expected number". */
export function describeIssues(issues: readonly Issue[]): string {
	return issues.map((issue) => `${issue.path || 'request'}: ${issue.message}`).join('; ')
}

function zodIssues(error: ZodError): Issue[] {
	return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

export { NUL_MESSAGE }

/**
 * Every string in a parsed request value that holds a NUL character, by its path. One walk with
 * one path stack: an ingestion batch has tens of thousands of strings, and a path is only
 * written out for a string found bad.
 */
export function nulIssues(value: unknown, path: (string | number)[] = []): Issue[] {
	const issues: Issue[] = []
	const at = [...path]
	const walk = (v: unknown) => {
		if (typeof v === 'string') {
			if (hasNul(v)) issues.push({ path: at.join('.'), message: NUL_MESSAGE })
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
				if (hasNul(key)) issues.push({ path: at.join('.'), message: NUL_MESSAGE })
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
 * field, and so does one whose parsed strings hold a NUL character — refused here, once for
 * every operation, before any query sees it.
 */
export function validationHook(
	result: { success: true; data?: unknown } | { success: false; error: ZodError },
	c: Context,
) {
	if (!result.success) return badRequest(c, zodIssues(result.error))
	const nul = nulIssues(result.data)
	if (nul.length) return badRequest(c, nul)
}
