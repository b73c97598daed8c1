import { z } from '@hono/zod-openapi'

/**
 * Ongoing Breaches (001 §2 "Ongoing Breaches screen", §3 "Ongoing breached order", "Ongoing list
 * response", §4 "Ongoing breaches", §7 GET /ongoing_breached_orders and GET
 * {supply-chain-host}/api/web/breached_order/{id}, §9). Wire names are snake_case; the web client
 * camelizes. Every answer is the caller's supply chain's only, for callers subscribed to the
 * TRACKER service (001 §6).
 *
 * What the spec leaves open, decided here:
 * - `shipment_name` is the tracking group's name: the sensor tracker's name for the shipment it
 *   follows (e.g. 'TG-SO-1001').
 * - `order_number` matches an affected order whose number starts with the text (equality is a
 *   prefix too), as typed or upper-cased, like the advanced search's order number.
 * - Newest first: the breach that started last comes first.
 * - Besides the spec's fields, each breach carries where it started (`attribution`: the node of
 *   the order's journey and who had the goods then), its start and last reading times, its time
 *   zone and whether it is still ongoing (the detail answers closed breaches too).
 */

/** 001 §7: "limit (default 15; the widget page uses 5)". */
export const ONGOING_PAGE_SIZE = 15
export const ONGOING_WIDGET_PAGE_SIZE = 5
export const ONGOING_MAX_LIMIT = 50

export const OngoingBreachesQuery = z.object({
	offset: z.coerce.number().int().min(0).max(100_000).default(0),
	limit: z.coerce.number().int().min(1).max(ONGOING_MAX_LIMIT).default(ONGOING_PAGE_SIZE),
	/** 001 §5 "Search text is trimmed before sending"; the API trims too. Empty: no filter. */
	order_number: z
		.string()
		.max(100)
		.optional()
		.transform((s) => s?.trim() || undefined)
		.openapi({
			description:
				'Only breaches affecting an order whose number starts with this text (trimmed; empty: all)',
			type: 'string',
		}),
})

export const BreachedOrderParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' }, description: 'The breached order id' }),
})

/** 001 §3: "item {itemType, name, measurableId}". */
export const BreachItem = z.object({
	item_type: z.string().openapi({ description: 'pallet | carton | shipset' }),
	name: z.string(),
	measurable_id: z.string(),
})

/** 001 §3: "shipSets [{id, name, timelineUrl}]"; timeline_url is relative ('/timeline/{id}'). */
export const BreachShipSet = z.object({
	id: z.string(),
	name: z.string(),
	timeline_url: z.string(),
})

/**
 * 001 §3: "Each summary has sensorTypeCode, firstEvent {summary, eventAt}, minThresholdValue,
 * maxThresholdValue, sensorUomCode."
 */
export const MeasurementExceptionSummary = z
	.object({
		sensor_type_code: z.string(),
		first_event: z.object({ summary: z.string(), event_at: z.string() }),
		min_threshold_value: z.number().nullable(),
		max_threshold_value: z.number().nullable(),
		sensor_uom_code: z.string(),
	})
	.openapi('MeasurementExceptionSummary')

/**
 * Where the order was when the breach started, and who had it (its attribution): the node
 * of its journey (its building type and a link to it on the timeline, `/timeline/{id}?nodeId=…`)
 * and the custodian (carrier and tracking number, or the facility). Null fields: not known.
 */
export const BreachAttribution = z
	.object({
		node: z
			.object({
				id: z.string(),
				building_type: z.string(),
				ship_set_id: z.string(),
				ship_set_name: z.string(),
				timeline_url: z.string(),
			})
			.nullable(),
		custodian: z.string().nullable(),
	})
	.openapi('BreachAttribution')

/** 001 §3 "Ongoing breached order", plus the attribution and times. */
export const OngoingBreachedOrder = z
	.object({
		breached_order_id: z.string(),
		shipment_name: z.string(),
		device_type_name: z.string().nullable(),
		item: BreachItem,
		ship_sets: z.array(BreachShipSet),
		/** The breached sensor types' codes, sorted. */
		sensor_types: z.array(z.string()),
		tracking_group_id: z.string(),
		/**
		 * "Breached-order links open server-supplied relative URLs in new tabs: … trackingGroupUrl to
		 * the sensor-tracker application" (001 §2): '/groups/{id}', relative to the tracker's address
		 * (IOT_TRACKER_URL), which the web app knows. The historical answer carries the same.
		 */
		tracking_group_url: z.string(),
		measurement_exception_summaries: z.array(MeasurementExceptionSummary),
		attribution: BreachAttribution,
		first_event_at: z.string(),
		last_event_at: z.string(),
		/** The zone the breach's times are shown in (IANA). */
		timezone: z.string(),
		ongoing: z.boolean(),
	})
	.openapi('OngoingBreachedOrder')
export type OngoingBreachedOrder = z.infer<typeof OngoingBreachedOrder>

/** 001 §3 "Ongoing list response: ongoingBreachOrders, totalOngoingBreaches." */
export const OngoingBreachesResponse = z
	.object({
		ongoing_breach_orders: z.array(OngoingBreachedOrder),
		total_ongoing_breaches: z.number().int(),
	})
	.openapi('OngoingBreachedOrders')

/** 001 §7: "GET {supply-chain-host}/api/web/breached_order/{id} … breachedOrder". */
export const BreachedOrderResponse = z
	.object({ breached_order: OngoingBreachedOrder })
	.openapi('BreachedOrder')

/**
 * The tracking group's page in the IoT tracker, relative to the tracker's address: the path the
 * timeline's Sensor Data tab links to as well ('{IOT_TRACKER_URL}/groups/{id}'). Both breach
 * answers (ongoing and historical) carry it.
 */
export function trackingGroupPath(trackingGroupId: string): string {
	return `/groups/${encodeURIComponent(trackingGroupId)}`
}
