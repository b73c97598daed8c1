import type { RouteConfig } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from './context'

/**
 * A route descriptor of a capability's `X.api.ts` (method, path, request and response schemas,
 * the OpenAPI words) with the API's own middleware in front: its guard, its rate limit. The
 * contracts stay free of server code; the web app's client calls the same descriptor.
 */
export function guarded<R extends RouteConfig>(
	route: R,
	...middleware: MiddlewareHandler<ApiEnv>[]
): R & { middleware: MiddlewareHandler<ApiEnv>[] } {
	return { ...route, middleware }
}
