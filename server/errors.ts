import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * The domain's refusals, thrown wherever a rule says no (the API's handlers and queries, ingestion,
 * the sensors' readings) and answered by the API as `{ "error": message, "issues"? }` with the
 * status (server/api/errors.ts maps them). Nothing here knows HTTP beyond the status's number.
 */

/** A refusal: the status and message the caller gets, and the fields at fault. */
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
export const invalid = (path: string, message: string) =>
	new ApiError(400, describeIssues([{ path, message }]), [{ path, message }])
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
