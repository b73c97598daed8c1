import { z } from '@hono/zod-openapi'

/**
 * Contracts are written once: the API validates requests with them and builds
 * its OpenAPI document from them; the web app's API client parses every
 * response with the same schemas. Field names are the wire's (snake_case);
 * the client converts them to camelCase after parsing.
 */
export const ErrorBody = z.object({ error: z.string() }).openapi('Error')

/** The 404 for an order that is unknown or another tenant's (both answer alike, ARCHITECTURE.md rule 3). */
export const ORDER_NOT_FOUND = 'Order not found'
export type ErrorBody = z.infer<typeof ErrorBody>

export const IdName = z.object({ id: z.string(), name: z.string() })

/** Header that names the tenant (the organization's slug). */
export const SupplyChainHeaders = z.object({
	'x-supply-chain': z
		.string()
		.min(1)
		.openapi({ description: 'The supply chain (organization slug)', example: 'acme' }),
	'x-account': z
		.string()
		.optional()
		.openapi({ description: 'The account; must name the same supply chain', example: 'acme' }),
})

export const errorResponses = {
	400: { description: 'Malformed parameters', content: { 'application/json': { schema: ErrorBody } } },
	401: { description: 'Missing or invalid credentials', content: { 'application/json': { schema: ErrorBody } } },
	403: { description: 'Not a member of this supply chain', content: { 'application/json': { schema: ErrorBody } } },
} as const

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
	return { description, content: { 'application/json': { schema } } }
}
