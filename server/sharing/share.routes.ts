import { OpenAPIHono } from '@hono/zod-openapi'
import { ShareApi } from './share.api'
import { guarded } from '../api/route'
import { parseShareEmails } from './share.contract'
import type { ApiEnv } from '../api/context'
import { requireUser } from '../api/caller'
import { invalid, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { requireOrder } from '../orders/scope'
import { createShare, listGuestLinks, mailingLists, revokeGuestLink } from './share.queries'

/** The handlers of ShareApi (routes described in server/sharing/share.api.ts): guard, query, answer. */
const { mailingLists: generate, share, guestLinks: links, revokeGuestLink: revoke } = ShareApi

export const shareRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
	.openapi(guarded(generate, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		const { emails } = c.req.valid('query')
		await requireOrder(db, organizationId, id)
		const lists = await mailingLists(db, organizationId, id, emails)
		return c.json(
			{
				auth_list: lists.auth_list,
				not_auth_list: lists.not_auth_list,
				subscribed_list: lists.subscribed_list,
			},
			200,
		)
	})
	.openapi(guarded(share, requireUser), async (c) => {
		const { db, guestLinkSecret, publicUrl } = c.var.deps
		const caller = c.var.caller
		const { id } = c.req.valid('param')
		const { share: body } = c.req.valid('json')
		const parsed = parseShareEmails(
			[...body.auth_list, ...body.not_auth_list, ...body.subscribed_list].join(','),
		)
		if ('error' in parsed) throw invalid('share.emails', parsed.error)
		const created = await createShare(db, {
			organizationId: caller.organizationId,
			organizationSlug: caller.organizationSlug,
			userId: caller.userId,
			shipSetId: id,
			emails: parsed.emails,
			viewType: body.view_type,
			message: body.message?.trim() || null,
			secret: guestLinkSecret,
			publicUrl,
		})
		return c.json({ share: created }, 201)
	})
	.openapi(guarded(links, requireUser), async (c) => {
		const { db } = c.var.deps
		const { organizationId } = c.var.caller
		const { id } = c.req.valid('param')
		await requireOrder(db, organizationId, id)
		return c.json({ guest_links: await listGuestLinks(db, organizationId, id) }, 200)
	})
	.openapi(guarded(revoke, requireUser), async (c) => {
		const { id, recipientId } = c.req.valid('param')
		// Another tenant's order is a 404 like an unknown one, before the link is looked for.
		await requireOrder(c.var.deps.db, c.var.caller.organizationId, id)
		const guest_link = await revokeGuestLink(c.var.deps.db, {
			organizationId: c.var.caller.organizationId,
			shipSetId: id,
			recipientId,
			userId: c.var.caller.userId,
		})
		if (!guest_link) throw notFound('Guest link')
		return c.json({ guest_link }, 200)
	})
