import { z } from '@hono/zod-openapi'
import {
	CarrierName,
	EventShipmentStatus,
	TimelineEvent,
	TimelineLocation,
	TimelineNode,
} from '../timeline/timeline.contract'

/**
 * The public order tracker's two calls (000 §7 "GET /public_order_tracker/search" and
 * "GET /public_order_tracker/{ssid}/timeline") and the public entities of 000 §3. These
 * schemas are the whole of what an anonymous caller may learn about an order: no
 * comments, documents, photos, users, notes, custom attributes, sensor data, prices or
 * addresses beyond city, state and country.
 */

export const SHIP_SET_STATUS = z.enum([
	'pending',
	'in_process',
	'in_transit',
	'delivered',
	'cancelled',
	'closed',
])
export type ShipSetStatusCode = z.infer<typeof SHIP_SET_STATUS>

export const PublicTrackerHeaders = z.object({
	'x-supply-chain': z.string().min(1).openapi({
		description: 'The supply chain (organization slug) typed by the visitor',
		example: 'acme',
	}),
})

export const PublicSearchQuery = z.object({
	query_string: z.string().trim().min(1).max(100).openapi({
		description: 'An order number, reference number or shipment tracking number (exact match)',
		example: 'PO-7781',
	}),
	order_by: z.enum(['order_number', 'reference_number']).default('order_number'),
	order: z.enum(['asc', 'desc']).default('asc'),
	page_no: z.coerce.number().int().min(1).max(10_000).default(1),
	per_page: z.coerce
		.number()
		.pipe(z.literal(10))
		.optional()
		.openapi({ description: 'Fixed at 10 (000 §9 "Public results: 10 per page")' }),
})

/** A place as the public tracker shows it: city, state and country only. */
export const PublicPlace = TimelineLocation.pick({ city: true, state: true, country: true })

/** 000 §3 "Public search result". last_status_type: exception, transit or other. */
export const PublicSearchRow = z
	.object({
		ship_set_id: z.string(),
		order_number: z.string(),
		reference_number: z.string().nullable(),
		city: z.string().nullable(),
		state: z.string().nullable(),
		country: z.string().nullable(),
		order_status: SHIP_SET_STATUS,
		last_status: z.string().nullable(),
		last_status_at: z.string().nullable(),
		last_status_type: z.enum(['exception', 'transit', 'other']).nullable(),
		last_status_timezone: z.string().nullable(),
		carrier: z.string().nullable(),
		tracking_number: z.string().nullable(),
	})
	.openapi('PublicSearchRow')
export type PublicSearchRow = z.infer<typeof PublicSearchRow>

export const PublicSearchResponse = z
	.object({ total_count: z.number().int(), ship_sets: z.array(PublicSearchRow) })
	.openapi('PublicSearch')

export const TimelineParams = z.object({
	ssid: z
		.string()
		.max(64)
		.openapi({ param: { name: 'ssid', in: 'path' }, description: 'The ship set id' }),
})

/** 000 §3 "Node (public)". Nodes sharing a position form one group, ordered by position_in_group. */
export const PublicNode = TimelineNode.pick({
	id: true,
	building_type: true,
	last_event_at: true,
	icon_class: true,
	source: true,
	connectable_id: true,
	with_exception_event: true,
	position: true,
	position_in_group: true,
})
	.extend({ location: PublicPlace.nullable() })
	.openapi('PublicNode')

/** 000 §3 "Event (public)": no summary, no people, no notes. */
export const PublicEvent = TimelineEvent.pick({
	id: true,
	title: true,
	event_at: true,
	event_type: true,
	stale_at: true,
	node_id: true,
	timezone_name: true,
	blockchain_verified: true,
})
	.extend({ shipment_status: EventShipmentStatus })
	.openapi('PublicEvent')

/** 000 §3 "Shipment (public)". */
export const PublicShipment = z
	.object({
		id: z.string(),
		tracking_number: z.string().nullable(),
		delivery_date: z.string().nullable(),
		delivery_date_timezone: z.string().nullable(),
		carrier: CarrierName.nullable(),
		shipper: PublicPlace.nullable(),
		consignee: PublicPlace.nullable(),
	})
	.openapi('PublicShipment')

/** 000 §3 "groupedNodes (groups keyed by node)": keyed by the group's first node. */
export const PublicNodeGroup = z.object({
	key: z.string(),
	position: z.number().int(),
	node_ids: z.array(z.string()),
})

export const PublicTimelineResponse = z
	.object({
		data: z.object({
			ship_set: z.object({
				name: z.string(),
				reference_number: z.string().nullable(),
				location: PublicPlace.nullable(),
				status: SHIP_SET_STATUS,
				nodes: z.array(PublicNode),
				grouped_nodes: z.array(PublicNodeGroup),
				events: z.array(PublicEvent),
				shipments: z.array(PublicShipment),
			}),
		}),
	})
	.openapi('PublicTimeline')
export type PublicTimelineResponse = z.infer<typeof PublicTimelineResponse>
