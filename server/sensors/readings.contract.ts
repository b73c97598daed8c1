import { z } from '@hono/zod-openapi'

/**
 * Readings in ("Where breaches come from"): a device gateway posts a batch of readings of
 * one tracking group's items with its supply chain's machine key. The batch is validated whole (a
 * bad reading refuses it with 400 naming `readings.N.field`; nothing is stored), idempotent on
 * (item, type, time), and breach detection runs in the same transaction.
 */

/** The most readings one batch may carry. */
export const READINGS_BATCH_MAX = 5000
/** A reading may be at most this far in the future (device clocks drift). */
export const READING_FUTURE_SLACK_MS = 5 * 60_000

export const MEASUREMENT_CODES = [
	'humidity',
	'light',
	'pressure',
	'shock',
	'temperature',
	'tilt',
] as const

export const ReadingIn = z
	.object({
		/** The tracker's id of the item (tracking_group_items.measurable_id). */
		measurable_id: z.string().trim().min(1).max(200),
		/** A measurement type code. */
		type: z.enum(MEASUREMENT_CODES),
		measure_at: z.iso.datetime({ offset: true }),
		value: z.number().finite(),
	})
	.openapi('ReadingIn')

export const ReadingsBody = z
	.object({ readings: z.array(ReadingIn).min(1).max(READINGS_BATCH_MAX) })
	.openapi('ReadingsBatch')

export const TrackingGroupIdParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' } }),
})

export const ReadingsResponse = z
	.object({
		/** Readings stored by this batch. */
		accepted: z.number().int(),
		/** Readings already stored before (same item, type and time): ignored. */
		duplicates: z.number().int(),
		/** Breaches this batch opened, extended or closed. */
		breaches: z.array(
			z.object({
				id: z.string(),
				measurable_id: z.string(),
				ongoing: z.boolean(),
				breach_count: z.number().int(),
				total_duration_seconds: z.number().int(),
			}),
		),
	})
	.openapi('ReadingsAccepted')
export type ReadingsResponse = z.infer<typeof ReadingsResponse>
