import { OpenAPIHono } from '@hono/zod-openapi'
import { TogglesApi } from './toggles.api'
import { guarded } from '../api/route'
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { featureToggles, organizations } from '../db/schema'
import { setToggle } from './store'
import type { ApiEnv } from '../api/context'
import { requireApiKey } from '../api/caller'
import { validationHook } from '../api/errors'

/** The handlers of TogglesApi (routes described in server/toggles/toggles.api.ts): guard, query, answer. */
const { list: route, set: setRoute } = TogglesApi

export const togglesRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(setRoute, requireApiKey), async (c) => {
		const { name } = c.req.valid('param')
		const { enabled, organization } = c.req.valid('json')
		return c.json(await setToggle(c.var.deps.db, name, enabled, organization), 200)
	})
	.openapi(guarded(route, requireApiKey), async (c) => {
		const { db } = c.var.deps
		const names = (c.req.valid('query').names ?? '')
			.split(',')
			.map((n) => n.trim())
			.filter(Boolean)
		const slug = c.req.header('x-supply-chain')?.trim()
		// The global defaults, and the named supply chain's own rows (its id found in the same statement).
		const scope = slug
			? or(
					isNull(featureToggles.organizationId),
					inArray(
						featureToggles.organizationId,
						db
							.select({ id: organizations.id })
							.from(organizations)
							.where(eq(organizations.slug, slug)),
					),
				)
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
	})
