import { OpenAPIHono } from '@hono/zod-openapi'
import { GuestApi } from './guest.api'
import { PHOTOS_REQUEST_LIMIT } from '../shared/file-rules'
import { guarded } from '../api/route'
import { createMiddleware } from 'hono/factory'
import { GUEST_INVALID_TOKEN } from './guest.contract'
import { findGuestGrant } from './guest-tokens'
import { acceptedGuestLinkSecrets, type ApiEnv } from '../api/context'
import { ApiError, notFound } from '../errors'
import { validationHook } from '../api/errors'
import { publicRateLimit } from '../api/public-client'
import {
	guestRestricted,
	guestTimeline,
	saveGuestNotification,
	touchGuestGrant,
} from './guest.queries'
import { organizationIdBySlug } from './public-tracker.queries'
import { findDocument, findPhoto, listDocuments, listPhotos } from '../files/files.queries'
import { fileResponse } from '../files/responses'
import { orderNodes } from '../timeline/details.queries'
import { UUID } from '../shared/ids'

/**
 * Resolves the link before anything else is read (so a bad link answers 401 whatever
 * else is wrong): the grant the headers carry for the order in the path, in the same
 * supply chain; otherwise the one refusal.
 */
const requireGrant = createMiddleware<ApiEnv>(async (c, next) => {
	const { db } = c.var.deps
	const shipSetId = c.req.param('id') ?? ''
	const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
	const email = c.req.header('x-email')?.trim()
	const slug = c.req.header('x-supply-chain')?.trim()
	const grant =
		token && email && slug && UUID.test(shipSetId)
			? await findGuestGrant(db, acceptedGuestLinkSecrets(c.var.deps), {
					token,
					shipSetId: shipSetId.toLowerCase(),
					email,
				})
			: null
	if (!grant || (await organizationIdBySlug(db, slug!)) !== grant.organizationId)
		throw new ApiError(401, GUEST_INVALID_TOKEN)
	c.set('guest', grant)
	await next()
})

/**
 * 002 §1 "A guest may still … open or download documents and view photos (guest data
 * comes from the order's own documents and photos)": the order's files, listed and
 * streamed with the signed-in endpoints' queries and storage, scoped by the grant (its
 * organization and order), so another order's file id is 404 like an unknown one.
 * Documents come all at once (up to 100); photos 30 at a time (002 §9 "request limit 30").
 */
const GUEST_FILES_LIMIT = 100

const {
	timeline,
	restricted,
	node: guestNode,
	createNotification,
	documents: guestDocuments,
	photos: guestPhotos,
	downloadDocument: guestDocumentDownload,
	downloadPhoto: guestPhotoDownload,
} = GuestApi

export const guestRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })

guestRoutes.openAPIRegistry.registerComponent('securitySchemes', 'guestToken', {
	type: 'http',
	scheme: 'bearer',
	description:
		'A guest-link token (the token query value of a shared link), with X-Email and X-Supply-Chain',
})

guestRoutes
	.openapi(guarded(timeline, publicRateLimit('guestRead'), requireGrant), async (c) => {
		const grant = c.var.guest
		const { db } = c.var.deps
		const [read, { documents }, photos] = await Promise.all([
			guestTimeline(db, grant, c.req.valid('query').comments_offset),
			listDocuments(db, grant.organizationId, grant.shipSetId, 0, GUEST_FILES_LIMIT),
			listPhotos(db, grant.organizationId, grant.shipSetId, 0, PHOTOS_REQUEST_LIMIT),
		])
		if (!read) throw new ApiError(401, GUEST_INVALID_TOKEN)
		await touchGuestGrant(db, grant)
		return c.json(
			{ ...read, documents, photos: photos.photos, photos_total_count: photos.total_count },
			200,
		)
	})
	.openapi(guarded(restricted, publicRateLimit('guestRead'), requireGrant), async (c) => {
		const grant = c.var.guest
		const { db } = c.var.deps
		const record = await guestRestricted(db, grant)
		if (!record) throw new ApiError(401, GUEST_INVALID_TOKEN)
		const [{ documents }, photos] = await Promise.all([
			listDocuments(db, grant.organizationId, grant.shipSetId, 0, GUEST_FILES_LIMIT),
			listPhotos(db, grant.organizationId, grant.shipSetId, 0, PHOTOS_REQUEST_LIMIT),
		])
		await touchGuestGrant(db, grant)
		return c.json(
			{ ...record, documents, photos: photos.photos, photos_total_count: photos.total_count },
			200,
		)
	})
	.openapi(guarded(guestNode, publicRateLimit('guestRead'), requireGrant), async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		const [found] = await orderNodes(c.var.deps.db, organizationId, shipSetId, [
			c.req.valid('param').node,
		])
		if (!found) throw notFound('Node')
		// What guests do not get is left out here, not only in the schema: answers are not parsed.
		const { tracking_group_id, has_sensor_data, measurement_types, ...node } = found
		return c.json({ node }, 200)
	})
	.openapi(guarded(createNotification, publicRateLimit('guestWrite'), requireGrant), async (c) => {
		const { notification } = c.req.valid('json')
		const saved = await saveGuestNotification(c.var.deps.db, c.var.guest, notification)
		return c.json({ notification: saved }, 200)
	})
	.openapi(guarded(guestDocuments, publicRateLimit('guestRead'), requireGrant), async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		return c.json(
			await listDocuments(c.var.deps.db, organizationId, shipSetId, 0, GUEST_FILES_LIMIT),
			200,
		)
	})
	.openapi(guarded(guestPhotos, publicRateLimit('guestRead'), requireGrant), async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		const { offset, limit } = c.req.valid('query')
		return c.json(await listPhotos(c.var.deps.db, organizationId, shipSetId, offset, limit), 200)
	})
	.openapi(
		guarded(guestDocumentDownload, publicRateLimit('guestFile'), requireGrant),
		async (c) => {
			const { organizationId, shipSetId } = c.var.guest
			const doc = await findDocument(
				c.var.deps.db,
				organizationId,
				shipSetId,
				c.req.valid('param').documentId,
			)
			if (!doc) throw notFound('Document')
			return fileResponse(
				c.var.deps.storage,
				doc.storageKey,
				doc.fileContentType,
				doc.fileFileName,
				c.req.valid('query').disposition,
			)
		},
	)
	.openapi(guarded(guestPhotoDownload, publicRateLimit('guestFile'), requireGrant), async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		const photo = await findPhoto(
			c.var.deps.db,
			organizationId,
			shipSetId,
			c.req.valid('param').photoId,
		)
		if (!photo) throw notFound('Photo')
		return fileResponse(
			c.var.deps.storage,
			photo.storageKey,
			photo.contentType,
			photo.imageFileName,
			c.req.valid('query').disposition,
		)
	})
