import { OpenAPIHono } from '@hono/zod-openapi'
import { SessionApi } from '#contracts/api/session'
import { guarded } from '../route'
import type { ApiEnv } from '../context'
import { requireToken } from '../auth'
import { validationHook } from '../errors'
import { revokeToken } from '../queries/revoked-tokens'

/** The handlers of SessionApi (routes described in server/contracts/api/session.ts): guard, query, answer. */
const { get: read, end } = SessionApi

export const sessionRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(read, requireToken), (c) => c.json({ active: true as const, expires_at: c.var.token.expiresAt.toISOString() }, 200))
	.openapi(guarded(end, requireToken), async (c) => {
		await revokeToken(c.var.deps.db, c.var.token)
		return c.json({ ended: true as const }, 200)
	})
