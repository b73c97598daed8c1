import { OpenAPIHono } from '@hono/zod-openapi'
import { SessionApi } from './session.api'
import { guarded } from '../api/route'
import type { ApiEnv } from '../api/context'
import { requireToken } from '../api/caller'
import { validationHook } from '../api/errors'
import { revokeToken } from '../api/revoked-tokens'

/** The handlers of SessionApi (routes described in server/auth/session.api.ts): guard, query, answer. */
const { get: read, end } = SessionApi

export const sessionRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(read, requireToken), (c) =>
		c.json({ active: true as const, expires_at: c.var.token.expiresAt.toISOString() }, 200),
	)
	.openapi(guarded(end, requireToken), async (c) => {
		await revokeToken(c.var.deps.db, c.var.token)
		return c.json({ ended: true as const }, 200)
	})
