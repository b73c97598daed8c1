import type { AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { camelize, mergeIncluded, type Camelize } from '~/lib/camelize'
import { TogglesResponse } from '../../server/contracts/toggles'
import {
	CarrierNamesResponse,
	ConveyanceTypesResponse,
	LocationsResponse,
	OrderTypesResponse,
	TagsResponse,
} from '../../server/contracts/reference'
import { ProfileResponse } from '../../server/contracts/profile'
import { SessionEndedResponse, SessionResponse } from '../../server/contracts/session'
import {
	FollowingResponse,
	LiveFeedResponse,
	RecentlyViewedResponse,
	SuccessResponse,
} from '../../server/contracts/dashboard'
import {
	AdvancedSearchResponse,
	CustomAttributeTypeListResponse,
	QuickSearchResponse,
} from '../../server/contracts/search'
import { ShipmentDetailsResponse, TimelineResponse } from '../../server/contracts/timeline'
import {
	MeasurementsResponse,
	MeasurementTypesResponse,
	ThresholdSettingsResponse,
	TrackingGroupDriversResponse,
	TrackingGroupItemsResponse,
} from '../../server/contracts/tracker'
import {
	GuestLinksResponse,
	MailingListsResponse,
	NotificationResponse,
	OutboxResponse,
	RevokeResponse,
	ShareResponse,
} from '../../server/contracts/share'
import { CommentCreated, CommentsPage, MentionUsersResponse, TaggedCommentsResponse } from '../../server/contracts/comments'
import { FollowResponse } from '../../server/contracts/follows'
import { HistoricalLogsResponse } from '../../server/contracts/logs'
import {
	DocumentCreatedResponse,
	DocumentTypesResponse,
	DocumentsResponse,
	PhotoResponse,
	PhotosCreatedResponse,
	PhotosResponse,
} from '../../server/contracts/files'
import {
	AddRelatedResponse,
	AddShipmentResponse,
	CarriersResponse,
	RelatedShipSetsResponse,
	RemovedRelatedResponse,
	RemovedShipmentResponse,
	ShipmentActionResponse,
	ShipmentsResponse,
	SIDE_PAGE_SIZE,
	type AddShipmentBody,
} from '../../server/contracts/shipments'

/**
 * The only door from the web app to data (ARCHITECTURE.md rule 1). Loaders
 * and actions call typed functions; this module builds the request with the
 * spec's headers, dispatches it through the load context (in memory in the
 * single process, HTTP when SCM_API_URL is set), treats an empty body as
 * 'No API response data', parses the body with the endpoint's contract,
 * merges `included` records and converts keys to camelCase.
 */

export const NO_DATA = 'No API response data'

export class ScmError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** Seconds the API asked to wait (its Retry-After), on a 429. */
		readonly retryAfter?: number,
	) {
		super(message)
		this.name = 'ScmError'
	}

	/** The Retry-After header to answer a 429 with: the API's, else a minute (the limits' window). */
	get retryAfterHeader(): Record<string, string> {
		return { 'Retry-After': String(this.retryAfter ?? 60) }
	}
}

export interface ScmAuth {
	accessToken: string
	supplyChain: string
	account?: string
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>

interface RequestOptions<S extends z.ZodType> {
	schema: S
	query?: Query
	body?: unknown
	/** Extra headers; a null value removes a default one. */
	headers?: Record<string, string | null>
}

export function createScmClient(context: AppLoadContext, auth?: ScmAuth) {
	/**
	 * Sends one request and answers the API's Response when it is a success; a failure
	 * throws ScmError with the API's `{ error }` text. A FormData body goes as multipart
	 * (the parts are handed on as they are, not copied); anything else as JSON.
	 */
	async function send(
		method: string,
		path: string,
		{ query, body, headers: extra, accept = 'application/json' }: Omit<RequestOptions<z.ZodType>, 'schema'> & { accept?: string },
	): Promise<Response> {
		const url = new URL(path, context.scmBaseUrl)
		for (const [key, value] of Object.entries(query ?? {})) {
			if (value === undefined || value === null) continue
			if (Array.isArray(value)) for (const v of value) url.searchParams.append(`${key}[]`, String(v))
			else url.searchParams.set(key, String(value))
		}
		const headers = new Headers({ Accept: accept, 'X-Request-Id': context.requestId })
		const multipart = body instanceof FormData
		try {
			if (auth) {
				headers.set('Authorization', `Bearer ${auth.accessToken}`)
				headers.set('X-Supply-Chain', auth.supplyChain)
				headers.set('X-Account', auth.account ?? auth.supplyChain)
			}
			if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json')
			for (const [key, value] of Object.entries(extra ?? {})) {
				if (value === null) headers.delete(key)
				else headers.set(key, value)
			}
		} catch {
			// A value from the URL (the tracker's organization, a guest link's e-mail) holding a
			// line break or a non-Latin letter cannot be a header: no API would accept it.
			throw new ScmError(400, 'Bad Request')
		}

		let response: Response
		try {
			response = await context.scmFetch(
				new Request(url, { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body) }),
			)
		} catch {
			// The API could not be reached at all (split tiers, network down).
			throw new ScmError(503, 'Service Unavailable')
		}
		if (!response.ok) {
			const text = await response.text()
			let message = response.statusText || `Request failed with status ${response.status}`
			try {
				const parsed = JSON.parse(text) as { error?: unknown }
				if (typeof parsed.error === 'string') message = parsed.error
			} catch {
				// not JSON: keep the status text
			}
			const retryAfter = Number(response.headers.get('Retry-After'))
			throw new ScmError(response.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined)
		}
		return response
	}

	async function request<S extends z.ZodType>(method: string, path: string, { schema, ...options }: RequestOptions<S>): Promise<Camelize<z.output<S>>> {
		const text = await (await send(method, path, options)).text()
		if (!text.trim()) throw new ScmError(502, NO_DATA)
		let json: unknown
		try {
			json = JSON.parse(text)
		} catch {
			throw new ScmError(502, 'Malformed API response')
		}
		const parsed = schema.safeParse(mergeIncluded(json))
		if (!parsed.success) {
			throw new ScmError(502, `API response did not match its contract: ${parsed.error.message}`)
		}
		return camelize(parsed.data)
	}

	/** A response whose body is passed through untouched (a CSV, a file), so it streams. */
	async function stream(path: string, query: Query, accept: string, headers?: Record<string, string | null>): Promise<Response> {
		const response = await send('GET', path, { query, accept, headers })
		if (!response.body) throw new ScmError(502, NO_DATA)
		return response
	}

	const orderPath = (shipSetId: string, rest = '') => `/api/web/ship_sets/${encodeURIComponent(shipSetId)}${rest}`

	return {
		request,
		stream,
		/** Feature toggles: the web tier's API key, no user token (000 §7 "GET /toggles"). */
		async toggles(names: string[], supplyChain?: string) {
			const { toggles } = await request('GET', '/api/web/toggles', {
				schema: TogglesResponse,
				query: { names: names.join(',') },
				headers: {
					Authorization: null,
					'X-Account': null,
					'X-Supply-Chain': supplyChain ?? null,
					'X-Api-Key': context.webApiKey,
				},
			})
			if (toggles.length === 0) throw new ScmError(502, 'Feature toggles are empty')
			return toggles
		},
		/** The caller's profile and memberships, right after sign-in (no supply chain yet). */
		profile: (accessToken: string) =>
			request('GET', '/api/web/profile', {
				schema: ProfileResponse,
				headers: { Authorization: `Bearer ${accessToken}`, 'X-Supply-Chain': null, 'X-Account': null },
			}),
		/** Whether the session's token still stands (401 once sign-out ended it, on any process). */
		session: () => request('GET', '/api/web/session', { schema: SessionResponse, headers: { 'X-Supply-Chain': null, 'X-Account': null } }),
		/** Sign-out: the API refuses this token from now on. */
		endSession: () => request('DELETE', '/api/web/session', { schema: SessionEndedResponse, headers: { 'X-Supply-Chain': null, 'X-Account': null } }),
		following: (offset: number, limit = 10) =>
			request('GET', '/api/web/dashboard/following', { schema: FollowingResponse, query: { offset, limit } }),
		liveFeed: (offset: number, limit = 10) =>
			request('GET', '/api/web/dashboard/live_feed', { schema: LiveFeedResponse, query: { offset, limit } }),
		recentlyViewed: (offset: number, limit = 10) =>
			request('GET', '/api/web/dashboard/recently_viewed', { schema: RecentlyViewedResponse, query: { offset, limit } }),
		unfollow: (shipSetId: string) =>
			request('DELETE', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/follows`, { schema: SuccessResponse }),
		carrierNames: () => request('GET', '/api/web/carriers/names', { schema: CarrierNamesResponse }),
		conveyanceTypes: () =>
			request('GET', '/api/web/carriers/conveyance_types', { schema: ConveyanceTypesResponse }),
		tags: () => request('GET', '/api/web/tags', { schema: TagsResponse }),
		orderTypes: () => request('GET', '/api/web/order_types', { schema: OrderTypesResponse }),
		locations: (level: 'order' | 'shipment') =>
			request('GET', '/api/web/locations', { schema: LocationsResponse, query: { level } }),
		quickSearch: (query: Query) =>
			request('GET', '/api/web/search/quick_search', { schema: QuickSearchResponse, query }),
		advancedSearch: (query: Query) =>
			request('GET', '/api/web/search/advanced_search_beta', { schema: AdvancedSearchResponse, query }),
		/** The newer form's custom order detail names (000 §7: data_types string, string_array, integer). */
		customAttributeTypes: (dataTypes: string[] = ['string', 'string_array', 'integer']) =>
			request('GET', '/api/web/custom_attribute_type/list', {
				schema: CustomAttributeTypeListResponse,
				// 000 §7: the newer form sends data_types only, so shipment attribute types are listed too.
				query: { data_types: dataTypes },
			}),
		/**
		 * search_report.csv of every match (include_download=1): the API's Response, its body
		 * a stream passed through untouched, so the file starts before the query ends.
		 */
		searchExport: (kind: 'quick_search' | 'advanced_search_beta', query: Query): Promise<Response> =>
			stream(`/api/web/search/${kind}`, { ...query, include_download: 1 }, 'text/csv'),
		/** One order's timeline; the API records it as recently viewed by the caller (002 §7). */
		timeline: (shipSetId: string) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/timeline`, { schema: TimelineResponse }),
		/** One shipment's details (002 §7 GET {api}/ship_sets/{id}/shipments/{shipmentId}). */
		shipmentDetails: (shipSetId: string, shipmentId: string) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shipments/${encodeURIComponent(shipmentId)}`, {
				schema: ShipmentDetailsResponse,
			}),
		/** The tracking API {api2} (002 §7); every call needs TRACKER.DEFAULT. */
		measurementTypes: () => request('GET', '/api/tracker/1.0/measurement_types', { schema: MeasurementTypesResponse }),
		trackingGroupDrivers: (groupId: string) =>
			request('GET', `/api/tracker/1.0/tracking_groups/${encodeURIComponent(groupId)}/tracking_group_drivers`, {
				schema: TrackingGroupDriversResponse,
			}),
		trackingGroupItems: (groupId: string) =>
			request('GET', `/api/tracker/1.0/tracking_groups/${encodeURIComponent(groupId)}/tracking_group_items`, {
				schema: TrackingGroupItemsResponse,
			}),
		trackingGroupThresholds: (groupId: string) =>
			request('GET', `/api/tracker/1.0/tracking_groups/${encodeURIComponent(groupId)}/tracking_group_threshold_settings`, {
				schema: ThresholdSettingsResponse,
			}),
		/** One item's readings of one type: `last` n, or `measure_date_from`..`measure_date_to`. */
		measurements: (
			groupId: string,
			query: { measurable_id: string; type: string } & ({ last: number } | { measure_date_from: string; measure_date_to: string }),
		) =>
			request('GET', `/api/tracker/1.0/tracking_groups/${encodeURIComponent(groupId)}/measurements`, {
				schema: MeasurementsResponse,
				query,
			}),
		/** Step 1 of the share flow (002 §7 GET …/shares/generate_mailing_lists, e-mails comma-joined). */
		mailingLists: (shipSetId: string, emails: string[]) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shares/generate_mailing_lists`, {
				schema: MailingListsResponse,
				query: { emails: emails.join(',') },
			}),
		/** SHARE (002 §7 POST …/shares). */
		share: (
			shipSetId: string,
			share: { authList: string[]; notAuthList: string[]; subscribedList: string[]; viewType: 'customer' | 'supply_chain'; message: string | null },
		) =>
			request('POST', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shares`, {
				schema: ShareResponse,
				body: {
					share: {
						auth_list: share.authList,
						not_auth_list: share.notAuthList,
						subscribed_list: share.subscribedList,
						view_type: share.viewType,
						message: share.message,
					},
				},
			}),
		guestLinks: (shipSetId: string) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shares/guest_links`, { schema: GuestLinksResponse }),
		revokeGuestLink: (shipSetId: string, recipientId: string) =>
			request('DELETE', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shares/guest_links/${encodeURIComponent(recipientId)}`, {
				schema: RevokeResponse,
			}),
		/** The signed-in user's notification settings for the order (defaults when none are saved). */
		notification: (shipSetId: string) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/notifications`, { schema: NotificationResponse }),
		/** 002 §7 POST …/notifications; view_type is always user. */
		saveNotification: (
			shipSetId: string,
			n: { notifType: string; nodes: string[]; comments: boolean; promiseDate: boolean },
		) =>
			request('POST', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/notifications`, {
				schema: NotificationResponse,
				body: { notification: { view_type: 'user', notif_type: n.notifType, nodes: n.nodes, comments: n.comments, promise_date: n.promiseDate } },
			}),
		/** The supply chain's e-mail outbox (administrators). */
		outbox: (offset: number, limit = 20) =>
			request('GET', '/api/web/outbox_emails', { schema: OutboxResponse, query: { offset, limit } }),
		/** One page of an order's comments, newest first (002 §7 GET {api}/ship_sets/{id}/comments, limit 20). */
		comments: (shipSetId: string, offset = 0) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/comments`, { schema: CommentsPage, query: { offset, limit: 20 } }),
		/** A comment without mentions (002 §7 POST {api}/ship_sets/{id}/comments: body, node_id). */
		postComment: (shipSetId: string, body: { body: string; node_id: string | null }) =>
			request('POST', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/comments`, { schema: CommentCreated, body }),
		/** A comment with mentions (002 §7 POST {comments api}/comment/post). */
		postCommentWithMentions: (body: { comment_body: string; has_mention: boolean; mentioned_ids: string[]; ship_set_id: string; node_id: string | null }) =>
			request('POST', '/api/comments/comment/post', { schema: CommentCreated, body }),
		/** Comments that mention the caller (001 §7 GET {comments}/comment/get-tagged, limit 3). */
		taggedComments: (offset = 0, limit = 3) =>
			request('GET', '/api/comments/comment/get-tagged', { schema: TaggedCommentsResponse, query: { offset, limit } }),
		/** Who may be mentioned (002 §7 GET {user-mentions}/users/list?organization). */
		mentionUsers: (organization: string) =>
			request('GET', '/api/comments/users/list', { schema: MentionUsersResponse, query: { organization } }),
		/** Follow an order (002 §7 POST {api}/ship_sets/{id}/follows). */
		follow: (shipSetId: string) =>
			request('POST', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/follows`, { schema: FollowResponse }),
		/** The Historical Logs modal (002 §7 GET {api}/ship_sets/{id}/logs), 100 a page. */
		historicalLogs: (shipSetId: string, offset = 0) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/logs`, { schema: HistoricalLogsResponse, query: { offset } }),
		/** A page of the order's documents (002 §7, limit 5). */
		documents: (shipSetId: string, offset: number, limit = 5) =>
			request('GET', orderPath(shipSetId, '/documents'), { schema: DocumentsResponse, query: { offset, limit } }),
		documentTypes: () => request('GET', '/api/web/document_types', { schema: DocumentTypesResponse }),
		/** One document, one request (002 §7 POST documents, `documents[1][…]` fields). */
		uploadDocument(shipSetId: string, entry: { file: File; fileName: string; documentTypeId: string; otherDocumentType?: string }) {
			const body = new FormData()
			body.append('documents[1][file]', entry.file, entry.fileName)
			body.append('documents[1][file_name]', entry.fileName)
			body.append('documents[1][document_type_id]', entry.documentTypeId)
			if (entry.otherDocumentType) body.append('documents[1][other_document_type]', entry.otherDocumentType)
			return request('POST', orderPath(shipSetId, '/documents'), { schema: DocumentCreatedResponse, body })
		},
		photos: (shipSetId: string, offset = 0, limit = 30) =>
			request('GET', orderPath(shipSetId, '/photos'), { schema: PhotosResponse, query: { offset, limit } }),
		/** Photos together (002 §7 POST photos, repeated `file[]`). */
		uploadPhotos(shipSetId: string, files: File[]) {
			const body = new FormData()
			for (const file of files) body.append('file[]', file, file.name)
			return request('POST', orderPath(shipSetId, '/photos'), { schema: PhotosCreatedResponse, body })
		},
		/** 'Comment on Photo' (002 §7 PUT photos/{photoId}, body notes). */
		photoNotes: (shipSetId: string, photoId: string, notes: string) =>
			request('PUT', orderPath(shipSetId, `/photos/${encodeURIComponent(photoId)}`), { schema: PhotoResponse, body: { notes } }),
		/** A document's or a photo's bytes, streamed through untouched. */
		downloadFile: (shipSetId: string, kind: 'documents' | 'photos', fileId: string, disposition: 'attachment' | 'inline') =>
			stream(orderPath(shipSetId, `/${kind}/${encodeURIComponent(fileId)}/download`), { disposition }, '*/*'),
		/** One page (5) of an order's shipments (002 §7 GET {api}/ship_sets/{id}/shipments). */
		shipments: (shipSetId: string, offset: number) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shipments`, {
				schema: ShipmentsResponse,
				query: { offset, limit: SIDE_PAGE_SIZE },
			}),
		/** Carriers grouped into air, ground and ocean (002 §7 GET {api}/carriers). */
		carriers: () => request('GET', '/api/web/carriers', { schema: CarriersResponse }),
		addShipment: (shipSetId: string, body: AddShipmentBody) =>
			request('POST', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shipments`, { schema: AddShipmentResponse, body }),
		/** PUT …/shipments/{id}/{close|cancel}: a refusal throws ScmError with the API's errorMessage. */
		shipmentAction: (shipSetId: string, shipmentId: string, action: 'close' | 'cancel') =>
			request('PUT', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shipments/${encodeURIComponent(shipmentId)}/${action}`, {
				schema: ShipmentActionResponse,
			}),
		removeShipment: (shipSetId: string, shipmentId: string) =>
			request('DELETE', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/shipments/${encodeURIComponent(shipmentId)}`, {
				schema: RemovedShipmentResponse,
			}),
		/** One page (5) of an order's related orders (002 §7 GET {api}/ship_sets/{id}/related_ship_sets). */
		relatedShipSets: (shipSetId: string, offset: number) =>
			request('GET', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/related_ship_sets`, {
				schema: RelatedShipSetsResponse,
				query: { offset, limit: SIDE_PAGE_SIZE },
			}),
		addRelated: (shipSetId: string, orderNumber: string) =>
			request('POST', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/related_ship_sets`, {
				schema: AddRelatedResponse,
				body: { related_ship_set: { ship_set_name: orderNumber } },
			}),
		removeRelated: (shipSetId: string, relationId: string) =>
			request('DELETE', `/api/web/ship_sets/${encodeURIComponent(shipSetId)}/related_ship_sets/${encodeURIComponent(relationId)}`, {
				schema: RemovedRelatedResponse,
			}),
	}
}

export type ScmClient = ReturnType<typeof createScmClient>
