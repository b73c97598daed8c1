import { z } from '@hono/zod-openapi'
import { DocumentFile, PhotoFile } from '../files/files.contract'
import {
	CarrierName,
	EventShipmentStatus,
	TimelineEvent,
	TimelineLocation,
	TimelineNode,
	TimelineShipSet,
} from '../timeline/timeline.contract'
import { CommentRecord, COMMENT_PAGE_SIZE } from '../comments/comments.contract'
import { NodeWithEvents } from '../timeline/details.contract'

/**
 * The guest link's calls: the order timeline in its guest form (002 §7 "GET
 * {api}/ship_sets/{id}/timeline (guest: /guest/{id})", what the guest page reads), 000 §7's
 * "GET /guest/{id}/restricted" (the guest restricted record of 000 §3) and "POST
 * /guest/{id}/create_notification", 002 §7's "GET /guest/{id}/nodes/{node}" (one node with its
 * events), and the order's documents and photos (002 §1 "A guest may
 * still … open or download documents and view photos"; the file schemas are the signed-in
 * ones). None answers what 002 §1 and 000 §6 keep from guests: estimated delivery, follow
 * state, historical logs, sensor data, related orders, notes, tags or custom attributes.
 */

/** 000 §2 "Shows 'Token expired or invalid parameters.' when type is not restricted or on error"; 000 §8. */
export const GUEST_INVALID_TOKEN = 'Token expired or invalid parameters.'

/** 000 §6 "a link … sets request headers (supply chain, bearer token, content type, e-mail)". */
export const GuestHeaders = z.object({
	'x-supply-chain': z
		.string()
		.min(1)
		.openapi({ description: 'The supply chain named by the link', example: 'acme' }),
	authorization: z.string().optional().openapi({
		description: 'Bearer and the link’s guest token (never a user’s access token)',
		example: 'Bearer …',
	}),
	'x-email': z
		.string()
		.min(1)
		.openapi({ description: 'The e-mail the order was shared with', example: 'guest@example.com' }),
})

export const GuestParams = z.object({
	id: z
		.string()
		.openapi({ param: { name: 'id', in: 'path' }, description: 'The ship set id the link names' }),
})

/** 002 §1: one document / one photo of the guest link's order. */
const fileId = (name: string) =>
	z
		.string()
		.uuid()
		.openapi({ param: { name, in: 'path' }, description: `The ${name.replace('Id', '')} id` })
export const GuestDocumentParams = GuestParams.extend({ documentId: fileId('documentId') })
export const GuestPhotoParams = GuestParams.extend({ photoId: fileId('photoId') })

/** 000 §3 "Guest restricted record: … status (pending, in_process, on_its_way, delivered)". */
export const GUEST_STATUSES = ['pending', 'in_process', 'on_its_way', 'delivered'] as const
export type GuestStatus = (typeof GUEST_STATUSES)[number]

/** 000 §3 "Node location: name, street1, street2, city, state, postalCode, country, latitude, longitude." */
export const GuestLocation = TimelineLocation.omit({ timezone: true }).openapi('GuestLocation')

/**
 * 000 §3 "Timeline event (authenticated and guest): title, summary, eventAt, timezoneName,
 * eventType, staleAt, nodeId, node (source, iconClass), shipmentStatus.locationAt,
 * nodeLocation, firstEventAt" (first_event_at: the earliest event of the same node), plus
 * its id and the blockchain mark every event carries (002 §3 "Event").
 */
export const GuestEvent = TimelineEvent.omit({ location_at: true })
	.extend({
		node: TimelineNode.pick({ source: true, icon_class: true }).nullable(),
		shipment_status: EventShipmentStatus,
		node_location: GuestLocation.nullable(),
		first_event_at: z.string().nullable(),
	})
	.openapi('GuestEvent')

/** "shipment with consignee and shipper" (000 §3). */
export const GuestShipment = z
	.object({
		tracking_number: z.string().nullable(),
		carrier: CarrierName.nullable(),
		shipper: GuestLocation.nullable(),
		consignee: GuestLocation.nullable(),
	})
	.openapi('GuestShipment')

const GuestSection = z.object({
	events: z.array(GuestEvent),
	shipment: GuestShipment.nullable(),
	location: GuestLocation.nullable(),
})

/**
 * 000 §3 "Guest restricted record: name, status, location, inProcess (buildingType,
 * iconClass), events, transit (events, shipment with consignee and shipper, location),
 * customer (events, shipment, location)". `events` are the in-process events (every
 * node that is neither Transit nor Customer); `location` is the order's destination.
 */
export const GuestRestrictedRecord = z
	.object({
		name: z.string(),
		status: z.enum(GUEST_STATUSES),
		location: GuestLocation.nullable(),
		in_process: TimelineNode.pick({ building_type: true, icon_class: true }).nullable(),
		events: z.array(GuestEvent),
		transit: GuestSection,
		customer: GuestSection,
	})
	.openapi('GuestRestrictedRecord')

/**
 * 002 §7 "GET {api}/ship_sets/{id}/timeline (guest: /guest/{id})": the order as the signed-in
 * timeline reads it, less what 002 §1 and 000 §6 keep from guests. Kept: the header (name,
 * reference number, destination, status, the promise date; 002 §4 names only the delivery-date
 * indicator "not for guests"), the nodes and events of the node strip and the events panel, the
 * shipments the Location tab pins and the comment count. Left out: the estimated-delivery
 * indicator's dates and statuses, the follow state, the caller's notification settings, each node's
 * sensor group (002 §4 "never for guests"), tags, custom attributes and related orders (000 §6
 * "other extra cards"). Parsing with these schemas strips every other key.
 */
export const GuestTimelineNode = TimelineNode.omit({
	tracking_group_id: true,
	has_sensor_data: true,
	measurement_types: true,
}).openapi('GuestTimelineNode')

export const GuestTimelineShipSet = TimelineShipSet.pick({
	id: true,
	name: true,
	reference_number: true,
	status: true,
	location: true,
	promise_date: true,
	delivered: true,
	delivered_at: true,
	delivered_at_timezone_name: true,
	events: true,
	shipments: true,
	comments: true,
})
	.extend({ nodes: z.array(GuestTimelineNode) })
	.openapi('GuestTimelineShipSet')

/**
 * A comment as a guest reads it (002 §2 "Comments … The comment form appears only for
 * non-guests"): its author and the people it mentions by name only, no e-mail address or user id
 * (a name-less author reads 'Unknown user').
 */
export const GuestComment = CommentRecord.omit({
	user_id: true,
	email: true,
	first_name: true,
	last_name: true,
	mentioned_users: true,
})
	.extend({
		author: z.string(),
		mentioned_users: z.array(z.object({ id: z.string(), name: z.string() })),
	})
	.openapi('GuestComment')

export const GuestTimelineQuery = z.object({
	comments_offset: z.coerce
		.number()
		.int()
		.min(0)
		.max(1_000_000)
		.default(0)
		.openapi({
			description: `Where the page of ${COMMENT_PAGE_SIZE} comments starts (newest first)`,
		}),
})

/**
 * The guest notification choices (000 §2 "Guest notification setting: radio choices
 * only"; §5 "Guest notification must be one of the radio choices"). Of 002 §3's notif_type
 * values, 'nodes' needs the node checkboxes a guest does not get, so it is not offered.
 */
export const GUEST_NOTIF_TYPES = ['all_status', 'final_mile', 'delivered', 'no_notif'] as const
export type GuestNotifType = (typeof GUEST_NOTIF_TYPES)[number]
/** The radio labels (the spec names the values only). */
export const GUEST_NOTIF_LABELS: Record<GuestNotifType, string> = {
	all_status: 'All status updates',
	final_mile: 'Final mile updates',
	delivered: 'Delivered only',
	no_notif: 'No notifications',
}
export const GUEST_NOTIF_TYPE_MESSAGE = 'Choose one of the notification options.'

export const GuestRestrictedResponse = z
	.object({
		ship_set: GuestRestrictedRecord,
		/** The guest's own setting for this order, null until set. */
		notification: z.object({ notif_type: z.enum([...GUEST_NOTIF_TYPES, 'nodes']) }).nullable(),
		/** 002 §1 "guest data comes from the order's own documents and photos": newest first, at most 100 documents and the first 30 photos (002 §9 "request limit 30"). */
		documents: z.array(DocumentFile),
		photos: z.array(PhotoFile),
		/** How many photos the order has: past the first 30, the page reads GET …/photos?offset=. */
		photos_total_count: z.number().int(),
	})
	.openapi('GuestRestricted')
export type GuestRestrictedResponse = z.infer<typeof GuestRestrictedResponse>

/**
 * 000 §3 "Guest notification: view_type, notif_type, nodes, comments, promise_date". The
 * stored view type is the share's (customer or supply_chain), whatever is sent; nodes must
 * be empty (no 'nodes' choice for guests).
 */
export const GuestNotificationBody = z
	.object({
		notification: z.object({
			view_type: z.string().max(40).optional(),
			notif_type: z.enum(GUEST_NOTIF_TYPES, { error: GUEST_NOTIF_TYPE_MESSAGE }),
			nodes: z.array(z.string()).max(0, { error: 'Guests cannot choose nodes.' }).default([]),
			comments: z.boolean().default(false),
			promise_date: z.boolean().default(false),
		}),
	})
	.openapi('GuestNotificationRequest')
export type GuestNotificationBody = z.input<typeof GuestNotificationBody>

export const GuestNotificationResponse = z
	.object({
		notification: z.object({ view_type: z.string(), notif_type: z.enum(GUEST_NOTIF_TYPES) }),
	})
	.openapi('GuestNotification')

/** GET /guest/{id}: the order, a page of its comments, the guest's setting and the order's files. */
export const GuestTimelineResponse = z
	.object({
		ship_set: GuestTimelineShipSet,
		/** 002 §9 "Timeline comments: page size 20", newest first, from `comments_offset`. */
		comments: z.object({
			comments: z.array(GuestComment),
			total_count: z.number().int(),
			offset: z.number().int(),
			limit: z.number().int(),
		}),
		/** The guest's own setting for this order, null until set. */
		notification: z.object({ notif_type: z.enum([...GUEST_NOTIF_TYPES, 'nodes']) }).nullable(),
		/** As GET …/restricted answers them: documents newest first (at most 100), the first 30 photos and the count. */
		documents: z.array(DocumentFile),
		photos: z.array(PhotoFile),
		photos_total_count: z.number().int(),
	})
	.openapi('GuestTimeline')
export type GuestTimelineResponse = z.infer<typeof GuestTimelineResponse>

/** 002 §7 "GET /guest/{id}/nodes/{node}": one node of the guest link's order. */
export const GuestNodeParams = GuestParams.extend({ node: fileId('node') })

/**
 * The node as the signed-in call answers it (with its events, newest first), less what 002 §1 and
 * §7 withhold from guests: "no … sensor groups"; "Guest timelines skip measurement types and
 * tracking group items" (its tracking group, whether it has readings, its measurement types).
 */
export const GuestNode = NodeWithEvents.omit({
	tracking_group_id: true,
	has_sensor_data: true,
	measurement_types: true,
}).openapi('GuestNode')
export const GuestNodeResponse = z.object({ node: GuestNode }).openapi('GuestNodeResponse')
