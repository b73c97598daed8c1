import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { asc, eq } from 'drizzle-orm'
import { memberships, organizations, users } from '../../db/schema'
import { ErrorBody, jsonContent } from '../../contracts/common'
import { ProfileResponse } from '../../contracts/profile'
import type { ApiEnv } from '../context'
import { requireToken } from '../auth'
import { notFound, validationHook } from '../errors'

const route = createRoute({
	method: 'get',
	path: '/api/web/profile',
	tags: ['Profile'],
	summary: 'The caller and the supply chains it belongs to, with permissions and subscribed services',
	description: 'Loaded by the web app after sign-in to complete the session profile (000 §3 "Session/user").',
	middleware: [requireToken],
	security: [{ bearer: [] }],
	responses: {
		200: jsonContent(ProfileResponse, 'The profile'),
		401: jsonContent(ErrorBody, 'Missing or invalid token'),
	},
})

export const profileRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).openapi(route, async (c) => {
	const { db } = c.var.deps
	const [user] = await db
		.select({ id: users.id, email: users.email, given_name: users.givenName, family_name: users.familyName })
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
})
