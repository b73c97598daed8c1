import { z } from '@hono/zod-openapi'

/**
 * Contracts are written once: the API validates requests with them and builds
 * its OpenAPI document from them; the web app's API client parses every
 * response with the same schemas. Field names are the wire's (snake_case);
 * the client converts them to camelCase after parsing.
 */
export const ErrorBody = z.object({ error: z.string() }).openapi('Error')

/** The 404 for an order that is unknown or another tenant's (both answer alike, docs/architecture.md rule 3). */
export const ORDER_NOT_FOUND = 'Order not found'
export type ErrorBody = z.infer<typeof ErrorBody>

/** A list's page in the query: `offset` from 0, `limit` 1–100 with the list's own default. */
export function pageQuery(defaultLimit: number) {
	return z.object({
		offset: z.coerce
			.number()
			.int()
			.min(0)
			.default(0)
			.openapi({ param: { name: 'offset', in: 'query' } }),
		limit: z.coerce
			.number()
			.int()
			.min(1)
			.max(100)
			.default(defaultLimit)
			.openapi({ param: { name: 'limit', in: 'query' } }),
	})
}

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
	400: {
		description: 'Malformed parameters',
		content: { 'application/json': { schema: ErrorBody } },
	},
	401: {
		description: 'Missing or invalid credentials',
		content: { 'application/json': { schema: ErrorBody } },
	},
	403: {
		description: 'Not a member of this supply chain',
		content: { 'application/json': { schema: ErrorBody } },
	},
} as const

/**
 * The schema's asynchronous parse made its synchronous one. The API's validator
 * (@hono/zod-openapi through @hono/zod-validator) always calls `safeParseAsync`, and zod 4 takes
 * its compiled fast path for objects only when parsing synchronously: a batch of ingested events
 * validates several times faster that way (ADR 0019 §11). Only for a schema
 * with no asynchronous check (none of ours has one; one added later makes zod throw rather than
 * pass): the same zod, so the same issues and messages.
 */
export function parsedSynchronously<T extends z.ZodType>(schema: T): T {
	Object.defineProperty(schema, 'safeParseAsync', {
		value: async (data: unknown, params?: Parameters<T['safeParse']>[1]) =>
			schema.safeParse(data, params),
	})
	return schema
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
	return { description, content: { 'application/json': { schema } } }
}

/** The responses of a file download: its bytes, or the usual refusals. */
export function fileDownloadResponses(what: string) {
	return {
		200: {
			description: `${what}’s bytes`,
			content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
		},
		...errorResponses,
		404: jsonContent(ErrorBody, 'No such order or file in this supply chain'),
	}
}
