import { z } from '@hono/zod-openapi'
import { parsedSynchronously } from '../shared/common'
import { isTimeZone } from '../shared/time-zones'

/**
 * Data in (the ingestion API): orders (ship sets), shipments and events in one batch, sent
 * with a supply chain's machine key. "Idempotent on the caller's external ids (a repeated batch
 * changes nothing), batches validated whole with per-item errors, 100 to 10,000 items a batch":
 * a batch holds at most INGEST_BATCH_MAX items in all (we read "100 to 10,000" as the range a
 * sender should aim for, so a batch of 1 is taken too); one bad item refuses the batch with 400
 * and an issue per bad item (`events.3.event_at: …`), nothing written.
 *
 * The caller's ids: an order is its order number (unique per supply chain), a shipment its
 * `external_id`, an event its `external_id`. The CSV import (server/ingest/csv.ts) builds the same
 * items from its rows.
 */

/** The most items (orders + shipments + events) one batch may carry. */
export const INGEST_BATCH_MAX = 10_000

/**
 * On PGlite a batch holds the database's one connection while it is written, and every other
 * request (a page, a comment) waits for it: a batch there is at most PGLITE_BATCH_MAX items
 * (refused with 413 naming it), which ingests in about a tenth of a second (bench/RESULTS.md).
 */
export const PGLITE_BATCH_MAX = 1_000

export const batchMaxFor = (kind: 'pglite' | 'postgres') =>
	kind === 'pglite' ? PGLITE_BATCH_MAX : INGEST_BATCH_MAX

/** How many items (orders, shipments and events) a batch carries. */
export const batchItems = (b: { orders?: unknown[]; shipments?: unknown[]; events?: unknown[] }) =>
	(b.orders?.length ?? 0) + (b.shipments?.length ?? 0) + (b.events?.length ?? 0)
/** The scopes of machine keys: what a key may write. */
export const INGEST_SCOPES = ['orders:write', 'events:write', 'readings:write'] as const

export const SHIP_SET_BUILDING_TYPES = [
	'Factory',
	'Transit',
	'Transit Hub',
	'DC',
	'Customer',
	'Damage',
] as const
export const INGEST_EVENT_TYPES = ['transit', 'delivered', 'exception', 'info'] as const

const text = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable()

export const TimeZone = z
	.string()
	.trim()
	.max(64)
	.refine(isTimeZone, 'must be an IANA time zone name, e.g. America/Chicago')
	.openapi({ example: 'America/Chicago' })

/** An instant with its offset, e.g. 2026-11-02T14:30:00-05:00 (or Z). */
export const Instant = z.iso
	.datetime({ offset: true })
	.openapi({ example: '2026-11-02T14:30:00-05:00' })

export const LocationIn = z
	.object({
		name: text(200),
		street1: optionalText(200),
		street2: optionalText(200),
		city: optionalText(100),
		state: optionalText(100),
		postal_code: optionalText(20),
		/** ISO 3166-1 alpha-2, e.g. US. */
		country: z
			.string()
			.trim()
			.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code, e.g. US')
			.transform((v) => v.toUpperCase())
			.optional()
			.nullable(),
		latitude: z.number().min(-90).max(90).optional().nullable(),
		longitude: z.number().min(-180).max(180).optional().nullable(),
		timezone: TimeZone.optional().nullable(),
	})
	.openapi('IngestLocation')
export type LocationIn = z.infer<typeof LocationIn>

export const OrderIn = z
	.object({
		/** The order number: the order's id for the sender and in Waymark (unique per supply chain). */
		order_number: text(100),
		reference_number: optionalText(100),
		order_type: optionalText(100),
		/** Only the administrative ends; every other status follows from the order's events. */
		status: z.enum(['cancelled', 'closed']).optional().nullable(),
		final_location: LocationIn.optional().nullable(),
		promise_date: Instant.optional().nullable(),
		/** The final-mile estimated delivery of the whole order (else its final-mile shipment's). */
		estimated_delivery_date: Instant.optional().nullable(),
		estimated_delivery_timezone: TimeZone.optional().nullable(),
		delivery_value: z.number().min(0).max(1e11).optional().nullable(),
		tags: z.array(text(100)).max(50).optional(),
		/** Custom attributes by name (made as text attributes of orders when new). */
		custom_attributes: z.record(text(100), z.string().trim().max(1000)).optional(),
	})
	.openapi('IngestOrder')
export type OrderIn = z.infer<typeof OrderIn>

export const ShipmentIn = z
	.object({
		external_id: text(200),
		order_number: text(100),
		/** A carrier of the supply chain, by code or name (e.g. UPS-GND or UPS). */
		carrier: optionalText(100),
		tracking_number: optionalText(100),
		final_mile: z.boolean().optional(),
		shipped_at: Instant.optional().nullable(),
		shipped_at_timezone: TimeZone.optional().nullable(),
		estimated_delivery_date: Instant.optional().nullable(),
		estimated_delivery_timezone: TimeZone.optional().nullable(),
		shipper: LocationIn.optional().nullable(),
		consignee: LocationIn.optional().nullable(),
		service_level: optionalText(100),
		service_type: optionalText(100),
		weight: z.number().min(0).max(1e9).optional().nullable(),
		weight_unit: optionalText(10),
		pallet_number: optionalText(100),
		carton_number: optionalText(100),
		references: z
			.array(z.object({ type: text(50), value: text(200) }))
			.max(20)
			.optional(),
		/**
		 * Another shipment of the same order (its external_id) travelling side by side with this one on
		 * the same leg: the two are one grouped Transit node on the strip (as a line haul and its final
		 * mile handed over at one dock). Read when this shipment is first stored.
		 */
		travels_with: optionalText(200),
	})
	.openapi('IngestShipment')
export type ShipmentIn = z.infer<typeof ShipmentIn>

export const EventIn = z
	.object({
		external_id: text(200),
		order_number: text(100),
		/** The shipment it happened to (its external_id), when one. */
		shipment_external_id: optionalText(200),
		title: text(200),
		type: z.enum(INGEST_EVENT_TYPES),
		event_at: Instant,
		/** The zone of the place it happened in; the times are shown in it. */
		timezone: TimeZone,
		/** Where on the journey: a Transit event with a shipment belongs to that shipment's node. */
		node: z.object({
			building_type: z.enum(SHIP_SET_BUILDING_TYPES),
			location: LocationIn.optional().nullable(),
			damage_category: optionalText(100),
			damage_notes: optionalText(2000),
		}),
		/** The place as the carrier reports it, e.g. 'Louisville, KY, US' (default: the node's city, state, country). */
		location_text: optionalText(200),
		/** Semicolons show as line breaks. */
		summary: optionalText(2000),
		/** A stale event is kept and shown as such, but moves nothing. */
		stale: z.boolean().optional(),
		/** An exception's issue type code (the Issues Log's types), e.g. WEATHER_DELAY (code or name). */
		issue_type: optionalText(50),
	})
	.openapi('IngestEvent')
export type EventIn = z.infer<typeof EventIn>

export const IngestBody = parsedSynchronously(
	z
		.object({
			orders: z.array(OrderIn).max(INGEST_BATCH_MAX).optional(),
			shipments: z.array(ShipmentIn).max(INGEST_BATCH_MAX).optional(),
			events: z.array(EventIn).max(INGEST_BATCH_MAX).optional(),
		})
		.superRefine((b, ctx) => {
			const n = batchItems(b)
			if (n === 0)
				ctx.addIssue({
					code: 'custom',
					path: [],
					message: 'a batch needs at least one order, shipment or event',
				})
			if (n > INGEST_BATCH_MAX)
				ctx.addIssue({
					code: 'custom',
					path: [],
					message: `a batch holds at most ${INGEST_BATCH_MAX} items (this one ${n})`,
				})
		})
		.openapi('IngestBatch'),
)
export type IngestBody = z.infer<typeof IngestBody>

const Counts = z.object({
	created: z.number().int(),
	updated: z.number().int(),
	unchanged: z.number().int(),
})
export const IngestResponse = z
	.object({
		orders: Counts,
		shipments: Counts,
		events: Counts,
		/** Orders whose status this batch moved. */
		status_changes: z.number().int(),
	})
	.openapi('IngestAccepted')
export type IngestResponse = z.infer<typeof IngestResponse>
