import type { AppLoadContext } from 'react-router'
import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'
import { camelize, mergeIncluded, type Camelize } from '~/lib/camelize'

/**
 * The one door from the web app to data (docs/architecture.md rule 1). Every call names its
 * route descriptor from `server/<capability>/X.api.ts` — the same object the API builds its Hono
 * route and its OpenAPI entry from, served by `server/<capability>/X.routes.ts` — so the method and path
 * are never written twice, the parameters, query and body are typed by the contract's zod
 * schemas (`z.input`) and the answer is parsed by its success schema. The request goes through
 * the load context's `scmFetch` with the spec's headers: the API's own fetch handler in the
 * single process, HTTP when SCM_API_URL is set; either way a Request and a Response, nothing
 * else. Nothing is kept between calls: every call asks the API (docs/caching.md). An empty body
 * is 'No API response data'; keys come back camelCased with `included` merged.
 */

export const NO_DATA = 'No API response data'

/** One problem the API found with a request: where (`shipment.carrier_id`) and what. */
interface ApiIssue {
	path: string
	message: string
}

export class ScmError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** Seconds the API asked to wait (its Retry-After), on a 429. */
		readonly retryAfter?: number,
		/** On a 400: each refused field and its message, as the API's `issues` names them. */
		readonly issues: ApiIssue[] = [],
	) {
		super(message)
		this.name = 'ScmError'
	}

	/** The Retry-After header to answer a 429 with: the API's, else a minute (the limits' window). */
	get retryAfterHeader(): Record<string, string> {
		return { 'Retry-After': String(this.retryAfter ?? 60) }
	}
}

export interface ScmAuth {
	accessToken: string
	supplyChain: string
	account?: string
	/**
	 * What the API's 401 to this token becomes instead of an ScmError: the page's sign-in again
	 * (the guard's client, `requireScm`), so that a page needs no call of its own to learn that
	 * its session ended.
	 */
	signedOut?: () => Promise<Response>
}

export type Query = Record<
	string,
	string | number | boolean | null | undefined | readonly (string | number)[]
>
/** Extra headers; a null value removes a default one. */
type Headers = Record<string, string | null>

type Input<S> = S extends z.ZodType ? z.input<S> : never
type JsonSchemaOf<C> = C extends { 'application/json': { schema: infer S } } ? S : never
type ParamsOf<R> = R extends { request: { params: infer S } }
	? { params: Input<S> }
	: { params?: never }
type QueryOf<R> = R extends { request: { query: infer S } }
	? { query?: Input<S> }
	: { query?: never }
type BodyOf<R> = R extends { request: { body: { content: infer C } } }
	? C extends { 'multipart/form-data': unknown }
		? { body: FormData }
		: { body: Input<JsonSchemaOf<C>> }
	: { body?: never }

/** What a call of route R takes: its path parameters, query and body, typed by its contract. */
export type CallInput<R extends RouteConfig> = ParamsOf<R> &
	QueryOf<R> &
	BodyOf<R> & {
		headers?: Headers
	}

type Ok<R, Code extends number> = R extends { responses: { [K in Code]: { content: infer C } } }
	? JsonSchemaOf<C>
	: never
type OkSchema<R> = [Ok<R, 200>] extends [never] ? Ok<R, 201> : Ok<R, 200>
/** What a call of route R answers: its success schema's output, camelCased. */
type CallOutput<R extends RouteConfig> = Camelize<
	z.output<OkSchema<R> extends z.ZodType ? OkSchema<R> : never>
>

/** The route's path with its parameters filled in, e.g. `/api/web/ship_sets/{id}/logs` → `/api/web/ship_sets/42/logs`. */
function routePath(route: Pick<RouteConfig, 'path'>, params: Record<string, unknown> = {}): string {
	return route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
		const value = params[key]
		if (value === undefined || value === null)
			throw new Error(`${route.path}: no value for {${key}}`)
		return encodeURIComponent(String(value))
	})
}

function successSchema(route: RouteConfig): z.ZodType {
	for (const [code, response] of Object.entries(route.responses)) {
		const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
			'application/json'
		]?.schema
		if (/^2\d\d$/.test(code) && schema) return schema as z.ZodType
	}
	throw new Error(
		`${route.method.toUpperCase()} ${route.path}: no JSON success response in its contract`,
	)
}

export function createScmCaller(context: AppLoadContext, auth?: ScmAuth) {
	/**
	 * Sends one request and answers the API's Response when it is a success; a failure
	 * throws ScmError with the API's `{ error, issues }`. A FormData body goes as multipart
	 * (the parts are handed on as they are, not copied); anything else as JSON.
	 */
	async function send(
		method: string,
		path: string,
		{
			query,
			body,
			headers: extra,
			accept = 'application/json',
		}: { query?: Query; body?: unknown; headers?: Headers; accept?: string },
	): Promise<Response> {
		const url = new URL(path, context.scmBaseUrl)
		for (const [key, value] of Object.entries(query ?? {})) {
			if (value === undefined || value === null) continue
			if (Array.isArray(value))
				for (const v of value) url.searchParams.append(`${key}[]`, String(v))
			else url.searchParams.set(key, String(value))
		}
		const headers = new globalThis.Headers({ Accept: accept, 'X-Request-Id': context.requestId })
		const multipart = body instanceof FormData
		try {
			if (auth) {
				headers.set('Authorization', `Bearer ${auth.accessToken}`)
				headers.set('X-Supply-Chain', auth.supplyChain)
				headers.set('X-Account', auth.account ?? auth.supplyChain)
			}
			if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json')
			for (const [key, value] of Object.entries(extra ?? {})) {
				if (value === null) headers.delete(key)
				else headers.set(key, value)
			}
		} catch {
			// A value from the URL (the tracker's organization, a guest link's e-mail) holding a
			// line break or a non-Latin letter cannot be a header: no API would accept it.
			throw new ScmError(400, 'Bad Request')
		}

		let response: Response
		try {
			response = await context.scmFetch(
				new Request(url, {
					method,
					headers,
					body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
				}),
			)
		} catch {
			// The API could not be reached at all (split tiers, network down).
			throw new ScmError(503, 'Service Unavailable')
		}
		if (response.status === 401 && auth?.signedOut) {
			await response.body?.cancel()
			throw await auth.signedOut()
		}
		if (!response.ok) throw await errorOf(response)
		return response
	}

	/** Calls route R and answers its parsed, camelCased success body. */
	async function call<R extends RouteConfig>(
		route: R,
		input: CallInput<R>,
	): Promise<CallOutput<R>> {
		const { params, query, body, headers } = input as {
			params?: Record<string, unknown>
			query?: Query
			body?: unknown
			headers?: Headers
		}
		const response = await send(route.method.toUpperCase(), routePath(route, params), {
			query,
			body,
			headers,
		})
		const text = await response.text()
		if (!text.trim()) throw new ScmError(502, NO_DATA)
		let json: unknown
		try {
			json = JSON.parse(text)
		} catch {
			throw new ScmError(502, 'Malformed API response')
		}
		const parsed = successSchema(route).safeParse(mergeIncluded(json))
		if (!parsed.success)
			throw new ScmError(502, `API response did not match its contract: ${parsed.error.message}`)
		return camelize(parsed.data) as CallOutput<R>
	}

	/** Calls route R and answers its Response untouched (a CSV, a file), so that it streams. */
	async function stream<R extends RouteConfig>(
		route: R,
		input: CallInput<R>,
		accept: string,
	): Promise<Response> {
		const { params, query, headers } = input as {
			params?: Record<string, unknown>
			query?: Query
			headers?: Headers
		}
		const response = await send(route.method.toUpperCase(), routePath(route, params), {
			query,
			accept,
			headers,
		})
		if (!response.body) throw new ScmError(502, NO_DATA)
		return response
	}

	return { call, stream }
}

export type ScmCaller = ReturnType<typeof createScmCaller>

/** The API's `{ error, issues }` (or its status text) as an ScmError. */
async function errorOf(response: Response): Promise<ScmError> {
	const text = await response.text()
	let message = response.statusText || `Request failed with status ${response.status}`
	let issues: ApiIssue[] = []
	try {
		const parsed = JSON.parse(text) as { error?: unknown; issues?: unknown }
		if (typeof parsed.error === 'string') message = parsed.error
		if (Array.isArray(parsed.issues)) {
			issues = parsed.issues.filter(
				(i): i is ApiIssue => typeof i?.path === 'string' && typeof i?.message === 'string',
			)
		}
	} catch {
		// not JSON: keep the status text
	}
	const retryAfter = Number(response.headers.get('Retry-After'))
	return new ScmError(
		response.status,
		message,
		Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
		issues,
	)
}
