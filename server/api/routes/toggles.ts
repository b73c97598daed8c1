import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { featureToggles, organizations } from '../../db/schema'
import { ErrorBody, jsonContent } from '../../contracts/common'
import { SetToggleBody, ToggleNameParams, TogglesQuery, TogglesResponse } from '../../contracts/toggles'
import { setToggle } from '../toggle-store'
import type { ApiEnv } from '../context'
import { requireApiKey } from '../auth'
import { validationHook } from '../errors'

const route = createRoute({
	method: 'get',
	path: '/api/web/toggles',
	tags: ['Feature toggles'],
	summary: 'Effective feature toggles: the supply chain’s own value, else the global default',
	description:
		'Called by the web tier with its API key (X-Api-Key); no user token. X-Supply-Chain, when sent, applies that organization’s overrides. Every requested name is answered; an unknown name is off.',
	middleware: [requireApiKey] as const,
	request: { query: TogglesQuery },
	responses: {
		200: jsonContent(TogglesResponse, 'The toggles'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		401: jsonContent(ErrorBody, 'Missing or wrong API key'),
	},
})

const setRoute = createRoute({
	method: 'put',
	path: '/api/web/toggles/{name}',
	tags: ['Feature toggles'],
	summary: 'Switch a toggle on or off, globally or for one supply chain (admin; `npm run toggle` uses it)',
	middleware: [requireApiKey] as const,
	request: { params: ToggleNameParams, body: { content: { 'application/json': { schema: SetToggleBody } }, required: true } },
	responses: {
		200: jsonContent(SetToggleBody.extend({ name: ToggleNameParams.shape.name, organization: SetToggleBody.shape.organization.nullable() }), 'The toggle as set'),
		400: jsonContent(ErrorBody, 'Malformed parameters'),
		401: jsonContent(ErrorBody, 'Missing or wrong API key'),
		404: jsonContent(ErrorBody, 'No such supply chain'),
	},
})

export const togglesRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(setRoute, async (c) => {
		const { name } = c.req.valid('param')
		const { enabled, organization } = c.req.valid('json')
		return c.json(await setToggle(c.var.deps.db, name, enabled, organization), 200)
	})
	.openapi(
	route,
	async (c) => {
		const { db } = c.var.deps
		const names = (c.req.valid('query').names ?? '')
			.split(',')
			.map((n) => n.trim())
			.filter(Boolean)
		const slug = c.req.header('x-supply-chain')?.trim()
		const [org] = slug
			? await db
					.select({ id: organizations.id })
					.from(organizations)
					.where(eq(organizations.slug, slug))
					.limit(1)
			: []

		const scope = org
			? or(isNull(featureToggles.organizationId), eq(featureToggles.organizationId, org.id))
			: isNull(featureToggles.organizationId)
		const rows = await db
			.select({
				name: featureToggles.name,
				organizationId: featureToggles.organizationId,
				enabled: featureToggles.enabled,
			})
			.from(featureToggles)
			.where(names.length ? and(scope, inArray(featureToggles.name, names)) : scope)

		// The organization's own row wins over the global default.
		const effective = new Map<string, boolean>()
		for (const row of rows) {
			if (row.organizationId === null && effective.has(row.name)) continue
			effective.set(row.name, row.enabled)
		}
		for (const name of names) if (!effective.has(name)) effective.set(name, false)
		const toggles = [...effective]
			.map(([name, enabled]) => ({ name, enabled }))
			.sort((a, b) => a.name.localeCompare(b.name))
		return c.json({ toggles }, 200)
	},
)
