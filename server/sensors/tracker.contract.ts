import { z } from '@hono/zod-openapi'

/**
 * The tracking API ({api2} = /api/tracker/1.0) behind the timeline's sensor data
 * (002 §7, the five {api2} rows; fields of 002 §3 "Measurement", "Measurement type",
 * "Threshold setting", "Tracking group item", "Tracking group drivers"). Every call needs
 * the profile permission TRACKER.DEFAULT (002 §5 "Sensor data requires the profile
 * permission TRACKER.DEFAULT") and is scoped to the caller's supply chain.
 */

export const TrackingGroupParams = z.object({
	id: z
		.string()
		.uuid()
		.openapi({ param: { name: 'id', in: 'path' }, description: 'The tracking group id' }),
})

export const MeasurementType = z
	.object({
		id: z.string(),
		code: z.string(),
		name: z.string(),
		measurement_type_uoms: z.array(z.object({ code: z.string(), display_name: z.string() })),
	})
	.openapi('MeasurementType')

export const MeasurementTypesResponse = z
	.object({ measurement_types: z.array(MeasurementType) })
	.openapi('MeasurementTypes')

export const TrackingGroupDriversResponse = z
	.object({
		tracking_group_drivers: z.array(
			z.object({
				id: z.string(),
				name: z.string(),
				phone_number: z.string().nullable(),
				license_plate: z.string().nullable(),
			}),
		),
	})
	.openapi('TrackingGroupDrivers')

/** item_type: pallet | carton | shipset; measurable_id keys the item's measurements. */
export const TrackingGroupItemsResponse = z
	.object({
		tracking_group_items: z.array(
			z.object({
				id: z.string(),
				name: z.string(),
				item_type: z.string(),
				measurable_id: z.string(),
				tracking_group_item_references: z.array(
					z.object({ id: z.string(), reference_type: z.string(), value: z.string() }),
				),
			}),
		),
	})
	.openapi('TrackingGroupItems')

/** "Threshold setting: min and max per measurement type" (002 §3). */
export const ThresholdSettingsResponse = z
	.object({
		tracking_group_threshold_settings: z.array(
			z.object({
				id: z.string(),
				measurement_type_id: z.string(),
				measurement_type_code: z.string(),
				min: z.number().nullable(),
				max: z.number().nullable(),
			}),
		),
	})
	.openapi('ThresholdSettings')

/** Readings answered by one call of the date-range form, at most (the earliest in the range). */
export const MAX_RANGE_MEASUREMENTS = 10_000
/** The largest `last`. */
export const MAX_LAST_MEASUREMENTS = 1000

const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Invalid date' })

/**
 * "query measurable_id, type, last; or measure_date_from, measure_date_to" (002 §7):
 * `last` = the newest n readings; otherwise every reading in [from, to]. Either way
 * the readings come oldest first.
 */
export const MeasurementsQuery = z
	.object({
		measurable_id: z
			.string()
			.min(1)
			.max(200)
			.openapi({ description: 'The tracked item (tracking group item measurable_id)' }),
		type: z.string().min(1).max(100).openapi({
			description: 'The measurement type code, e.g. temperature',
			example: 'temperature',
		}),
		last: z.coerce
			.number()
			.int()
			.min(1)
			.max(MAX_LAST_MEASUREMENTS)
			.optional()
			.openapi({ description: 'The newest n readings' }),
		measure_date_from: isoDate
			.optional()
			.openapi({ description: 'ISO 8601 start of the range (inclusive)' }),
		measure_date_to: isoDate
			.optional()
			.openapi({ description: 'ISO 8601 end of the range (inclusive)' }),
	})
	.superRefine((q, ctx) => {
		const range = q.measure_date_from !== undefined || q.measure_date_to !== undefined
		if (q.last === undefined && !range) {
			ctx.addIssue({
				code: 'custom',
				path: ['last'],
				message: 'give last, or measure_date_from and measure_date_to',
			})
		} else if (q.last !== undefined && range) {
			ctx.addIssue({
				code: 'custom',
				path: ['last'],
				message: 'give last or a date range, not both',
			})
		} else if (range && (q.measure_date_from === undefined || q.measure_date_to === undefined)) {
			ctx.addIssue({
				code: 'custom',
				path: ['measure_date_from'],
				message: 'measure_date_from and measure_date_to go together',
			})
		} else if (range && Date.parse(q.measure_date_from!) > Date.parse(q.measure_date_to!)) {
			ctx.addIssue({
				code: 'custom',
				path: ['measure_date_from'],
				message: 'must not be after measure_date_to',
			})
		}
	})

export const MeasurementsResponse = z
	.object({ measurements: z.array(z.object({ measure_at: z.string(), value: z.number() })) })
	.openapi('Measurements')
export type MeasurementsResponse = z.infer<typeof MeasurementsResponse>
