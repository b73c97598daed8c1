import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { ErrorBody, jsonContent } from '../../contracts/common'
import { DocumentsResponse, DownloadQuery, PhotosResponse } from '../../contracts/files'
import {
	GUEST_INVALID_TOKEN,
	GuestHeaders,
	GuestNotificationBody,
	GuestNotificationResponse,
	GuestParams,
	GuestRestrictedResponse,
	GuestDocumentParams,
	GuestPhotoParams,
} from '../../contracts/guest'
import { findGuestGrant } from '../../guest/tokens'
import type { ApiEnv } from '../context'
import { ApiError, notFound, validationHook } from '../errors'
import { publicRateLimit } from '../public-client'
import { guestRestricted, saveGuestNotification, touchGuestGrant } from '../queries/guest'
import { organizationIdBySlug } from '../queries/public-tracker'
import { findDocument, findPhoto, listDocuments, listPhotos } from '../queries/files'
import { fileDownloadResponses, fileResponse } from './file-responses'

/**
 * The guest endpoints (000 §7 "GET /guest/{id}/restricted", "POST
 * /guest/{id}/create_notification"; §6 "Guest: a link with query parameters for supply
 * chain, token and e-mail sets request headers (supply chain, bearer token, content type,
 * e-mail) and uses guest endpoints"). The bearer here is a guest-link token, checked by
 * findGuestGrant, the one place such a token is accepted; user access tokens are not (and
 * the signed-in endpoints' requireUser takes only those). A grant opens its one order,
 * read-only but for the guest's own notification setting.
 *
 * Every refusal of the link (unsigned, unknown, expired or revoked token; another order,
 * e-mail or supply chain) answers the same 401 'Token expired or invalid parameters.'
 * (000 §8 "Guest invalid token"), so a guess learns nothing about which part was wrong.
 */

const guest = {
	tags: ['Guest'],
	security: [{ guestToken: [] }],
}

const refused = jsonContent(ErrorBody, `The link does not open this order: '${GUEST_INVALID_TOKEN}'`)
const tooMany = jsonContent(ErrorBody, 'Too many requests from this address; see Retry-After')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Resolves the link before anything else is read (so a bad link answers 401 whatever
 * else is wrong): the grant the headers carry for the order in the path, in the same
 * supply chain; otherwise the one refusal.
 */
const requireGrant = createMiddleware<ApiEnv>(async (c, next) => {
	const { db, guestLinkSecret } = c.var.deps
	const shipSetId = c.req.param('id') ?? ''
	const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
	const email = c.req.header('x-email')?.trim()
	const slug = c.req.header('x-supply-chain')?.trim()
	const grant =
		token && email && slug && UUID.test(shipSetId)
			? await findGuestGrant(db, guestLinkSecret, { token, shipSetId: shipSetId.toLowerCase(), email })
			: null
	if (!grant || (await organizationIdBySlug(db, slug!)) !== grant.organizationId) throw new ApiError(401, GUEST_INVALID_TOKEN)
	c.set('guest', grant)
	await next()
})

const restricted = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/restricted',
	summary: 'The guest restricted record of the order a guest link names',
	description: 'Rate limited per client address (429 with Retry-After), like the public tracker.',
	middleware: [publicRateLimit('guestRead'), requireGrant] as const,
	request: { headers: GuestHeaders, params: GuestParams },
	responses: {
		200: jsonContent(GuestRestrictedResponse, 'The restricted record and the guest’s notification setting'),
		400: jsonContent(ErrorBody, 'A header is missing'),
		401: refused,
		429: tooMany,
	},
})

const createNotification = createRoute({
	...guest,
	method: 'post',
	path: '/api/web/guest/{id}/create_notification',
	summary: 'Sets the guest’s notification preference for this order (000 §5: one of the radio choices)',
	middleware: [publicRateLimit('guestWrite'), requireGrant] as const,
	request: {
		headers: GuestHeaders,
		params: GuestParams,
		body: { content: { 'application/json': { schema: GuestNotificationBody } }, required: true },
	},
	responses: {
		200: jsonContent(GuestNotificationResponse, 'Saved'),
		400: jsonContent(ErrorBody, 'A header is missing or the choice is not one of the radio choices'),
		401: refused,
		429: tooMany,
	},
})

/**
 * 002 §1 "A guest may still … open or download documents and view photos (guest data
 * comes from the order's own documents and photos)": the order's files, listed and
 * streamed with the signed-in endpoints' queries and storage, scoped by the grant (its
 * organization and order), so another order's file id is 404 like an unknown one.
 */
const GUEST_FILES_LIMIT = 100
const guestDocuments = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/documents',
	summary: 'The documents of the order a guest link names, newest first (at most 100)',
	middleware: [publicRateLimit('guestRead'), requireGrant] as const,
	request: { headers: GuestHeaders, params: GuestParams },
	responses: { 200: jsonContent(DocumentsResponse, 'Documents and their total'), 401: refused, 429: tooMany },
})

const guestPhotos = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/photos',
	summary: 'The photos of the order a guest link names, newest first (at most 100)',
	middleware: [publicRateLimit('guestRead'), requireGrant] as const,
	request: { headers: GuestHeaders, params: GuestParams },
	responses: { 200: jsonContent(PhotosResponse, 'Photos and their total'), 401: refused, 429: tooMany },
})

const guestDocumentDownload = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/documents/{documentId}/download',
	summary: 'One document of the guest link’s order: its bytes, type and file name',
	middleware: [publicRateLimit('guestFile'), requireGrant] as const,
	request: { headers: GuestHeaders, params: GuestDocumentParams, query: DownloadQuery },
	responses: { ...fileDownloadResponses('The document'), 401: refused, 429: tooMany },
})

const guestPhotoDownload = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/photos/{photoId}/download',
	summary: 'One photo of the guest link’s order: its bytes, type and file name',
	middleware: [publicRateLimit('guestFile'), requireGrant] as const,
	request: { headers: GuestHeaders, params: GuestPhotoParams, query: DownloadQuery },
	responses: { ...fileDownloadResponses('The photo'), 401: refused, 429: tooMany },
})

export const guestRoutes = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })

guestRoutes.openAPIRegistry.registerComponent('securitySchemes', 'guestToken', {
	type: 'http',
	scheme: 'bearer',
	description: 'A guest-link token (the token query value of a shared link), with X-Email and X-Supply-Chain',
})

guestRoutes
	.openapi(restricted, async (c) => {
		const grant = c.var.guest
		const { db } = c.var.deps
		const record = await guestRestricted(db, grant)
		if (!record) throw new ApiError(401, GUEST_INVALID_TOKEN)
		const [{ documents }, { photos }] = await Promise.all([
			listDocuments(db, grant.organizationId, grant.shipSetId, 0, GUEST_FILES_LIMIT),
			listPhotos(db, grant.organizationId, grant.shipSetId, 0, GUEST_FILES_LIMIT),
		])
		await touchGuestGrant(db, grant)
		return c.json({ ...record, documents, photos }, 200)
	})
	.openapi(createNotification, async (c) => {
		const { notification } = c.req.valid('json')
		const saved = await saveGuestNotification(c.var.deps.db, c.var.guest, notification)
		return c.json({ notification: saved }, 200)
	})
	.openapi(guestDocuments, async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		return c.json(await listDocuments(c.var.deps.db, organizationId, shipSetId, 0, GUEST_FILES_LIMIT), 200)
	})
	.openapi(guestPhotos, async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		return c.json(await listPhotos(c.var.deps.db, organizationId, shipSetId, 0, GUEST_FILES_LIMIT), 200)
	})
	.openapi(guestDocumentDownload, async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		const doc = await findDocument(c.var.deps.db, organizationId, shipSetId, c.req.valid('param').documentId)
		if (!doc) throw notFound('Document')
		return fileResponse(c.var.deps.storage, doc.storageKey, doc.fileContentType, doc.fileFileName, c.req.valid('query').disposition)
	})
	.openapi(guestPhotoDownload, async (c) => {
		const { organizationId, shipSetId } = c.var.guest
		const photo = await findPhoto(c.var.deps.db, organizationId, shipSetId, c.req.valid('param').photoId)
		if (!photo) throw notFound('Photo')
		return fileResponse(c.var.deps.storage, photo.storageKey, photo.contentType, photo.imageFileName, c.req.valid('query').disposition)
	})
