import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'

/** A failure the API answers with `{ "error": message }` and the given status. */
export class ApiError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
	) {
		super(message)
		this.name = 'ApiError'
	}
}

export const unauthorized = () => new ApiError(401, 'Unauthorized')
export const forbidden = () => new ApiError(403, 'Forbidden')
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`)

/** One message naming every bad field, e.g. "page_no: Invalid input: expected number". */
export function describeZodError(error: ZodError): string {
	return error.issues
		.map((issue) => {
			const field = issue.path.length ? issue.path.join('.') : 'request'
			return `${field}: ${issue.message}`
		})
		.join('; ')
}

/** The @hono/zod-openapi hook: a request that fails its contract answers 400 naming the field. */
export function validationHook(
	result: { success: true } | { success: false; error: ZodError },
	c: Context,
) {
	if (!result.success) return c.json({ error: describeZodError(result.error) }, 400)
}
