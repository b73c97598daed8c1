import { z } from '@hono/zod-openapi'
import { ErrorBody, errorResponses, jsonContent } from '../common'

/** The responses of a file download: its bytes, or the usual refusals. */
export function fileDownloadResponses(what: string) {
	return {
		200: { description: `${what}’s bytes`, content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such order or file in this supply chain'),
	}
}
