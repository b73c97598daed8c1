import { z } from '@hono/zod-openapi'
import { BreachAttribution } from './ongoing.contract'

/**
 * Historical Breaches (001 §2 "Historical Breaches screen", §3 "Historical summary", §4
 * "Historical search", §7 GET /historical_breached_orders, §9) and the claim pack of a breach.
 * Wire names are snake_case; the web client camelizes.
 *
 * A historical breach is a breached order that is no longer ongoing (breached_orders.ongoing =
 * false). It is in a date range when its first..last event overlaps the range.
 */

/** 001 §3 "Sensor types: humidity, light, pressure, shock, temperature, tilt." */
export const SENSOR_CODES = [
	'humidity',
	'light',
	'pressure',
	'shock',
	'temperature',
	'tilt',
] as const
export type SensorCode = (typeof SENSOR_CODES)[number]

/** 001 §7: "limit (default 5)"; 001 §9 "Historical breaches: … 5 rows per page". */
export const HISTORICAL_PAGE_SIZE = 5
export const HISTORICAL_MAX_LIMIT = 50
/** The longest order number a search takes (the header search's limit). */
export const ORDER_NUMBER_MAX = 200

const isoInstant = (field: string) =>
	z
		.string()
		.max(40)
		.optional()
		.refine(
			(s) =>
				s === undefined ||
				s === '' ||
				(/^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))),
			{
				message: 'must be an ISO 8601 date and time (UTC), e.g. 2026-11-01T00:00:00Z',
			},
		)
		.transform((s) => (s ? new Date(s) : undefined))
		.openapi({
			description: `${field} (ISO 8601, UTC)`,
			type: 'string',
			example: '2026-11-01T00:00:00Z',
		})

/**
 * GET /api/web/historical_breached_orders: "offset, limit (default 5), date_from, date_to,
 * sensors, optional order_number" (001 §7). "The historical page number is sent as 0-based page on
 * the widget variant and as offset in the tabbed variant" (001 §7): both are taken; `page` wins.
 */
export const HistoricalBreachesQuery = z.object({
	offset: z.coerce.number().int().min(0).max(100_000).default(0),
	page: z.coerce
		.number()
		.int()
		.min(0)
		.max(20_000)
		.optional()
		.openapi({ description: '0-based page; offset = page × limit' }),
	limit: z.coerce.number().int().min(1).max(HISTORICAL_MAX_LIMIT).default(HISTORICAL_PAGE_SIZE),
	date_from: isoInstant('Breaches whose last event is at or after this instant'),
	date_to: isoInstant('Breaches whose first event is at or before this instant'),
	sensors: z
		.string()
		.max(200)
		.optional()
		.transform((s, ctx) => {
			const codes = [
				...new Set(
					(s ?? '')
						.split(',')
						.map((x) => x.trim().toLowerCase())
						.filter(Boolean),
				),
			]
			for (const code of codes) {
				if (!(SENSOR_CODES as readonly string[]).includes(code)) {
					ctx.addIssue({
						code: 'custom',
						message: `unknown sensor '${code}': one of ${SENSOR_CODES.join(', ')}`,
					})
					return z.NEVER
				}
			}
			return codes as SensorCode[]
		})
		.openapi({
			description: `Comma-joined sensor codes (${SENSOR_CODES.join(', ')}); none for every sensor`,
			type: 'string',
			example: 'temperature,shock',
		}),
	/** 001 §5 "Search text is trimmed before sending." Matches the start of an affected order's number. */
	order_number: z
		.string()
		.max(ORDER_NUMBER_MAX)
		.optional()
		.transform((s) => (s?.trim() ? s.trim() : undefined))
		.openapi({
			description: 'The start of an affected order’s number (case-insensitive)',
			type: 'string',
		}),
})
/** A date_to before date_from answers 400 naming date_to (checked by the handler). */
export const DATE_ORDER_MESSAGE = 'must not be before date_from'

/** 001 §3: firstEvent and lastEvent {eventAt, timezone}. */
export const BreachEvent = z.object({ event_at: z.string(), timezone: z.string() })

/** One excursion's duration: seconds, above the max or below the min threshold. */
export const BreachDuration = z.object({
	value: z.number(),
	type: z.string().openapi({ description: "'above' or 'below'" }),
})

/** 001 §3 "sensors (map of sensor name to {count, thresholds {min, max}, durations [{value, type}], sensorUomCode})". */
export const HistoricalSensor = z
	.object({
		count: z.number().int(),
		thresholds: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
		durations: z.array(BreachDuration),
		sensor_uom_code: z.string(),
	})
	.openapi('HistoricalBreachSensor')

/** An affected order: its id, number and timeline (a relative URL, opened in a new tab, 001 §2). */
export const BreachShipSet = z.object({
	id: z.string(),
	name: z.string(),
	timeline_url: z.string(),
})

/** The tracked item the breach was reported for (001 §2 "Reported for {item type} {item name}"). */
export const BreachItem = z.object({
	item_type: z.string(),
	name: z.string(),
	measurable_id: z.string(),
})

/** 001 §3 "Historical summary", with the item and the attribution. */
export const HistoricalSummary = z
	.object({
		breached_order_id: z.string(),
		shipment_name: z.string(),
		device_type_name: z.string().nullable(),
		tracking_group_id: z.string(),
		/**
		 * "Breached-order links open server-supplied relative URLs in new tabs: … trackingGroupUrl to
		 * the sensor-tracker application" (001 §2): '/groups/{id}', relative to the tracker's address
		 * (IOT_TRACKER_URL), which the web app knows.
		 */
		tracking_group_url: z.string(),
		first_event: BreachEvent,
		last_event: BreachEvent,
		breach_count: z.number().int(),
		/** Seconds. */
		total_duration: z.number().int(),
		sensors: z.record(z.string(), HistoricalSensor),
		ship_sets: z.array(BreachShipSet),
		item: BreachItem,
		attribution: BreachAttribution,
	})
	.openapi('HistoricalBreachSummary')
export type HistoricalSummary = z.infer<typeof HistoricalSummary>

/** 001 §3: "The response also carries totalPages and totalOrders (list under orders)." */
export const HistoricalBreachesResponse = z
	.object({
		orders: z.array(HistoricalSummary),
		total_orders: z.number().int(),
		total_pages: z.number().int(),
		offset: z.number().int(),
		limit: z.number().int(),
	})
	.openapi('HistoricalBreachedOrders')

export const BreachedOrderParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' }, description: 'The breached order id' }),
})

/**
 * The claim pack's files ("A claim pack … with the readings, thresholds, breach periods,
 * attribution and the order's timeline, so a shipper can file a claim"). Readings are those of the
 * breached item and sensor types from CLAIM_PACK_MARGIN_HOURS before the breach's first event to
 * as long after its last.
 */
export const CLAIM_PACK_FILES = [
	'summary.txt',
	'readings.csv',
	'thresholds.csv',
	'breach_periods.csv',
	'timeline.csv',
] as const
export const CLAIM_PACK_MARGIN_HOURS = 2
