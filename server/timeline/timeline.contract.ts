import { z } from '@hono/zod-openapi'
import { NotificationState } from './notification-state.contract'
import { COMMENT_PAGE_SIZE, CommentsPage } from '../comments/comments.contract'

/**
 * GET /api/web/ship_sets/{id}/timeline (002 §7, first row; fields of 002 §3 "Ship set",
 * "Node", "Event", "Shipment (list row)"; 000 §3 "Timeline event", "Node location").
 * Wire format snake_case; times ISO 8601 UTC; zones IANA names.
 */

export const TimelineParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' }, description: 'The ship set id' }),
})

/**
 * `comments`: how many of the order's newest comments to answer beside it, as the first page of
 * GET …/comments with that limit (0, the default: none). The timeline page shows the newest few
 * in its Order Comments panel, or the Comments tab's first page (002 §2, §9 page size 20).
 */
export const TimelineQuery = z.object({
	comments: z.coerce
		.number()
		.int()
		.min(0)
		.max(COMMENT_PAGE_SIZE)
		.default(0)
		.openapi({
			description: `The newest comments to answer beside the order (0–${COMMENT_PAGE_SIZE}; 0: none)`,
		}),
})

export const TimelineLocation = z
	.object({
		name: z.string(),
		street1: z.string().nullable(),
		street2: z.string().nullable(),
		city: z.string().nullable(),
		state: z.string().nullable(),
		postal_code: z.string().nullable(),
		country: z.string().nullable(),
		latitude: z.number().nullable(),
		longitude: z.number().nullable(),
		timezone: z.string().nullable(),
	})
	.openapi('TimelineLocation')

export const TimelineNode = z
	.object({
		id: z.string(),
		building_type: z.string(),
		last_event_at: z.string().nullable(),
		icon_class: z.string().nullable(),
		source: z.string(),
		final_mile: z.boolean(),
		with_exception_event: z.boolean(),
		connectable_id: z.string().nullable(),
		tracking_group_id: z.string().nullable(),
		/** Whether the node's tracking group has any reading (the Tracker tab shows only then, 002 §4). */
		has_sensor_data: z.boolean(),
		/** The measurement types with readings in its tracking group, by name (002 §2 the stream view's measurement type filter). */
		measurement_types: z.array(z.object({ code: z.string(), name: z.string() })),
		position: z.number().int(),
		position_in_group: z.number().int(),
		location: TimelineLocation.nullable(),
		damage_category: z.string().nullable(),
		damage_notes: z.string().nullable(),
	})
	.openapi('TimelineNode')

/** 002 §3 "Event": its type. */
export const EVENT_TYPE = z.enum(['transit', 'delivered', 'exception', 'info'])

/** An event's "shipmentStatus.locationAt" (000 §3), as the public and guest events carry it. */
export const EventShipmentStatus = z.object({ location_at: z.string().nullable() })

/** A carrier as the public and guest views name it. */
export const CarrierName = z.object({ name: z.string() })

export const TimelineEvent = z
	.object({
		id: z.string(),
		node_id: z.string().nullable(),
		title: z.string(),
		summary: z.string().nullable(),
		event_at: z.string(),
		timezone_name: z.string().nullable(),
		event_type: EVENT_TYPE,
		stale_at: z.string().nullable(),
		blockchain_verified: z.boolean(),
		location_at: z.string().nullable(),
	})
	.openapi('TimelineEvent')

export const TimelineShipment = z
	.object({
		id: z.string(),
		tracking_number: z.string().nullable(),
		status: z.string(),
		manually_created: z.boolean(),
		final_mile: z.boolean(),
		carrier: z.object({ name: z.string(), conveyance_type: z.string() }).nullable(),
		/** For the Location tab's consignee (C) and shipper (S) pins (002 §2 "Right-hand tabs"). */
		shipper: TimelineLocation.nullable(),
		consignee: TimelineLocation.nullable(),
	})
	.openapi('TimelineShipment')

export const TimelineShipSet = z
	.object({
		id: z.string(),
		name: z.string(),
		reference_number: z.string().nullable(),
		status: z.string(),
		location: TimelineLocation.nullable(),
		promise_date: z.string().nullable(),
		delivered: z.boolean(),
		delivered_at: z.string().nullable(),
		delivered_at_timezone_name: z.string().nullable(),
		shipment_delivery_date: z.string().nullable(),
		shipment_delivery_date_timezone: z.string().nullable(),
		shipment_delivery_status: z.string().nullable(),
		days_before: z.number().int(),
		final_miles_with_shipping_method: z.array(z.string()),
		following: z.boolean(),
		/** The caller's notification settings for the order (002 §4 "Notifications"): the dropdown's values. */
		notification: NotificationState,
		nodes: z.array(TimelineNode),
		events: z.array(TimelineEvent),
		shipments: z.array(TimelineShipment),
		tags: z.array(z.object({ id: z.string(), name: z.string() })),
		custom_attributes: z.array(
			z.object({ id: z.string(), name: z.string(), value: z.string(), data_type: z.string() }),
		),
		/** The newest 5 documents (002 §9 page size 5) and the count. */
		documents: z.object({
			total_count: z.number().int(),
			files: z.array(
				z.object({
					id: z.string(),
					file_file_name: z.string(),
					file_content_type: z.string(),
					document_type: z.object({ name: z.string(), code: z.string() }).nullable(),
					other_document_type: z.string().nullable(),
					blockchain_verified: z.boolean(),
					created_at: z.string(),
				}),
			),
		}),
		/** The newest 30 photos (002 §9 request limit 30) and the count. */
		photos: z.object({
			total_count: z.number().int(),
			files: z.array(
				z.object({
					id: z.string(),
					image_file_name: z.string(),
					notes: z.string().nullable(),
					updated_at: z.string(),
				}),
			),
		}),
		comments: z.object({ total_count: z.number().int() }),
		/** The first 5 related orders, both directions (002 §9 page size 5), and their count. */
		related_ship_sets: z.object({
			total_count: z.number().int(),
			items: z.array(
				z.object({ id: z.string(), ship_set_id: z.string(), ship_set_name: z.string() }),
			),
		}),
	})
	.openapi('TimelineShipSet')

export const TimelineResponse = z
	.object({
		ship_set: TimelineShipSet,
		/** The newest comments when asked (`comments` > 0): the first page of GET …/comments with that limit. */
		comments: CommentsPage.optional(),
	})
	.openapi('Timeline')
export type TimelineResponse = z.infer<typeof TimelineResponse>

export const ShipmentParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' }, description: 'The ship set id' }),
	shipmentId: z
		.string()
		.uuid()
		.openapi({ param: { name: 'shipmentId', in: 'path' }, description: 'The shipment id' }),
})

/** 002 §3 "Shipment details". */
export const ShipmentDetailsResponse = z
	.object({
		shipment: z.object({
			id: z.string(),
			tracking_number: z.string().nullable(),
			status: z.string(),
			carrier: z.object({ name: z.string(), conveyance_type: z.string() }).nullable(),
			delivered_at: z.string().nullable(),
			estimated_delivery_date: z.string().nullable(),
			estimated_delivery_date_timezone: z.string().nullable(),
			final_mile: z.boolean(),
			weight: z.number().nullable(),
			weight_unit: z.string().nullable(),
			shipped_at: z.string().nullable(),
			shipped_at_tz: z.string().nullable(),
			service_level: z.string().nullable(),
			service_type: z.string().nullable(),
			shipper: TimelineLocation.nullable(),
			consignee: TimelineLocation.nullable(),
			eta: z.string().nullable(),
			eta_timezone: z.string().nullable(),
			origin_port: z.string().nullable(),
			destination_port: z.string().nullable(),
			custom_attributes: z.array(
				z.object({ id: z.string(), name: z.string(), value: z.string(), data_type: z.string() }),
			),
		}),
	})
	.openapi('ShipmentDetails')
export type ShipmentDetailsResponse = z.infer<typeof ShipmentDetailsResponse>
