import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, jsonContent, fileDownloadResponses } from '../shared/common'
import {
	DocumentsResponse,
	DownloadQuery,
	PhotosQuery,
	PhotosResponse,
} from '../files/files.contract'
import {
	GUEST_INVALID_TOKEN,
	GuestHeaders,
	GuestNotificationBody,
	GuestNotificationResponse,
	GuestParams,
	GuestRestrictedResponse,
	GuestTimelineQuery,
	GuestTimelineResponse,
	GuestDocumentParams,
	GuestNodeParams,
	GuestNodeResponse,
	GuestPhotoParams,
} from './guest.contract'

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

const refused = jsonContent(
	ErrorBody,
	`The link does not open this order: '${GUEST_INVALID_TOKEN}'`,
)
const tooMany = jsonContent(ErrorBody, 'Too many requests from this address; see Retry-After')

const restricted = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/restricted',
	summary: 'The guest restricted record of the order a guest link names',
	description: 'Rate limited per client address (429 with Retry-After), like the public tracker.',
	request: { headers: GuestHeaders, params: GuestParams },
	responses: {
		200: jsonContent(
			GuestRestrictedResponse,
			'The restricted record and the guest’s notification setting',
		),
		400: jsonContent(ErrorBody, 'A header is missing'),
		401: refused,
		429: tooMany,
	},
})

const timeline = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}',
	summary:
		'The order timeline a guest link opens (002 §7 "GET {api}/ship_sets/{id}/timeline (guest: /guest/{id})"), restricted as 002 §1 says',
	description:
		'The signed-in timeline’s order less what guests do not get (no estimated delivery, follow state, sensor groups, tags, custom attributes, related orders, historical logs), a page of its comments (authors by name only), the guest’s notification setting and the order’s documents and photos. Rate limited per client address (429 with Retry-After).',
	request: { headers: GuestHeaders, params: GuestParams, query: GuestTimelineQuery },
	responses: {
		200: jsonContent(GuestTimelineResponse, 'The restricted order timeline'),
		400: jsonContent(ErrorBody, 'A header is missing'),
		401: refused,
		429: tooMany,
	},
})

const guestNode = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/nodes/{node}',
	summary:
		'One node of the order a guest link names, with its events (002 §7), without sensor data',
	request: { headers: GuestHeaders, params: GuestNodeParams },
	responses: {
		200: jsonContent(GuestNodeResponse, 'The node'),
		401: refused,
		404: jsonContent(ErrorBody, 'No such node on this order'),
		429: tooMany,
	},
})

const createNotification = createRoute({
	...guest,
	method: 'post',
	path: '/api/web/guest/{id}/create_notification',
	summary:
		'Sets the guest’s notification preference for this order (000 §5: one of the radio choices)',
	request: {
		headers: GuestHeaders,
		params: GuestParams,
		body: { content: { 'application/json': { schema: GuestNotificationBody } }, required: true },
	},
	responses: {
		200: jsonContent(GuestNotificationResponse, 'Saved'),
		400: jsonContent(
			ErrorBody,
			'A header is missing or the choice is not one of the radio choices',
		),
		401: refused,
		429: tooMany,
	},
})

const guestDocuments = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/documents',
	summary: 'The documents of the order a guest link names, newest first (at most 100)',
	request: { headers: GuestHeaders, params: GuestParams },
	responses: {
		200: jsonContent(DocumentsResponse, 'Documents and their total'),
		401: refused,
		429: tooMany,
	},
})

const guestPhotos = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/photos',
	summary:
		'The photos of the order a guest link names, newest first, from offset (30 by default, at most 100)',
	request: { headers: GuestHeaders, params: GuestParams, query: PhotosQuery },
	responses: {
		200: jsonContent(PhotosResponse, 'Photos and their total'),
		401: refused,
		429: tooMany,
	},
})

const guestDocumentDownload = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/documents/{documentId}/download',
	summary: 'One document of the guest link’s order: its bytes, type and file name',
	request: { headers: GuestHeaders, params: GuestDocumentParams, query: DownloadQuery },
	responses: { ...fileDownloadResponses('The document'), 401: refused, 429: tooMany },
})

const guestPhotoDownload = createRoute({
	...guest,
	method: 'get',
	path: '/api/web/guest/{id}/photos/{photoId}/download',
	summary: 'One photo of the guest link’s order: its bytes, type and file name',
	request: { headers: GuestHeaders, params: GuestPhotoParams, query: DownloadQuery },
	responses: { ...fileDownloadResponses('The photo'), 401: refused, 429: tooMany },
})

export const GuestApi = {
	timeline,
	restricted,
	node: guestNode,
	createNotification,
	documents: guestDocuments,
	photos: guestPhotos,
	downloadDocument: guestDocumentDownload,
	downloadPhoto: guestPhotoDownload,
}
