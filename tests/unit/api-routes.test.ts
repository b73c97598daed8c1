import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi'
import { API_ROUTES } from '../../server/api/app'

/**
 * A call names its descriptor, `call(ShipmentsApi.add, …)`; its handler is one step away: the
 * descriptors of `server/X.api.ts` are served by `server/X.routes.ts` beside them, which
 * `API_ROUTES` (server/api/app.ts) mounts under the name X (e.g. `shipments/shipments`). Every
 * descriptor of every contract module is registered by its own route module, and a route module
 * registers no other.
 */

const root = path.resolve(__dirname, '../..')
/** The modules of server/ whose names end with `suffix`, by their path under server/ without it. */
const modules = (suffix: string) =>
	readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
		.map((f) => f.split(path.sep).join('/'))
		.filter((f) => f.endsWith(suffix))
		.map((f) => f.slice(0, -suffix.length))
		.sort()

const isDescriptor = (value: unknown): value is RouteConfig =>
	!!value &&
	typeof value === 'object' &&
	typeof (value as RouteConfig).path === 'string' &&
	typeof (value as RouteConfig).method === 'string' &&
	'responses' in value

const operation = (r: Pick<RouteConfig, 'method' | 'path'>) => `${r.method.toUpperCase()} ${r.path}`

/** The operations a contract module describes: the descriptors of each group object it exports. */
async function described(name: string): Promise<string[]> {
	const exports = (await import(
		/* @vite-ignore */ path.join(root, 'server', `${name}.api.ts`)
	)) as Record<string, unknown>
	return Object.values(exports)
		.flatMap((group) => (group && typeof group === 'object' ? Object.values(group) : []))
		.filter(isDescriptor)
		.map(operation)
		.sort()
}

/** The operations a route module's app registers (its OpenAPI registry's routes). */
function registered(routes: OpenAPIHono): string[] {
	return routes.openAPIRegistry.definitions
		.flatMap((d) => (d.type === 'route' ? [operation(d.route)] : []))
		.sort()
}

describe('descriptor → handler', () => {
	it('has one contract module, one route module and one mounted entry per name', () => {
		const contracts = modules('.api.ts')
		expect(modules('.routes.ts')).toEqual(contracts)
		expect(Object.keys(API_ROUTES).sort()).toEqual(contracts)
	})

	it.each(Object.keys(API_ROUTES))(
		'%s: .routes.ts registers exactly the descriptors of .api.ts, and API_ROUTES mounts it',
		async (name) => {
			const own = (await import(
				/* @vite-ignore */ path.join(root, 'server', `${name}.routes.ts`)
			)) as Record<string, unknown>
			const apps = Object.values(own).filter(
				(v): v is OpenAPIHono => !!v && typeof v === 'object' && 'openAPIRegistry' in v,
			)
			expect(apps).toHaveLength(1)
			expect(API_ROUTES[name as keyof typeof API_ROUTES]).toBe(apps[0])
			const operations = await described(name)
			expect(operations.length).toBeGreaterThan(0)
			expect(registered(apps[0]!)).toEqual(operations)
		},
	)
})
