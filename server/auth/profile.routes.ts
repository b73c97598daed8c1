import { OpenAPIHono } from '@hono/zod-openapi'
import { ProfileApi } from './profile.api'
import { guarded } from '../api/route'
import { asc, eq } from 'drizzle-orm'
import { memberships, organizations, users } from '../db/schema'
import type { ApiEnv } from '../api/context'
import { requireToken } from '../api/caller'
import { notFound } from '../errors'
import { validationHook } from '../api/errors'

/** The handlers of ProfileApi (routes described in server/auth/profile.api.ts): guard, query, answer. */
const { get: route } = ProfileApi

export const profileRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(
	guarded(route, requireToken),
	async (c) => {
		const { db } = c.var.deps
		const [user] = await db
			.select({
				id: users.id,
				email: users.email,
				given_name: users.givenName,
				family_name: users.familyName,
			})
			.from(users)
			.where(eq(users.id, c.var.user.id))
		if (!user) throw notFound('User')
		const rows = await db
			.select({
				account: organizations.slug,
				account_name: organizations.name,
				account_alias: organizations.alias,
				permissions: memberships.permissions,
				subscribed_services: memberships.subscribedServices,
			})
			.from(memberships)
			.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
			.where(eq(memberships.userId, user.id))
			.orderBy(asc(organizations.slug))
		return c.json({ user, memberships: rows }, 200)
	},
)
