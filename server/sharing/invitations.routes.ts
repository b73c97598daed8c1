import { OpenAPIHono } from '@hono/zod-openapi'
import { InvitationsApi } from './invitations.api'
import { INVITATION_INVALID } from './invitations.contract'
import { guarded } from '../api/route'
import { acceptedGuestLinkSecrets, type ApiEnv } from '../api/context'
import { requireApiKey } from '../api/caller'
import { ApiError } from '../errors'
import { validationHook } from '../api/errors'
import { publicRateLimit } from '../api/public-client'
import { acceptInvitation, findInvitation, invitationOut } from './invitations.queries'

/** The handlers of InvitationsApi (server/sharing/invitations.api.ts): the web tier's key, the link's token, rate limited per address. */
const { show, accept } = InvitationsApi

export const invitationRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(show, requireApiKey, publicRateLimit('guestRead')), async (c) => {
		const found = await findInvitation(
			c.var.deps.db,
			acceptedGuestLinkSecrets(c.var.deps),
			c.req.valid('query'),
		)
		if (!found) throw new ApiError(404, INVITATION_INVALID)
		return c.json({ invitation: invitationOut(found) }, 200)
	})
	.openapi(guarded(accept, requireApiKey, publicRateLimit('guestWrite')), async (c) => {
		const body = c.req.valid('json')
		const accepted = await acceptInvitation(c.var.deps.db, acceptedGuestLinkSecrets(c.var.deps), {
			token: body.token,
			email: body.email,
			givenName: body.given_name,
			familyName: body.family_name?.trim() || null,
			password: body.password,
		})
		if (!accepted) throw new ApiError(404, INVITATION_INVALID)
		return c.json({ accepted }, 201)
	})
